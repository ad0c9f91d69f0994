package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.data.RowFilter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code data} section: either a generator with its parameters, a CSV file with its public ball, images
 * described by their covariance descriptors ({@code images: ...}, checked by {@code images.ImageDataSpec}), or a
 * named data source that a plugin's Guice module binds ({@code source: NAME} with its parameters).
 *
 * @param source     the data source that builds the records, bound by this name in the run's graph
 *                   ({@code run.DataSourceFactory}): {@link #GENERATOR} for generator data, {@link #IMAGES} for image
 *                   data, the written name for {@code source: NAME}; null for file data
 * @param generator  the generator name, or null for file and image data
 * @param parameters the generator's parameters, or the image data's or named source's keys (list values
 *                   comma-joined); empty for file data
 * @param file       the CSV file (relative to the configuration's folder), or null for generated data
 * @param center     the file data's ball centre as comma-separated numbers (file data only; null with a template)
 * @param radius     the file data's public ball radius; null when {@code nonPrivate} lets it come from the data
 * @param clip       move file rows outside the ball onto its boundary instead of refusing them
 * @param nonPrivate allow a data-derived radius (every release is then marked non-private)
 * @param columns    the file's coordinate columns in layout order (empty: every column)
 * @param where      the rows kept (null: every row)
 * @param template   the ball centre as the mean of a public split of the file ({@code center: { mean-of: ... }}), or
 *                   null when {@code center} gives numbers
 * @param subject    the column naming each record's subject (the unit of privacy becomes one subject), or null
 * @param recordsPerSubject the public bound M on a subject's records (1 without a subject column)
 * @param covariate  the column holding each record's covariate, appended after the point ({@code [y..., x]}, the
 *                   records of an estimator with covariate records), or null
 */
public record DataConfig(String source, String generator, Map<String, String> parameters, String file, String center, Double radius,
        boolean clip, boolean nonPrivate, java.util.List<String> columns, RowFilter where, PublicTemplate template,
        String subject, int recordsPerSubject, String covariate) {

    /** The data source name of generator data ({@code data: { generator: NAME, ... }}). */
    public static final String GENERATOR = "generator";

    /** The data source name of image data ({@code data: { images: ... }}). */
    public static final String IMAGES = "images";

    /** The keys a file data section accepts. */
    public static final java.util.List<String> FILE_KEYS = java.util.List.of("file", "center", "radius", "clip",
            "non-private", "columns", "where", "subject", "records-per-subject", "covariate");

    public DataConfig {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        columns = columns == null ? java.util.List.of() : java.util.List.copyOf(columns);
    }

    /** Data without a covariate column. */
    public DataConfig(String source, String generator, Map<String, String> parameters, String file, String center,
            Double radius, boolean clip, boolean nonPrivate, java.util.List<String> columns, RowFilter where,
            PublicTemplate template, String subject, int recordsPerSubject) {
        this(source, generator, parameters, file, center, radius, clip, nonPrivate, columns, where, template, subject,
                recordsPerSubject, null);
    }

    public boolean isFile() {
        return file != null;
    }

    /** True for image data: every key, {@code images} first, is in {@link #parameters()}. */
    public boolean isImages() {
        return IMAGES.equals(source);
    }

    /** True for records drawn per replicate from a generator or a plugin's source (which need the n axis). */
    public boolean isDrawn() {
        return source != null && !isImages();
    }
}
