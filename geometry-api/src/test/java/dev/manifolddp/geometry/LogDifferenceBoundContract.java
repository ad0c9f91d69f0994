package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalDouble;
import java.util.Random;
import java.util.function.Function;

/**
 * The promise of {@link LogDifferenceBound}, checked for every geometry that claims it (run by
 * {@link GeometryContractTest}): for x, y, y' in a closed ball of radius r, {@code |log_x y - log_x y'|_x} is at most
 * the bound, and the bound is at least 2r (x = y on the boundary and y' opposite attain 2r). The mean's sensitivity is
 * this bound over n, so a bound below the supremum somewhere is a privacy failure.
 *
 * <p>Radii are 0.15, 0.5 and 0.95 of the ball limit of {@link FrechetGradientBoundContract#ballLimit}. For each, random
 * triples (each point on the boundary with probability 1/2, else uniform in a tangent ball), the opposite-boundary
 * triple, and a random local search from the worst triple for a larger difference. Allowed excess: {@code 1e-10} of the
 * bound, far below any margin a proof needs and above the rounding of log.
 */
public final class LogDifferenceBoundContract {

    private static final double[] RADII = {0.15, 0.5, 0.95};
    private static final int TRIPLES = 200;
    private static final int SEARCH_STEPS = 300;

    private LogDifferenceBoundContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        LogDifferenceBound capability = geometry.capability(LogDifferenceBound.class).orElseThrow();
        assertThatThrownBy(() -> capability.logDifferenceBound(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: NaN");
        Random random = new Random(202);
        for (double fraction : RADII) {
            double r = fraction * FrechetGradientBoundContract.ballLimit(geometry);
            OptionalDouble claimed = capability.logDifferenceBound(r);
            if (claimed.isEmpty()) {
                continue;
            }
            double bound = claimed.getAsDouble();
            assertThat(bound).as("bound at r = %s is at least 2r", r).isGreaterThanOrEqualTo(2 * r * (1 - 1e-12));
            double[] center = points.apply(random);
            FrechetGradientBoundContract.Ball ball = new FrechetGradientBoundContract.Ball(geometry, center, r);
            double[][] worst = null;
            double worstValue = -1;
            for (int t = 0; t < TRIPLES; t++) {
                double[][] triple = new double[3][];
                for (int i = 0; i < 3; i++) {
                    triple[i] = random.nextBoolean() ? ball.boundaryPoint(random) : ball.interiorPoint(random);
                }
                double value = difference(geometry, triple);
                if (value > worstValue) {
                    worstValue = value;
                    worst = triple;
                }
            }
            double[] boundary = ball.boundaryPoint(random);
            double[] opposite = geometry.exp(center, FrechetGradientBoundContract.Ball.scaled(geometry.log(center, boundary), -1));
            double attained = difference(geometry, new double[][] {boundary, boundary, opposite});
            assertThat(attained).isLessThanOrEqualTo(bound * (1 + 1e-10));
            for (int s = 0; s < SEARCH_STEPS; s++) {
                double[][] candidate = worst.clone();
                int i = random.nextInt(3);
                double[] step = ball.tangent(worst[i], 0.05 * r, random);
                candidate[i] = ball.clamp(geometry.exp(worst[i], step));
                double value = difference(geometry, candidate);
                if (value > worstValue) {
                    worstValue = value;
                    worst = candidate;
                }
            }
            assertThat(worstValue).as("%s: |log_x y - log_x y'| at r = %s", geometry.spec(), r)
                    .isLessThanOrEqualTo(bound * (1 + 1e-10));
        }
    }

    private static double difference(Geometry geometry, double[][] triple) {
        double[] u = geometry.log(triple[0], triple[1]);
        double[] v = geometry.log(triple[0], triple[2]);
        for (int c = 0; c < u.length; c++) {
            u[c] -= v[c];
        }
        return geometry.norm(triple[0], u);
    }
}
