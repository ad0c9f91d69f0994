package dev.manifolddp.experiments.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code data} section: either a generator with its parameters, a CSV file with its public ball, or images
 * described by their covariance descriptors ({@code images: ...}, checked by {@code images.ImageDataSpec}).
 *
 * @param generator  the generator name, or null for file and image data
 * @param parameters the generator's parameters, or the image data's keys (list values comma-joined); empty for file
 *                   data
 * @param file       the CSV file (relative to the configuration's folder), or null for generated data
 * @param center     the file data's ball centre as comma-separated numbers (file data only)
 * @param radius     the file data's public ball radius; null when {@code nonPrivate} lets it come from the data
 * @param clip       move file rows outside the ball onto its boundary instead of refusing them
 * @param nonPrivate allow a data-derived radius (every release is then marked non-private)
 */
public record DataConfig(String generator, Map<String, String> parameters, String file, String center, Double radius,
        boolean clip, boolean nonPrivate) {

    /** The keys a file data section accepts. */
    public static final java.util.List<String> FILE_KEYS = java.util.List.of("file", "center", "radius", "clip",
            "non-private");

    public DataConfig {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    public boolean isFile() {
        return file != null;
    }

    /** True for image data: every key, {@code images} first, is in {@link #parameters()}. */
    public boolean isImages() {
        return generator == null && file == null;
    }
}
