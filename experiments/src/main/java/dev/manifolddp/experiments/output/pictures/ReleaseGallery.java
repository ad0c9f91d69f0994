package dev.manifolddp.experiments.output.pictures;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link ReleasePicture} draws: some of the data, the non-private estimate, and a few releases per mechanism,
 * all in the geometry's point layout.
 *
 * @param title    the picture's title (experiment, cell: epsilon, n)
 * @param data     a sample of the data's points, drawn faintly
 * @param estimate the non-private estimate (the true mean)
 * @param releases the releases to draw, per mechanism label, in the order the configuration lists the mechanisms
 * @param options  the picture's options from the configuration (e.g. {@code closed-outline: true})
 */
public record ReleaseGallery(String title, double[][] data, double[] estimate, Map<String, List<double[]>> releases,
        Map<String, String> options) {

    public ReleaseGallery {
        releases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(releases));
        options = Map.copyOf(options);
    }
}
