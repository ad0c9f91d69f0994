package dev.manifolddp.estimators;

import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometry;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The Frechet variance about a public centre c, {@code V(D) = (1/n) sum_i rho(c, x_i)^2}: the minimiser of
 * {@code U(theta; D) = (1/n) sum_i (theta - rho(c, x_i)^2)^2 / 2} on the real line ({@link EuclideanSpace} of dimension
 * 1), whose gradient is {@code theta - V(D)}. About the Frechet mean it is the population's spread (Pennec et al. 2006); about
 * a public centre it is a statistic of its own, and about a privately released mean it is the second step of a
 * two-release spread statement (docs/frechet-variance.md: the two releases compose).
 *
 * <p><b>Sensitivity</b> (docs/frechet-variance.md, proved there). Records lie in the public ball {@code B_r(m0)}; the
 * centre c is at distance {@code a = rho(c, m0)} from its centre. For every record {@code a - r <= rho(c, x) <= a + r}
 * (triangle inequality), so replacing one record moves V, and the gradient {@code theta - V} at every theta, by at most
 * {@code ((a + r)^2 - max(0, a - r)^2) / n}; at {@code a = 0} this is {@code r^2 / n}, attained by a record at the
 * centre replaced by one on the boundary. The Laplace and Gaussian mechanisms add noise to V on the line; KNG's
 * density {@code exp(-|theta - V|/sigma)} is restricted to the public interval {@code [max(0, a - r)^2, (a + r)^2]}.
 *
 * <p>The centre is the {@code center} parameter, or by default the public ball's centre, bound by {@link #forBall}
 * (mechanisms bind it in calibration). An unbound default instance refuses to estimate. Immutable and thread-safe.
 */
public final class FrechetVarianceEstimator implements Estimator {

    /** The registered name. */
    public static final String NAME = "frechet-variance";

    private static final EuclideanSpace LINE = EuclideanSpace.of(1);

    /** The configured centre (null: the public ball's), and the bound ball (null until {@link #forBall}). */
    private final double[] center;
    private final BoundBall ball;

    /** About {@code center}, or about the public ball's centre when {@code center} is null. */
    public FrechetVarianceEstimator(double[] center) {
        this(center == null ? null : center.clone(), null);
    }

    private FrechetVarianceEstimator(double[] center, BoundBall ball) {
        this.center = center;
        this.ball = ball;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Geometry parameterSpace(Geometry dataSpace) {
        return LINE;
    }

    /** The centre the variance is about, once known (the configured one, or the bound ball's); empty before. */
    public Optional<double[]> center() {
        return center != null ? Optional.of(center.clone()) : Optional.ofNullable(ball).map(b -> b.center().clone());
    }

    @Override
    public Estimator forBall(Geometry dataSpace, double[] ballCenter, double radius) {
        return new FrechetVarianceEstimator(center, BoundBall.of(NAME, dataSpace, ballCenter, radius, center,
                "center"));
    }

    @Override
    public double[] publicStart(Geometry dataSpace, double[] ballCenter) {
        return new double[] {0.0};
    }

    @Override
    public double[] estimate(Geometry dataSpace, double[][] data) {
        return minimise(dataSpace, data, null, 0, 0).point();
    }

    @Override
    public EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance,
            int maxIterations) {
        double[] c = requireCenter(dataSpace);
        DataChecks.requirePoints(dataSpace, "data", data);
        return new EstimatorFit(new double[] {variance(dataSpace, c, data)}, 0, 0.0, true, "closed form", "");
    }

    /** {@code (1/n) sum_i rho(c, x_i)^2}, summed in record order. */
    static double variance(Geometry dataSpace, double[] c, double[][] data) {
        double sum = 0;
        for (double[] record : data) {
            double distance = dataSpace.distance(c, record);
            sum += distance * distance;
        }
        return sum / data.length;
    }

    @Override
    public GradientField gradientField(Geometry dataSpace, double[][] data) {
        double[] c = requireCenter(dataSpace);
        DataChecks.requirePoints(dataSpace, "data", data);
        double v = variance(dataSpace, c, data);
        return theta -> Math.abs(theta[0] - v);
    }

    /**
     * {@code ((a + r)^2 - max(0, a - r)^2) / n}, a the centre's distance from the ball's centre: the largest change of
     * V, and of the gradient {@code theta - V} at every theta, when one record of the ball is replaced.
     */
    @Override
    public double gradientSensitivity(Geometry dataSpace, double radius, int n) {
        SensitivityBounds.requireSampleSize(n);
        requireBound(radius);
        double high = ball.offset() + radius;
        double low = Math.max(0, ball.offset() - radius);
        return (high * high - low * low) / n;
    }

    @Override
    public OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n) {
        return OptionalDouble.of(gradientSensitivity(dataSpace, radius, n));
    }

    @Override
    public Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius) {
        return Optional.empty(); // the exact KNG sampler is built for manifold envelopes; KNG draws V by a chain
    }

    /** The interval {@code [max(0, a - r)^2, (a + r)^2]} that holds V for every dataset in the ball. */
    @Override
    public Optional<ParameterBall> parameterBall(Geometry dataSpace, double[] ballCenter, double radius, int n) {
        requireBound(radius);
        double high = (ball.offset() + radius) * (ball.offset() + radius);
        double low = Math.max(0, ball.offset() - radius);
        low *= low;
        return Optional.of(new ParameterBall(new double[] {(low + high) / 2}, (high - low) / 2));
    }

    private double[] requireCenter(Geometry dataSpace) {
        return BoundBall.referenceOf(ball, center, dataSpace, NAME, "center");
    }

    private void requireBound(double radius) {
        BoundBall.require(ball, NAME, "the sensitivity depends on the centre's distance from the public ball", radius);
    }
}
