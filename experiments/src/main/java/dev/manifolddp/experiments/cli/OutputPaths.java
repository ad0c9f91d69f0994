package dev.manifolddp.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files {@code mdp release} reads and writes, checked before anything is computed: no output is the input (or
 * the same file under another name), the release and the diagnostics are two files, the ledger is none of them, and
 * an existing output is replaced only with {@code --force}. The writes themselves are atomic and refuse to replace
 * a file that appeared in the meantime ({@link dev.manifolddp.experiments.data.AtomicFile}).
 */
final class OutputPaths {

    private record Named(String flag, Path path) {
    }

    private OutputPaths() {
    }

    static void check(Path input, Path out, Path diagnostics, Path ledger, boolean force) {
        List<Named> files = new ArrayList<>();
        files.add(new Named("--input", input));
        files.add(new Named("--out", out));
        if (diagnostics != null) {
            files.add(new Named("--diagnostics", diagnostics));
        }
        files.add(new Named("--ledger", ledger));
        for (int i = 1; i < files.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (same(files.get(i).path(), files.get(j).path())) {
                    throw new IllegalArgumentException(String.format("%s %s is the same file as %s %s: %s; give "
                            + "each its own file", files.get(i).flag(), files.get(i).path(), files.get(j).flag(),
                            files.get(j).path(), j == 0 ? "writing it would destroy the data" : "one would replace "
                                    + "the other"));
                }
            }
        }
        for (Named output : files.subList(1, files.size() - 1)) {
            if (Files.isDirectory(output.path())) {
                throw new IllegalArgumentException(output.flag() + " " + output.path() + " is a folder; give a file "
                        + "name");
            }
            if (!force && Files.exists(output.path())) {
                throw new IllegalArgumentException(output.flag() + " " + output.path() + " already exists and was "
                        + "left unchanged; choose another file or pass --force to replace it");
            }
        }
    }

    /** True when the two paths name one file, through links and relative names, whether or not it exists. */
    private static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // fall through to comparing the resolved names
        }
        return canonical(a).equals(canonical(b));
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
