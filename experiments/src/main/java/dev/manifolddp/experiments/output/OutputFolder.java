package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.data.OverwriteGuard;
import java.nio.file.Path;

/**
 * Where a run writes: {@code --out DIR}, or {@code results/<name>} below the working directory. Checked before the
 * run starts by {@link OverwriteGuard#requireFolder}, so that no result is lost: a folder that already holds files is
 * refused unless {@code --force}, and a folder that cannot be created is reported at once rather than after the run.
 */
public final class OutputFolder {

    /** The root of the default output folders, relative to the working directory. */
    public static final Path ROOT = Path.of("results");

    private OutputFolder() {
    }

    /**
     * The output folder of a run named {@code name} ({@code --out} when given), checked: {@code force} allows writing
     * into a folder that already holds files (the files mdp writes are overwritten, others are left alone).
     *
     * @throws IllegalArgumentException naming {@code --out} or {@code name} and what to do
     */
    public static Path resolve(Path out, String name, boolean force) {
        String key = out != null ? "--out" : "name";
        Path folder;
        if (out != null) {
            if (out.toString().isBlank()) {
                throw new IllegalArgumentException("--out must name a folder. Provided value: (empty)");
            }
            folder = out;
        } else {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("name: the experiment name must not be empty");
            }
            folder = ROOT.resolve(name).normalize();
            if (!folder.startsWith(ROOT) || folder.equals(ROOT) || folder.getNameCount() != 2) {
                throw new IllegalArgumentException("name: the output folder must be one plain folder below "
                        + ROOT + "/. Provided value: " + name);
            }
        }
        OverwriteGuard.requireFolder(folder, force, key);
        return folder;
    }
}
