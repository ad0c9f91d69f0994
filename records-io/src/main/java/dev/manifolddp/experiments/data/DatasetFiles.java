package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Resolves the names of the project's bundled datasets, {@code dataset:NAME} (the folder's only data file) or
 * {@code dataset:NAME/FILE}, to files of the project's {@code datasets/} folder. The folder is looked for above the
 * configuration's folder, above the working directory and above the running jar, so a name resolves the same way
 * from a configuration, from {@code mdp release} and from a test; the system property {@code mdp.datasets} names
 * the folder explicitly. Names never leave that folder ({@code ..} and absolute parts are refused), and a name found
 * nowhere fails with the places looked at and the names known.
 */
public final class DatasetFiles {

    /** The prefix that marks a bundled dataset's name. */
    public static final String PREFIX = "dataset:";
    /** The system property that names the datasets folder explicitly. */
    public static final String PROPERTY = "mdp.datasets";
    private static final String FOLDER = "datasets";
    private static final String MARKER = "README.md";

    private DatasetFiles() {
    }

    /** True when {@code text} names a bundled dataset. */
    public static boolean isName(String text) {
        return text != null && text.startsWith(PREFIX);
    }

    /**
     * The file a bundled dataset's name denotes.
     *
     * @param key    the flag or configuration key that gave the name, for the error message
     * @param name   {@code dataset:NAME} or {@code dataset:NAME/FILE}
     * @param starts folders to search upward from (the configuration's folder; the working directory and the jar's
     *               folder are always searched)
     * @throws IllegalArgumentException naming {@code key} when the name is malformed or the file does not exist
     */
    public static Path resolve(String key, String name, List<Path> starts) {
        try {
            return resolve(name, starts);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
        }
    }

    /**
     * As {@link #resolve(String, String, List)}, with messages that do not name the key (for callers that add it,
     * such as a configuration's path).
     */
    public static Path resolve(String name, List<Path> starts) {
        if (!isName(name)) {
            throw new IllegalArgumentException("a bundled dataset is named " + PREFIX + "NAME or " + PREFIX
                    + "NAME/FILE. Provided value: " + name);
        }
        String rest = name.substring(PREFIX.length()).trim();
        if (rest.isEmpty() || rest.startsWith("/") || rest.contains("\\") || List.of(rest.split("/")).contains("..")
                || rest.split("/").length > 2) {
            throw new IllegalArgumentException("a bundled dataset is named " + PREFIX + "NAME or " + PREFIX
                    + "NAME/FILE, with no absolute part and no '..'. Provided value: " + name);
        }
        List<Path> roots = roots(starts);
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("no datasets folder was found above " + searched(starts)
                    + "; run from the project, or name the folder with -D" + PROPERTY + "=DIR. Provided value: "
                    + name);
        }
        Path root = roots.get(0);
        String[] parts = rest.split("/", 2);
        Path folder = root.resolve(parts[0]).normalize();
        if (!Files.isDirectory(folder) || !folder.startsWith(root)) {
            throw new IllegalArgumentException("unknown dataset '" + parts[0] + "'; known datasets in " + root
                    + ": " + String.join(", ", known(root)) + ". Provided value: " + name);
        }
        if (parts.length == 2) {
            Path file = folder.resolve(parts[1]).normalize();
            if (!Files.isRegularFile(file) || !file.startsWith(folder)) {
                throw new IllegalArgumentException("dataset '" + parts[0] + "' has no file '" + parts[1]
                        + "'; its files: " + String.join(", ", dataFiles(folder)) + ". Provided value: " + name);
            }
            return file;
        }
        List<String> files = dataFiles(folder);
        if (files.size() != 1) {
            throw new IllegalArgumentException("dataset '" + parts[0] + "' holds " + files.size()
                    + " data files (" + String.join(", ", files) + "); name one as " + PREFIX + parts[0]
                    + "/FILE. Provided value: " + name);
        }
        return folder.resolve(files.get(0));
    }

    /** The datasets folders found, nearest first: the explicit property, then above each start, cwd and jar. */
    static List<Path> roots(List<Path> starts) {
        Set<Path> found = new LinkedHashSet<>();
        String explicit = System.getProperty(PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            Path folder = Path.of(explicit).toAbsolutePath().normalize();
            if (Files.isDirectory(folder)) {
                found.add(folder);
            }
        }
        for (Path start : searchStarts(starts)) {
            for (Path up = start; up != null; up = up.getParent()) {
                Path folder = up.resolve(FOLDER);
                if (Files.isRegularFile(folder.resolve(MARKER))) {
                    found.add(folder.normalize());
                    break;
                }
            }
        }
        return new ArrayList<>(found);
    }

    private static List<Path> searchStarts(List<Path> starts) {
        List<Path> all = new ArrayList<>();
        starts.forEach(start -> all.add(start.toAbsolutePath().normalize()));
        all.add(Path.of("").toAbsolutePath().normalize());
        jarFolder().ifPresent(all::add);
        return all;
    }

    private static java.util.Optional<Path> jarFolder() {
        try {
            var source = DatasetFiles.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return java.util.Optional.empty();
            }
            Path location = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
            return java.util.Optional.ofNullable(Files.isDirectory(location) ? location : location.getParent());
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return java.util.Optional.empty();
        }
    }

    private static String searched(List<Path> starts) {
        return String.join(", ", searchStarts(starts).stream().map(Path::toString).toList());
    }

    private static List<String> known(Path root) {
        try (Stream<Path> folders = Files.list(root)) {
            return folders.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<String> dataFiles(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(f -> !f.equals(MARKER) && !f.equals("LICENSE")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
