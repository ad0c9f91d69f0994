package dev.example.median;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.geometry.Geometry;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The Frechet median argmin (1/n) sum_i rho(x, x_i), an estimator that is not part of ManifoldDP. Its gradient is
 * -(1/n) sum_i log(x, x_i)/rho(x, x_i), an average of unit vectors, so replacing one record moves it by at most 2/n
 * whatever the curvature: the K-norm gradient mechanism can release it. No bound on the median's own sensitivity is
 * claimed, so the Laplace refuses it.
 */
final class FrechetMedian implements Estimator {

    @Override
    public String name() {
        return "plugin-median";
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return dataSpace;
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        EstimatorFit fit = minimise(dataSpace, data, data[0], 1e-10, 10_000);
        if (!fit.converged()) {
            throw new IllegalStateException("the Frechet median did not converge: " + fit.reason());
        }
        return fit.point();
    }

    /** Weiszfeld's iteration on the manifold: x <- exp(x, sum_i w_i log(x, x_i) / sum_i w_i), w_i = 1/rho. */
    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        int length = dataSpace.layout().length();
        double[] x = start.clone();
        double[] step = new double[length];
        double[] log = new double[length];
        Gradient gradient = new Gradient(dataSpace, data);
        for (int iteration = 0; iteration < maxIterations; iteration++) {
            double norm = gradient.gradientNorm(x);
            if (norm <= tolerance) {
                return new EstimatorFit(x, iteration, norm, true, "weiszfeld", "");
            }
            java.util.Arrays.fill(step, 0);
            double weights = 0;
            for (double[] record : data) {
                dataSpace.log(x, record, log);
                double distance = dataSpace.norm(x, log);
                if (distance > 0) {
                    for (int j = 0; j < length; j++) {
                        step[j] += log[j] / distance;
                    }
                    weights += 1 / distance;
                }
            }
            if (weights == 0) {
                return new EstimatorFit(x, iteration, 0, true, "weiszfeld", "");
            }
            for (int j = 0; j < length; j++) {
                step[j] /= weights;
            }
            x = dataSpace.exp(x, step);
        }
        double norm = gradient.gradientNorm(x);
        return new EstimatorFit(x, maxIterations, norm, false, "weiszfeld",
                "the iteration limit was reached before the gradient norm fell below the tolerance");
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        return new Gradient(dataSpace, data);
    }

    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        if (!(2 * radius < dataSpace.injectivityRadius())) {
            throw new IllegalArgumentException("frechet-median needs 2r below the injectivity radius "
                    + dataSpace.injectivityRadius() + " so that every log is defined. Provided value: r = " + radius);
        }
        return 2.0 / n;
    }

    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
        return OptionalDouble.empty();
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
        return Optional.empty();
    }

    /** |(1/n) sum_i log(x, x_i)/rho(x, x_i)|, allocation-free after construction. */
    private static final class Gradient implements GradientField {
        private final Geometry geometry;
        private final double[][] data;
        private final double[] sum;
        private final double[] log;

        Gradient(Geometry geometry, double[][] data) {
            this.geometry = geometry;
            this.data = data;
            this.sum = new double[geometry.layout().length()];
            this.log = new double[geometry.layout().length()];
        }

        @Override
        public double gradientNorm(double[] x) {
            java.util.Arrays.fill(sum, 0);
            for (double[] record : data) {
                geometry.log(x, record, log);
                double distance = Math.sqrt(geometry.inner(x, log, log));
                if (distance > 0) {
                    for (int j = 0; j < sum.length; j++) {
                        sum[j] += log[j] / distance;
                    }
                }
            }
            return Math.sqrt(geometry.inner(x, sum, sum)) / data.length;
        }

        @Override
        public GradientField copy() {
            return new Gradient(geometry, data);
        }
    }
}
