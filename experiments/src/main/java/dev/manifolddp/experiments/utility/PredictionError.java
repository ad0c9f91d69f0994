package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Prediction;
import dev.manifolddp.utility.MeasureContext;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * Prediction errors on the replicate's records, for estimators whose value predicts a response at a covariate (a
 * geodesic regression; records {@code [y..., x]}): the mean squared error {@code (1/n) sum_i rho(yhat(x_i), y_i)^2}
 * of Kulkarni and Soto 2025 (their Fig. 5), {@code yhat} the geodesic of the value.
 * <ul>
 *   <li>{@code prediction-mse}: the release's;</li>
 *   <li>{@code estimate-prediction-mse}: the non-private estimate's on the same records (Fletcher 2011's fit), the
 *   floor the release's error is compared with; the same for every mechanism of a replicate.</li>
 * </ul>
 * They read the records, so they are diagnostics of a research run, never part of a release.
 */
public abstract sealed class PredictionError implements UtilityMeasure
        permits PredictionError.Release, PredictionError.Estimate {

    /** {@code prediction-mse}. */
    public static final class Release extends PredictionError {
        @Override
        public String name() {
            return "prediction-mse";
        }

        @Override
        public String description() {
            return "the release's mean squared prediction error (1/n) sum rho(yhat(x_i), y_i)^2 on the replicate's "
                    + "records (Kulkarni and Soto 2025, Fig. 5); estimators with covariate records";
        }

        @Override
        double[] measured(double[] release, double[] estimate) {
            return release;
        }
    }

    /** {@code estimate-prediction-mse}. */
    public static final class Estimate extends PredictionError {
        @Override
        public String name() {
            return "estimate-prediction-mse";
        }

        @Override
        public String description() {
            return "the non-private estimate's mean squared prediction error on the same records, the floor of "
                    + "prediction-mse; estimators with covariate records";
        }

        @Override
        double[] measured(double[] release, double[] estimate) {
            return estimate;
        }
    }

    /** The value whose predictions are measured: the release or the estimate. */
    abstract double[] measured(double[] release, double[] estimate);

    /** Without the records there is nothing to measure (the runner calls the context's overload). */
    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        return Measurement.undefined();
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate, MeasureContext context) {
        Prediction prediction = context.prediction();
        if (prediction == null) {
            throw new IllegalArgumentException(String.format("utility '%s' measures predictions at covariates, and "
                    + "the estimator's values predict none; use it with an estimator whose records carry a covariate "
                    + "(geodesic-regression), or remove it. Provided value: %s", name(), name()));
        }
        double mse = meanSquaredError(context.dataSpace(), context.records(), prediction,
                measured(release, estimate));
        return Double.isFinite(mse) ? Measurement.exact(mse) : Measurement.undefined();
    }

    /**
     * {@code (1/n) sum_i rho(prediction(value, x_i), y_i)^2} over records {@code [y..., x]}, y of the data space's
     * point length.
     */
    static double meanSquaredError(Geometry dataSpace, double[][] records, Prediction prediction, double[] value) {
        int length = dataSpace.layout().length();
        double[] response = new double[length];
        double sum = 0;
        for (double[] record : records) {
            System.arraycopy(record, 0, response, 0, length);
            double d = dataSpace.distance(prediction.at(value, record[length]), response);
            sum += d * d;
        }
        return sum / records.length;
    }
}
