package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The check every reader of a user's file makes before opening it: the path must name an existing regular file (or a
 * link to one). A named pipe would block the read until some other process writes to it (forever, for a pipe nobody
 * feeds), a device can be endless ({@code /dev/zero}) and a folder has no bytes to read; each is refused by name
 * before it is opened.
 */
public final class InputFile {

    /** The file-type bits of a Unix mode ({@code S_IFMT}) and the types a message names. */
    private static final int TYPE_BITS = 0170000;
    private static final int NAMED_PIPE = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private InputFile() {
    }

    /**
     * Refuses {@code file} unless it is a regular file.
     *
     * @param what what the file is, first word of the message (e.g. {@code "data file"} or {@code "--input"})
     * @throws IllegalArgumentException naming {@code what} and the path when the file is missing, a folder, a named
     *     pipe, a device, a socket or unreadable
     */
    public static void requireRegular(Path file, String what) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(what + " not found: " + file);
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
        if (attributes.isDirectory()) {
            throw new IllegalArgumentException(what + " " + file + " is a folder; give a file");
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException(what + " " + file + " is " + kind(file) + ", not a regular file; "
                    + "reading it could block or never end: save the data to a file and give that file's path");
        }
    }

    /** What a non-regular file is, from its Unix mode where the platform tells it. */
    private static String kind(Path file) {
        try {
            int type = ((Integer) Files.getAttribute(file, "unix:mode")) & TYPE_BITS;
            return switch (type) {
                case NAMED_PIPE -> "a named pipe (FIFO)";
                case CHARACTER_DEVICE, BLOCK_DEVICE -> "a device";
                case SOCKET -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException
                | ClassCastException e) {
            // no Unix view (e.g. Windows): the type cannot be named, the refusal stands
            return "a special file (a pipe, device or socket)";
        }
    }
}
