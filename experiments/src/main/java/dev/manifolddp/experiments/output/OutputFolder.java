package dev.manifolddp.experiments.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where a run writes: {@code --out DIR}, or {@code results/<name>} below the working directory. Checked before the
 * run starts, so that no result is lost: a folder that already holds files is refused unless {@code --force}, and a
 * folder that cannot be created is reported at once rather than after the run.
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
        requireWritable(folder, force, key);
        return folder;
    }

    private static void requireWritable(Path folder, boolean force, String key) {
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new IllegalArgumentException(String.format("%s: the output folder %s exists and is not a folder; "
                    + "choose another%s", key, folder, key.equals("--out") ? " --out" : " name, or pass --out DIR"));
        }
        if (Files.isDirectory(folder)) {
            long files = count(folder);
            if (files > 0 && !force) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the output folder %s already holds "
                        + "%d file(s); mdp does not overwrite results: choose another %s, move the files away, or "
                        + "pass --force to overwrite them", key, folder, files,
                        key.equals("--out") ? "--out" : "name or --out DIR"));
            }
            if (!Files.isWritable(folder)) {
                throw new IllegalArgumentException(String.format("%s: the output folder %s is not writable; choose "
                        + "another --out", key, folder));
            }
            return;
        }
        Path existing = folder.toAbsolutePath().getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && (!Files.isDirectory(existing) || !Files.isWritable(existing))) {
            throw new IllegalArgumentException(String.format("%s: the output folder %s cannot be created: %s is %s; "
                    + "choose another --out", key, folder, existing, Files.isDirectory(existing) ? "not writable"
                    : "not a folder"));
        }
    }

    private static long count(Path folder) {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.count();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the output folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
