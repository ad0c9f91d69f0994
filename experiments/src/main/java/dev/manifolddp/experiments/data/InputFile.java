package dev.manifolddp.experiments.data;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The one check that a path the user names as input is a regular file. Reading a FIFO blocks until another process
 * writes to it (forever, when none does), a character device such as {@code /dev/zero} never ends, and a folder
 * cannot be read as a file: each is refused before it is opened, naming the flag or key and what the path is.
 */
public final class InputFile {

    private InputFile() {
    }

    /**
     * Fails unless {@code path} exists and is a regular file (following links).
     *
     * @param what the flag or key that named the path, e.g. {@code --input}
     * @throws IllegalArgumentException naming {@code what}, the path and what it is instead
     */
    public static void requireRegular(Path path, String what) {
        if (Files.isRegularFile(path)) {
            return;
        }
        String kind;
        if (!Files.exists(path)) {
            kind = Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? "a link to nothing" : "missing";
        } else if (Files.isDirectory(path)) {
            kind = "a folder";
        } else {
            kind = "not a regular file (a pipe, socket or device, which mdp would wait on or read without end)";
        }
        throw new IllegalArgumentException(String.format("%s %s is %s; give a regular file", what, path, kind));
    }
}
