package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The one rule of every command that writes: an existing result is replaced only with {@code --force}, and the
 * refusal says which flag (or configuration key) named the path and what to do. Commands check their output folder
 * ({@link #requireFolder}) and files ({@link #requireFile}) before anything is computed; {@link AtomicFile} applies
 * the same rule at the moment of writing (a file that appeared in the meantime), with the same message.
 */
public final class OverwriteGuard {

    private OverwriteGuard() {
    }

    /**
     * Refuses an output folder that holds files unless {@code force}, that is not a folder, or that cannot be written
     * or created.
     *
     * @param key {@code --out}, or {@code name} when the folder comes from the experiment's name
     */
    public static void requireFolder(Path folder, boolean force, String key) {
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

    /**
     * Refuses an output file that is a folder, or that exists unless {@code force}.
     *
     * @param named    the path as the user gave it (the message shows it)
     * @param resolved the same path with links and {@code ..} resolved (what gets written)
     */
    public static void requireFile(String flag, Path named, Path resolved, boolean force) {
        if (Files.isDirectory(resolved)) {
            throw new IllegalArgumentException(flag + " " + named + " is a folder; give a file name");
        }
        if (!force && Files.exists(resolved)) {
            throw exists(flag, named);
        }
    }

    /** The refusal of an existing file without {@code --force}. */
    static IllegalArgumentException exists(String flag, Path file) {
        return new IllegalArgumentException(String.format("%s %s already exists and was left unchanged; choose "
                + "another file or pass --force to replace it", flag, file));
    }

    private static long count(Path folder) {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.count();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the output folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
