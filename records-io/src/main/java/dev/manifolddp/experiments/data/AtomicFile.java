package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file all at once: the content goes to a temporary file in the target's folder, which then becomes the
 * target in one step, so a reader (or a crash) sees the old content or the new one, never a half-written file.
 * Without {@code replace} an existing target is never touched: the new name is made with a hard link, which fails
 * atomically when the name exists.
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /**
     * Writes {@code content} to {@code target}.
     *
     * @param replace whether an existing target may be replaced
     * @throws IllegalArgumentException naming {@code target} (and {@code flag}, the option that named it) when it
     *     exists and {@code replace} is false, or when it cannot be written
     */
    public static void write(Path target, byte[] content, boolean replace, String flag) {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        Path temporary = null;
        try {
            Files.createDirectories(folder);
            temporary = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
            Files.write(temporary, content);
            if (replace) {
                try {
                    Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE,
                            StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
                }
            } else {
                try {
                    Files.createLink(absolute, temporary);
                } catch (UnsupportedOperationException e) {
                    Files.move(temporary, absolute);
                }
            }
        } catch (FileAlreadyExistsException e) {
            throw OverwriteGuard.exists(flag, target);
        } catch (IOException e) {
            throw new IllegalArgumentException(String.format("cannot write %s %s: %s (%s)", flag, target,
                    e.getMessage(), e.getClass().getSimpleName().replace("Exception", "")), e);
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // a leftover hidden temporary file is harmless; the target is already in place or untouched
                }
            }
        }
    }
}
