package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * Shared test data and statistical assertions. Every statistical test runs with a fixed seed, so it is deterministic;
 * with a random seed it would fail with probability {@link #ALPHA} (per assertion) when the mechanism is right.
 */
final class Fixtures {

    /** Significance level of every KS assertion in this module. */
    static final double ALPHA = 1e-3;
    /** The cap radius of Soto et al. 2022, Fig. 1 left (Soto et al. 2022, suppl. §2.4.1). */
    static final double CAP_RADIUS = Math.PI / 8;

    /**
     * The unit sphere's bound on |log_x y - log_x y'| over a cap of radius r, written out independently of the code
     * (docs/sensitivity-bounds.md §3) at the admitted radius r (1 + DataBall.SLACK):
     * {@code 2 sin(t) sqrt(g(2t) g(2 asin(sin(t)/2)))}, {@code g(a) = a / sin a}. At pi/8: 0.81670445323704
     * (Soto et al. 2022, Theorem 2: 0.95394605172681).
     */
    static double sphereLogDifference(double r) {
        double t = r * (1 + DataBall.SLACK);
        double a = 2 * t;
        double b = 2 * Math.asin(Math.sin(t) / 2);
        return 2 * Math.sin(t) * Math.sqrt(a / Math.sin(a) * (b / Math.sin(b)));
    }

    /** h_max(2r, 1) = 2r cot 2r at the admitted radius r (1 + DataBall.SLACK): the Laplace's strong convexity. */
    static double sphereH2r(double r) {
        double a = 2 * r * (1 + DataBall.SLACK);
        return a / Math.tan(a);
    }

    private Fixtures() {
    }

    static Geometry sphere() {
        return Geometries.parse("sphere:d=2");
    }

    static double[] northPole() {
        return new double[] {0, 0, 1};
    }

    static UniformRandomProvider rng(long cell, long replicate) {
        return RandomStreams.seeded(20240607L).stream(cell, replicate);
    }

    /** n points in {@code B_r(p0)} around the north pole of S^2 (theta ~ U[0, r]), as in Soto et al. 2022, Fig. 1 left. */
    static GeneratedData sphereCap(int n, double radius, UniformRandomProvider rng) {
        return new GeodesicBallGenerator(sphere(), northPole(), radius).generate(n, rng);
    }

    static DataBall ball(GeneratedData data) {
        return DataBall.declared(data.center(), data.radius());
    }

    /** Identity matrix of size k, row-major. */
    static double[] identity(int k) {
        double[] m = new double[k * k];
        for (int i = 0; i < k; i++) {
            m[i * k + i] = 1;
        }
        return m;
    }

    /** A regular k-gon pre-shape, slightly perturbed so that it has no symmetry. */
    static double[] polygonShape(Geometry kendall) {
        LandmarkShapes shapes = kendall.capability(LandmarkShapes.class).orElseThrow();
        int k = shapes.landmarks();
        double[] configuration = new double[2 * k];
        for (int j = 0; j < k; j++) {
            double angle = 2 * Math.PI * j / k;
            double radius = 1 + 0.1 * j;
            configuration[2 * j] = radius * Math.cos(angle);
            configuration[2 * j + 1] = radius * Math.sin(angle);
        }
        return shapes.preshape(configuration);
    }

    static double euclidean(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(sum);
    }

    static void assertFollows(String what, double[] sample, DoubleUnaryOperator cdf) {
        double p = KolmogorovSmirnovTest.withDefaults().test(sample, cdf).getPValue();
        assertThat(p).as("KS p-value of %s (n = %d)", what, sample.length).isGreaterThanOrEqualTo(ALPHA);
    }

    static void assertSameLaw(String what, double[] x, double[] y) {
        double p = KolmogorovSmirnovTest.withDefaults().test(x, y).getPValue();
        assertThat(p).as("two-sample KS p-value of %s", what).isGreaterThanOrEqualTo(ALPHA);
    }

    /**
     * The CDF of the unnormalised density {@code exp(-t/sigma) sin^(d-1)(t)} on [0, pi] (the geodesic radius of the
     * Riemannian Laplace on the unit S^d, docs/exact-sampling.md), by the cumulative trapezoid rule on a fine grid.
     */
    static DoubleUnaryOperator sphereLaplaceRadiusCdf(int d, double sigma) {
        int intervals = 200_000;
        double upper = Math.PI;
        double h = upper / intervals;
        double[] cumulative = new double[intervals + 1];
        double previous = 0;
        for (int i = 1; i <= intervals; i++) {
            double t = i * h;
            double value = Math.exp(-t / sigma) * Math.pow(Math.sin(t), d - 1);
            cumulative[i] = cumulative[i - 1] + 0.5 * h * (previous + value);
            previous = value;
        }
        double total = cumulative[intervals];
        return x -> {
            if (x <= 0) {
                return 0;
            }
            if (x >= upper) {
                return 1;
            }
            double position = x / h;
            int i = (int) position;
            double fraction = position - i;
            return (cumulative[i] + fraction * (cumulative[i + 1] - cumulative[i])) / total;
        };
    }
}
