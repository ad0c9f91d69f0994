package dev.manifolddp.plugins.hyperbolic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The exact Laplace of the plugin against its law: the radius {@code rho(eta, x)} against the CDF of
 * {@code exp(-t/sigma) sinh^(d-1) t} by numerical quadrature, and the direction against the law of one coordinate of
 * a uniform unit vector. Seeded
 * Kolmogorov-Smirnov tests at alpha = 1e-3: deterministic; a random seed would fail each with probability 1e-3.
 */
@Tag("statistical")
class HyperbolicLaplaceSamplerTest {

    private static final double ALPHA = 1e-3;
    private static final int DRAWS = 4000;

    @ParameterizedTest(name = "H^{0}, sigma {1}")
    @CsvSource({"1, 0.7", "2, 0.3", "2, 0.8", "3, 0.4", "6, 0.15"})
    void radiusFollowsTheLaplaceAtAnyCentre(int d, double sigma) {
        Geometry h = Geometries.parse("hyperbolic:d=" + d);
        ExactLaplaceSampler sampler = h.capability(ExactLaplaceSampler.class).orElseThrow();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1000L * d + (long) (sigma * 100));
        double[] center = HyperbolicFixtures.randomPoint(d, 1.5, new Random(d));
        double[] draw = new double[d + 1];
        double[] radii = new double[DRAWS];
        long proposals = 0;
        for (int i = 0; i < DRAWS; i++) {
            proposals += sampler.sample(center, sigma, rng, draw);
            assertThat(h.pointViolation(draw, 1e-9)).isEmpty();
            radii[i] = h.distance(center, draw);
        }
        DoubleUnaryOperator cdf = radialCdf(d, sigma);
        assertThat(KolmogorovSmirnovTest.withDefaults().test(radii, cdf::applyAsDouble).getPValue())
                .as("KS p-value of the radius").isGreaterThan(ALPHA);
        assertThat(proposals).as("proposals, against the acceptance rate the Gamma envelope gives")
                .isLessThan((long) (DRAWS / acceptanceRate(d, sigma) * 1.2) + 50);
    }

    /**
     * At the origin the direction of a draw is its space part over its norm, computed without the model's
     * cancellation far out: its first coordinate against the law of one coordinate of a uniform unit vector (for
     * d = 1 the sign, +1 with probability 1/2, within 4 standard deviations: false failure about 6e-5).
     */
    @ParameterizedTest(name = "H^{0}, sigma {1}")
    @CsvSource({"1, 0.7", "2, 0.3", "2, 0.8", "3, 0.4", "6, 0.15"})
    void directionIsUniform(int d, double sigma) {
        Geometry h = Geometries.parse("hyperbolic:d=" + d);
        ExactLaplaceSampler sampler = h.capability(ExactLaplaceSampler.class).orElseThrow();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(2000L * d + (long) (sigma * 100));
        double[] origin = HyperbolicFixtures.origin(d);
        double[] draw = new double[d + 1];
        double[] cosines = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            sampler.sample(origin, sigma, rng, draw);
            double norm = 0;
            for (int j = 1; j <= d; j++) {
                norm += draw[j] * draw[j];
            }
            cosines[i] = draw[1] / Math.sqrt(norm);
        }
        if (d == 1) {
            long positive = java.util.Arrays.stream(cosines).filter(c -> c > 0).count();
            assertThat(Math.abs(positive - DRAWS / 2.0)).isLessThan(4 * Math.sqrt(DRAWS) / 2);
            return;
        }
        assertThat(KolmogorovSmirnovTest.withDefaults().test(cosines, cosineCdf(d)::applyAsDouble).getPValue())
                .as("KS p-value of the direction").isGreaterThan(ALPHA);
    }

    @Test
    void refusesScalesWhereNoLaplaceExists() {
        Geometry h = Geometries.parse("hyperbolic:d=3");
        ExactLaplaceSampler sampler = h.capability(ExactLaplaceSampler.class).orElseThrow();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        double[] out = new double[4];
        assertThatThrownBy(() -> sampler.sample(HyperbolicFixtures.origin(3), 0.5, rng, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sigma must be below 1/(d-1) = 0.500000 on hyperbolic:d=3")
                .hasMessageEndingWith("Provided value: 0.5");
        assertThatThrownBy(() -> sampler.sample(new double[] {2, 0, 0, 0}, 0.1, rng, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("center is not a point");
        double[] center = HyperbolicFixtures.origin(3);
        assertThatThrownBy(() -> sampler.sample(center, 0.1, rng, center))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alias");
    }

    /** The CDF of {@code exp(-t/sigma) sinh^(d-1) t}, by the trapezoid rule on [0, T] with a negligible tail. */
    static DoubleUnaryOperator radialCdf(int d, double sigma) {
        double rate = 1 / sigma - (d - 1);
        double upper = 80 / rate;
        int intervals = 400_000;
        double h = upper / intervals;
        double[] cumulative = new double[intervals + 1];
        double previous = density(d, sigma, 0);
        for (int i = 1; i <= intervals; i++) {
            double value = density(d, sigma, i * h);
            cumulative[i] = cumulative[i - 1] + 0.5 * h * (previous + value);
            previous = value;
        }
        double total = cumulative[intervals];
        return t -> {
            if (t <= 0) {
                return 0;
            }
            if (t >= upper) {
                return 1;
            }
            double position = t / h;
            int i = (int) position;
            return (cumulative[i] + (position - i) * (cumulative[i + 1] - cumulative[i])) / total;
        };
    }

    /** {@code exp(-t/sigma) sinh^(d-1) t}, written as {@code exp(-t/sigma + (d-1) log sinh t)} to avoid overflow. */
    private static double density(int d, double sigma, double t) {
        if (d == 1) {
            return Math.exp(-t / sigma);
        }
        if (t == 0) {
            return 0;
        }
        double logSinh = t + Math.log(-Math.expm1(-2 * t) / 2);
        return Math.exp(-t / sigma + (d - 1) * logSinh);
    }

    /** The law of the first coordinate c of a uniform unit vector of R^d (d >= 2): {@code ∝ (1 - c^2)^((d-3)/2)}. */
    private static DoubleUnaryOperator cosineCdf(int d) {
        int intervals = 200_000;
        double h = 2.0 / intervals;
        double[] cumulative = new double[intervals + 1];
        double exponent = (d - 3) / 2.0;
        // midpoint rule: the density is singular at +-1 for d = 2
        for (int i = 0; i < intervals; i++) {
            double c = -1 + (i + 0.5) * h;
            cumulative[i + 1] = cumulative[i] + h * Math.pow(1 - c * c, exponent);
        }
        double total = cumulative[intervals];
        return c -> {
            if (c <= -1) {
                return 0;
            }
            if (c >= 1) {
                return 1;
            }
            double position = (c + 1) / h;
            int i = Math.min((int) position, intervals - 1);
            return (cumulative[i] + (position - i) * (cumulative[i + 1] - cumulative[i])) / total;
        };
    }

    /** {@code int exp(-t/sigma) sinh^(d-1) t dt / (Gamma(d) lambda^-d)}, by the same quadrature. */
    private static double acceptanceRate(int d, double sigma) {
        double rate = 1 / sigma - (d - 1);
        double upper = 80 / rate;
        int intervals = 400_000;
        double h = upper / intervals;
        double sum = 0;
        for (int i = 1; i < intervals; i++) {
            sum += density(d, sigma, i * h);
        }
        sum += 0.5 * (density(d, sigma, 0) + density(d, sigma, upper));
        double gamma = 1;
        for (int i = 2; i < d; i++) {
            gamma *= i;
        }
        return sum * h / (gamma * Math.pow(rate, -d));
    }
}
