package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.InputFile;
import dev.manifolddp.experiments.data.OverwriteGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The one guard of every command that writes: the files it reads and writes, checked before anything is computed.
 *
 * <ul>
 *   <li>No output is an input (or the same file under another name, through links and relative paths), whether or
 *       not {@code --force} is given: {@code --force} replaces an earlier result, never the data.</li>
 *   <li>No input lies inside an output folder: a run with {@code --force} writes into its folder, and a plugin's
 *       output may choose any name there.</li>
 *   <li>Two outputs are two files; a file read and rewritten (the ledger) is none of the others.</li>
 *   <li>An input that exists is a regular file: a FIFO or a device would block the read forever or never end.</li>
 *   <li>An output file is not a folder, and an existing one is replaced only with {@code --force}
 *       ({@link OverwriteGuard}, which also guards the output folders of runs).</li>
 * </ul>
 * The writes themselves are atomic and refuse to replace a file that appeared in the meantime
 * ({@link dev.manifolddp.experiments.data.AtomicFile}).
 */
final class OutputPaths {

    private enum Role { INPUT, STATE, FILE, FOLDER }

    private record Named(String flag, Path path, Role role) {
    }

    private final List<Named> paths = new ArrayList<>();

    /** A command's paths, added one by one; nothing is checked until {@link #check}. */
    static OutputPaths of() {
        return new OutputPaths();
    }

    /** A file the command reads ({@code null} is skipped). */
    OutputPaths input(String flag, Path path) {
        return add(flag, path, Role.INPUT);
    }

    /** Files the command reads, all named by {@code flag}. */
    OutputPaths inputs(String flag, Collection<Path> files) {
        files.forEach(file -> input(flag, file));
        return this;
    }

    /** A file the command reads and then replaces by design (the budget ledger). */
    OutputPaths state(String flag, Path path) {
        return add(flag, path, Role.STATE);
    }

    /** A file the command writes ({@code null} is skipped). */
    OutputPaths file(String flag, Path path) {
        return add(flag, path, Role.FILE);
    }

    /** A folder the command writes into ({@code null} is skipped). */
    OutputPaths folder(String flag, Path path) {
        return add(flag, path, Role.FOLDER);
    }

    private OutputPaths add(String flag, Path path, Role role) {
        if (path != null) {
            paths.add(new Named(flag, path, role));
        }
        return this;
    }

    /**
     * Fails with one message naming the two flags and paths at the first conflict.
     *
     * @param force whether existing output files may be replaced
     */
    void check(boolean force) {
        for (Named named : paths) {
            if (named.role() == Role.INPUT || named.role() == Role.STATE) {
                if (Files.exists(canonical(named.path()))) {
                    InputFile.requireRegular(named.path(), named.flag());
                }
            }
        }
        for (int i = 1; i < paths.size(); i++) {
            for (int j = 0; j < i; j++) {
                conflict(paths.get(j), paths.get(i));
            }
        }
        for (Named output : paths) {
            if (output.role() != Role.FILE) {
                continue;
            }
            // the resolved name: "missing/../data.csv" does not exist for the file system, but is what gets written
            OverwriteGuard.requireFile(output.flag(), output.path(), canonical(output.path()), force);
        }
    }

    private static void conflict(Named a, Named b) {
        if (a.role() == Role.INPUT && b.role() == Role.INPUT) {
            return; // reading one file twice harms nothing
        }
        Named folder = a.role() == Role.FOLDER ? a : b.role() == Role.FOLDER ? b : null;
        if (folder != null) {
            Named other = folder == a ? b : a;
            if (other.role() != Role.FOLDER && inside(other.path(), folder.path())) {
                throw new IllegalArgumentException(String.format("%s %s holds %s %s: writing into that folder could "
                        + "replace it, with --force or not; choose another %s, or move %s out of it", folder.flag(),
                        folder.path(), other.flag(), other.path(), folder.flag(), other.path().getFileName()));
            }
            return;
        }
        if (same(a.path(), b.path())) {
            boolean data = a.role() == Role.INPUT || b.role() == Role.INPUT;
            throw new IllegalArgumentException(String.format("%s %s is the same file as %s %s: %s, with --force or "
                    + "not; give each its own file", b.flag(), b.path(), a.flag(), a.path(),
                    data ? "writing it would destroy the data" : "one would replace the other"));
        }
    }

    /** True when {@code file} lies in {@code folder} or below it, through links and relative names. */
    private static boolean inside(Path file, Path folder) {
        return canonical(file).startsWith(canonicalFolder(folder));
    }

    /** True when the two paths name one file, through links and relative names, whether or not it exists. */
    private static boolean same(Path a, Path b) {
        try {
            Path x = canonical(a);
            Path y = canonical(b);
            if (Files.exists(x) && Files.exists(y)) {
                return Files.isSameFile(x, y);
            }
        } catch (IOException e) {
            // fall through to comparing the resolved names
        }
        return canonical(a).equals(canonical(b));
    }

    private static Path canonicalFolder(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            return canonical(folder);
        }
    }

    private static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        try {
            return parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
        } catch (IOException e) {
            return absolute;
        }
    }
}
