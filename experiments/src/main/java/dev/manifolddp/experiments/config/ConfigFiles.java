package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.experiments.data.DatasetFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a configuration names: every text value that resolves, as the configuration's readers resolve it (a
 * bundled {@code dataset:} name, or a path relative to the configuration's folder), to an existing file. Found from
 * the text alone, so that it covers every kind of configuration and the keys of plugin data sources without asking
 * each reader; a value that happens to name a file is counted too, which only makes the output guard stricter.
 */
public final class ConfigFiles {

    private ConfigFiles() {
    }

    /**
     * One file a configuration names.
     *
     * @param key  the key that names it, in the notation of configuration errors ({@code data.file})
     * @param path the file as the readers resolve it
     * @param bundled true for a bundled {@code dataset:} name (public data shipped with the project)
     */
    public record Named(String key, Path path, boolean bundled) {
    }

    /** The existing files {@code configuration} names (not the configuration itself), in the order written. */
    public static List<Named> named(Path configuration) {
        Path folder = configuration.toAbsolutePath().getParent();
        List<Named> files = new ArrayList<>();
        collect(YamlDocument.read(ConfigText.read(configuration)), "", folder == null ? Path.of("") : folder, files);
        return files;
    }

    private static void collect(JsonNode node, String key, Path folder, List<Named> files) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> collect(field.getValue(),
                    key.isEmpty() ? field.getKey() : key + "." + field.getKey(), folder, files));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), key + "[" + i + "]", folder, files);
            }
        } else if (node.isTextual()) {
            String text = node.asText().strip();
            Path file = resolve(text, folder);
            if (file != null && Files.exists(file) && !Files.isDirectory(file)) {
                files.add(new Named(key, file, DatasetFiles.isName(text)));
            }
        }
    }

    private static Path resolve(String text, Path folder) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return DatasetFiles.isName(text) ? DatasetFiles.resolve(text, List.of(folder)) : folder.resolve(text);
        } catch (IllegalArgumentException e) { // InvalidPathException included
            return null; // not a file name (or an unknown dataset, which the reader reports with its key)
        }
    }
}
