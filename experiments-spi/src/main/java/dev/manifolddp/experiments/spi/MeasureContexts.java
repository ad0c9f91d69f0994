package dev.manifolddp.experiments.spi;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.ResponsePrediction;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.MeasureContext;
import dev.manifolddp.utility.Prediction;
import dev.manifolddp.utility.Timing;

/**
 * What a utility measure sees of a release of a replicate's records besides the value and the estimate, the same for
 * a run's replicates and a plan's simulated ones: the times, the ball's centre where releases live on the data's
 * manifold (no yardstick for a variance or a covariance), the records, and how a value predicts a response for an
 * estimator with covariate records ({@link ResponsePrediction}).
 */
public final class MeasureContexts {

    private MeasureContexts() {
    }

    /** The context of a release by {@code estimator}'s mechanism of {@code data} on {@code geometry}. */
    public static MeasureContext of(Estimator estimator, Geometry geometry, Dataset data, Timing timing) {
        Geometry valueSpace = estimator.parameterSpace(geometry);
        double[] centre = valueSpace == geometry ? data.ball().center() : null;
        return new MeasureContext(timing, centre, geometry, data.points(), prediction(estimator, geometry));
    }

    /**
     * How a value of {@code estimator} predicts a response on {@code geometry} ({@link ResponsePrediction}), or null
     * for an estimator without covariate records: what the prediction utilities and a regression's pictures draw.
     */
    public static Prediction prediction(Estimator estimator, Geometry geometry) {
        return estimator.capability(ResponsePrediction.class)
                .<Prediction>map(p -> (value, covariate) -> p.predict(geometry, value, covariate))
                .orElse(null);
    }
}
