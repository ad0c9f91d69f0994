package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.utility.Prediction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link ReleasePicture} draws: some of the data, the non-private estimate, and a few releases per mechanism,
 * all in the layout of the estimator's parameter space (the data's geometry for a mean).
 *
 * @param title          the picture's title (experiment, cell: epsilon, n)
 * @param data           a sample of the data's records, drawn faintly
 * @param estimate       the non-private estimate (the true mean, or the non-private fit)
 * @param releases       the releases to draw, per mechanism label, in the order the configuration lists the mechanisms
 * @param options        the picture's options from the configuration (e.g. {@code closed-outline: true})
 * @param prediction     how a value predicts a response at a covariate, for an estimator with covariate records (a
 *                       regression); null otherwise
 * @param covariateRange the estimator's public covariate range {@code {low, high}}, or null
 */
public record ReleaseGallery(String title, double[][] data, double[] estimate, Map<String, List<double[]>> releases,
        Map<String, String> options, Prediction prediction, double[] covariateRange) {

    public ReleaseGallery {
        releases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(releases));
        options = Map.copyOf(options);
        covariateRange = covariateRange == null ? null : covariateRange.clone();
    }

    /** A gallery of an estimator without covariates (a mean, a variance, a covariance). */
    public ReleaseGallery(String title, double[][] data, double[] estimate, Map<String, List<double[]>> releases,
            Map<String, String> options) {
        this(title, data, estimate, releases, options, null, null);
    }
}
