package dev.manifolddp.experiments.audit;

import dev.manifolddp.estimators.CovariateRecords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Adjacent pairs for an estimator whose records carry a covariate after the point ({@code [y..., x]}, a geodesic
 * regression's): the boundary pairs' points become the responses, and the covariates are a public design spread
 * evenly over the estimator's public range, {@code x_i = low + (high - low) i / (n - 1)}, the same in D and D'. The
 * replaced record (the last) keeps {@code x = high}, the end of the range farthest from the footpoint's covariate
 * {@code low}: the most leverage one record has on the shooting vector, where the regression's sensitivity bounds
 * are attained (docs/private-regression.md §2). Everything is public: the range is the estimator's, the points the
 * pairs'.
 */
final class CovariateDesign {

    private CovariateDesign() {
    }

    /** {@code pairs} with the public covariates appended to every record. */
    static List<BoundaryPair> attach(List<BoundaryPair> pairs, CovariateRecords records, String estimator) {
        double[] range = records.covariateRange().orElseThrow(() -> new IllegalArgumentException(String.format(
                Locale.ROOT, "--estimator %s: its records carry a covariate, and it states no public covariate "
                        + "range for the audit to place them in; give the range as an --estimator-param", estimator)));
        List<BoundaryPair> out = new ArrayList<>(pairs.size());
        for (BoundaryPair pair : pairs) {
            out.add(new BoundaryPair(pair.index(), pair.directionIndex(), pair.placement(), pair.replacement(),
                    pair.length(), pair.coordinates(), pair.direction(), pair.near(), pair.far(),
                    withCovariates(pair.data(), range), withCovariates(pair.neighbour(), range)));
        }
        return List.copyOf(out);
    }

    /** The records {@code [y..., x_i]} of the points, x_i the design's covariate of record i. */
    static double[][] withCovariates(double[][] points, double[] range) {
        int n = points.length;
        double[][] records = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] record = Arrays.copyOf(points[i], points[i].length + 1);
            // the last record sits at the range's high end, also for n = 1
            record[record.length - 1] = i == n - 1 ? range[1] : range[0] + (range[1] - range[0]) * i / (n - 1);
            records[i] = record;
        }
        return records;
    }
}
