package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.data.DatasetFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the data file a regression configuration names. A bundled dataset's name ({@code dataset:NAME}) resolves
 * through {@link DatasetFiles}. An absolute path is taken as it is. A relative path is
 * looked for in the configuration's folder, then in a {@code shared/data} folder beside that folder or beside any
 * folder above it (the project is run with its public data sets in {@code shared/} next to the repository, and a
 * worktree may sit one level deeper). The data are never part of the repository, so a file found nowhere fails with
 * every place looked at.
 */
final class RegressionDataFile {

    private RegressionDataFile() {
    }

    /** The places {@code file} is looked for, in order. */
    static List<Path> candidates(String file, Path configurationFolder) {
        Path given = Path.of(file);
        if (given.isAbsolute()) {
            return List.of(given.normalize());
        }
        List<Path> places = new ArrayList<>();
        Path folder = configurationFolder.toAbsolutePath().normalize();
        places.add(folder.resolve(given).normalize());
        for (Path up = folder; up != null && up.getParent() != null; up = up.getParent()) {
            places.add(up.resolveSibling("shared").resolve("data").resolve(given).normalize());
        }
        return places;
    }

    /** The first existing regular file among {@link #candidates}, or a {@link ConfigException} at {@code key}. */
    static Path find(String key, String file, Path configurationFolder) {
        if (DatasetFiles.isName(file)) {
            return ConfigException.at(key, () -> DatasetFiles.resolve(key, file, List.of(configurationFolder)));
        }
        List<Path> places = candidates(file, configurationFolder);
        for (Path place : places) {
            if (Files.isRegularFile(place)) {
                return place;
            }
        }
        List<String> shown = places.stream().map(Path::toString).toList();
        throw new ConfigException(key, "the data file was not found; looked for it at " + String.join(", ", shown)
                + ". Pass the file's absolute path, or a path relative to the configuration's folder. Provided value: "
                + file);
    }
}
