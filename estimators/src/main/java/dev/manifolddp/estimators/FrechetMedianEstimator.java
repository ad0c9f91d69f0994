package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The Frechet (geometric) median {@code argmin_x (1/n) sum_i rho(x, x_i)} (Fletcher et al. 2009), a centre that a
 * few outlying records cannot drag (docs/frechet-median.md). Its gradient away from the records
 * is {@code -(1/n) sum_i log_x x_i / rho(x, x_i)}, an average of unit vectors, so replacing one record moves it by at
 * most {@code 2/n} at every point, whatever the curvature and the ball's radius: the K-norm gradient mechanism releases
 * it with that sensitivity. Its own sensitivity is not bounded below the ball's diameter (two clusters of n/2 records:
 * one record moves the median across), so no bound is claimed and the Laplace refuses it; nor is a growth bound of
 * the gradient away from the median (records all at one point leave |grad| = 1 everywhere else), so KNG draws it by
 * Metropolis-Hastings (guarantee {@code mcmc}).
 *
 * <p>Computed by Weiszfeld's iteration on the manifold with Vardi and Zhang's 2000 correction at a record:
 * {@code x <- exp_x((1 - k/|s|)_+ sum_i w_i log_x x_i / sum_i w_i)}, {@code w_i = 1/rho(x, x_i)} over the records away
 * from x, k the records at x and s the sum of their unit vectors; it stops when the smallest subgradient,
 * {@code max(0, |s| - k)/n}, is below the tolerance.
 */
public final class FrechetMedianEstimator implements Estimator {

    /** The configuration name. */
    public static final String NAME = "frechet-median";

    /** A record this close to the iterate, relative to the farthest one, is tested as the median itself. */
    private static final double NEAR = 1e-3;

    private final double tolerance;
    private final int maxIterations;

