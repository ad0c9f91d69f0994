package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.geometry.Geometry;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The Frechet mean under another class, as a plugin would write it: every method delegates to
 * {@link FrechetMeanEstimator#DEFAULT}. Tests subclass it to declare a capability or to change one answer.
 */
class PluginMean implements Estimator {
    private final Estimator mean = FrechetMeanEstimator.DEFAULT;

    @Override
    public String name() {
        return "plugin-mean";
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return mean.parameterSpace(dataSpace);
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        return mean.estimate(dataSpace, data);
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        return mean.minimise(dataSpace, data, start, tolerance, maxIterations);
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        return mean.gradientField(dataSpace, data);
    }

    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        return mean.gradientSensitivity(dataSpace, radius, n);
    }

    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
        return mean.estimateSensitivity(dataSpace, radius, n);
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
        return mean.gradientBounds(dataSpace, radius);
    }
}
