package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.data.DatasetFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds the data file a regression configuration names: a bundled dataset's name ({@code dataset:NAME}, resolved by
 * {@link DatasetFiles}), an absolute path, or a path relative to the configuration's folder. A file found nowhere
 * fails with the place looked at.
 */
final class RegressionDataFile {

    private RegressionDataFile() {
    }

    /** The file {@code file} names, or a {@link ConfigException} at {@code key}. */
    static Path find(String key, String file, Path configurationFolder) {
        if (DatasetFiles.isName(file)) {
            return ConfigException.at(key, () -> DatasetFiles.resolve(file, List.of(configurationFolder)));
        }
        Path given = Path.of(file);
        Path place = given.isAbsolute() ? given.normalize()
                : configurationFolder.toAbsolutePath().normalize().resolve(given).normalize();
        if (!Files.isRegularFile(place)) {
            throw new ConfigException(key, "the data file was not found at " + place + ". Pass a bundled dataset "
                    + "(dataset:NAME, see datasets/README.md), the file's absolute path, or a path relative to the "
                    + "configuration's folder. Provided value: " + file);
        }
        return place;
    }
}