    /**
     * @param tolerance     the stop threshold on the smallest subgradient's norm, finite and > 0
     * @param maxIterations the largest number of updates, at least 1
     */
    public FrechetMedianEstimator(double tolerance, int maxIterations) {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("frechet-median: tolerance must be finite and > 0. Provided value: "
                    + tolerance);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("frechet-median: max-iterations must be at least 1. Provided value: "
                    + maxIterations);
        }
        this.tolerance = tolerance;
        this.maxIterations = maxIterations;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return dataSpace;
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        DataChecks.requireGeometry(dataSpace);
        DataChecks.requireNonEmpty("data", data);
        DataChecks.requirePoints(dataSpace, "data", data);
        EstimatorFit fit = minimise(dataSpace, data, data[0], tolerance, maxIterations);
        if (!fit.converged()) {
            throw new IllegalStateException("frechet-median: Weiszfeld's iteration did not converge in "
                    + maxIterations + " updates (smallest subgradient " + fit.gradientNorm() + " above " + tolerance
                    + "); raise max-iterations or tolerance");
        }
        return fit.point();
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        Pull pull = new Pull(dataSpace, data);
        Pull atRecord = new Pull(dataSpace, data);
        double[] x = start.clone();
        for (int iteration = 0; iteration < maxIterations; iteration++) {
            pull.at(x);
            // with every record at x the pull is 0 and so is the subgradient: the loop stops here too
            if (pull.subgradient() <= tolerance) {
                return new EstimatorFit(x, iteration, pull.subgradient(), true, "weiszfeld", "");
            }
            // Weiszfeld approaches a median that is a record only sublinearly and never reaches it: once the
            // iterate is near a record, test the record itself (0 in its subdifferential: |s| <= k)
            if (pull.nearest != null && pull.nearestDistance <= NEAR * pull.farthestDistance) {
                atRecord.at(pull.nearest);
                if (atRecord.subgradient() <= tolerance) {
                    return new EstimatorFit(pull.nearest.clone(), iteration, atRecord.subgradient(), true,
                            "weiszfeld", "");
                }
            }
            x = dataSpace.exp(x, pull.step());
        }
        pull.at(x);
        double norm = pull.subgradient();
        return new EstimatorFit(x, maxIterations, norm, norm <= tolerance, "weiszfeld", norm <= tolerance ? ""
                : "the iteration limit was reached before the smallest subgradient fell below the tolerance");
    }

    /** The smallest subgradient's norm at x ({@link Pull#subgradient}): 0 exactly at a median. */
    static double smallestSubgradient(Geometry dataSpace, double[][] data, double[] x) {
        Pull pull = new Pull(dataSpace, data);
        pull.at(x);
        return pull.subgradient();
    }

    /**
     * The records' pull at a point x, in buffers reused across Weiszfeld's iterations: the sum of unit logs s over the
     * records away from x (which is also the weighted sum {@code sum_i w_i log_i}, {@code w_i = 1/rho_i}), the weights'
     * sum and the count k of records at x.
     */
    private static final class Pull {
        private final Geometry geometry;
        private final double[][] data;
        private final double[] units;
        private final double[] step;
        private final double[] log;
        private double[] x;
        private double weights;
        private int atX;
        /** The record nearest x but not at it, its distance, and the farthest record's distance. */
        private double[] nearest;
        private double nearestDistance;
        private double farthestDistance;

        Pull(Geometry geometry, double[][] data) {
            int length = geometry.layout().length();
            this.geometry = geometry;
            this.data = data;
            this.units = new double[length];
            this.step = new double[length];
            this.log = new double[length];
        }

        void at(double[] point) {
            x = point;
            Arrays.fill(units, 0);
            weights = 0;
            atX = 0;
            nearest = null;
            nearestDistance = Double.POSITIVE_INFINITY;
            farthestDistance = 0;
            for (double[] record : data) {
                geometry.log(x, record, log);
                double distance = Math.sqrt(geometry.inner(x, log, log));
                if (distance > 0) {
                    for (int j = 0; j < log.length; j++) {
                        units[j] += log[j] / distance;
                    }
                    weights += 1 / distance;
                    if (distance < nearestDistance) {
                        nearestDistance = distance;
                        nearest = record;
                    }
                    farthestDistance = Math.max(farthestDistance, distance);
                } else {
                    atX++;
                }
            }
        }

        /** {@code max(0, |s| - k) / n}: the norm of the smallest element of the subdifferential at x. */
        double subgradient() {
            return Math.max(0, Math.sqrt(geometry.inner(x, units, units)) - atX) / data.length;
        }

        /** Weiszfeld's step {@code (1 - k/|s|)_+ s / sum_i w_i} (Vardi and Zhang 2000 at a record). */
        double[] step() {
            double norm = Math.sqrt(geometry.inner(x, units, units));
            double shrink = atX == 0 ? 1 : Math.max(0, 1 - atX / norm);
            for (int j = 0; j < step.length; j++) {
                step[j] = units[j] * shrink / weights;
            }
            return step;
        }
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        return new UnitLogAverage(dataSpace, data);
    }

    /**
     * {@code 2/n}: at any x of the ball, the replaced record's term changes from one vector of norm at most 1 (a unit
     * log, or 0 at the record itself) to another; equality for two records on opposite sides of x
     * (docs/frechet-median.md). Needs every log from the ball to the ball defined: {@code 2r} below the injectivity
     * radius.
     */
    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        SensitivityBounds.requireSampleSize(n);
        if (!(radius > 0) || !(2 * radius < dataSpace.injectivityRadius())) {
            throw new IllegalArgumentException("frechet-median needs a radius r > 0 with 2r below the injectivity "
                    + "radius " + dataSpace.injectivityRadius() + ", so that every log between points of the ball is "
                    + "defined. Provided value: r = " + radius);
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

    /** {@code |(1/n) sum_i log_x x_i / rho(x, x_i)|} over the records away from x; allocation-free. */
    private static final class UnitLogAverage implements GradientField {
        private final Geometry geometry;
        private final double[][] data;
        private final double[] sum;
        private final double[] log;

        UnitLogAverage(Geometry geometry, double[][] data) {
            this.geometry = geometry;
            this.data = data;
            this.sum = new double[geometry.layout().length()];
            this.log = new double[geometry.layout().length()];
        }

        @Override
        public double gradientNorm(double[] x) {
            Arrays.fill(sum, 0);
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
            return new UnitLogAverage(geometry, data);
        }
    }
}
