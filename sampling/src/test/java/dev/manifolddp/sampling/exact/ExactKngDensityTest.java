package dev.manifolddp.sampling.exact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Exact KNG draws against the KNG density {@code ∝ exp(-|grad U(x)|/sigma)} on {@code B_r(p0)}, integrated
 * numerically over cells of the ball (chi-square goodness of fit). The cells are boxes in geodesic polar coordinates
 * around p0, {@code x = exp(p0, theta u)}, so that the ball is exactly {@code theta <= r}; the angular coordinate is
 * measured from the direction of the mean, where the law is most asymmetric. The envelope is centred at a
 * deliberately wrong mean (half-way from the mean to the farthest data point), which exercises the {@code g0}
 * correction: the law must be exact for any anchor in the ball.
 *
 * <p>Cell probabilities: the composite midpoint rule in every polar coordinate, with the nodes of each cell inside
 * that cell, of {@code f(exp(p0, theta u)) J(theta)} times the surface element of the direction u. Doubling every node
 * count changes no cell probability by more than 3e-5 (S^2) or 6e-3 (Kendall) relative — checked when the test was
 * written — below the chi-square test's resolution (relative standard deviation of a cell count about
 * {@code 1/sqrt(expected count)}, 3% or more here). The test has power against the plausible bug of accepting every
 * proposal that lands in the ball: those draws give a p-value below 1e-300 on S^2.
 *
 * <p>Chi-square at alpha = 1e-3 with fixed seeds: deterministic; a random seed would fail each case with probability
 * 1e-3 when the sampler is right.
 */
@Tag("statistical")
class ExactKngDensityTest {

    private static final int DRAWS = 20_000;

    /** S^2, r = pi/8 (Soto et al. 2022, Fig. 1), n = 10; cells: 5 rings equal in theta^2 x 8 sectors in the azimuth phi. */
    @Test
    void sphereDrawsFollowTheKngDensity() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] p0 = {0, 0, 1};
        double r = Math.PI / 8;
        double sigma = 0.15;
        UniformRandomProvider rng = RandomStreams.seeded(501L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(sphere, p0, r).generate(10, rng).points();
        Setup setup = new Setup(sphere, p0, r, data);
        int rings = 5;
        int sectors = 8;
        double[] ringEdges = edges(r, rings, 2);

        // observed
        long[] observed = new long[rings * sectors];
        double[] out = new double[3];
        double[] u = new double[2];
        for (int i = 0; i < DRAWS; i++) {
            setup.sampler.sample(setup.target, sigma, rng, out);
            double theta = setup.polar.coordinates(out, u);
            double phi = Math.atan2(u[1], u[0]);
            observed[cell(theta, ringEdges) * sectors + sector(phi + Math.PI, 2 * Math.PI, sectors)]++;
        }

        double[] expected = sphereCells(setup, sigma, ringEdges, sectors, 60);
        assertFits("exact KNG on S^2 (r = pi/8, n = 10, sigma = 0.15)", expected, observed);
    }

    /**
     * Kendall shapes with k = 4 landmarks (CP^2, real dimension 4), r = 0.3, n = 8. Polar coordinates: theta from p0
     * with the volume element {@code J(theta) = sin^3(theta) cos(theta)} (docs/exact-sampling.md, radial laws, m = 2), and the direction
     * {@code u = (cos a, sin a cos b, sin a sin b cos c, sin a sin b sin c)} on S^3 in the frame whose first axis
     * points to the mean, with surface element {@code sin^2(a) sin(b) da db dc}. Cells: 5 shells in theta (equal in
     * theta^2) x 6 bins of the angle a to the mean's direction; the integral over (b, c), a 2-sphere of directions,
     * is a deterministic product midpoint rule (24 x 32 nodes).
     */
    @Test
    void kendallDrawsFollowTheKngDensity() {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        double[] p0 = KendallLaplaceTest.center(kendall, 4);
        double r = 0.3;
        double sigma = 0.12;
        UniformRandomProvider rng = RandomStreams.seeded(502L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(kendall, p0, r).generate(8, rng).points();
        Setup setup = new Setup(kendall, p0, r, data);
        assertThat(setup.polar.dimension()).isEqualTo(4);
        int shells = 5;
        int angles = 6;
        double[] shellEdges = edges(r, shells, 2);

        long[] observed = new long[shells * angles];
        double[] out = new double[8];
        double[] u = new double[4];
        for (int i = 0; i < DRAWS; i++) {
            setup.sampler.sample(setup.target, sigma, rng, out);
            double theta = setup.polar.coordinates(out, u);
            double a = Math.acos(Math.max(-1, Math.min(1, u[0])));
            observed[cell(theta, shellEdges) * angles + sector(a, Math.PI, angles)]++;
        }

        double[] expected = kendallCells(setup, sigma, shellEdges, angles, 1);
        assertFits("exact KNG on Kendall k = 4 (r = 0.3, n = 8, sigma = 0.12)", expected, observed);
    }


    /** Cell masses on S^2: midpoint rule in (theta, phi), {@code nodes} per cell and axis, area sin(theta). */
    static double[] sphereCells(Setup setup, double sigma, double[] ringEdges, int sectors, int nodes) {
        int rings = ringEdges.length - 1;
        double[] expected = new double[rings * sectors];
        double[] x = new double[3];
        double[] u = new double[2];
        double dPhi = 2 * Math.PI / sectors / nodes;
        for (int i = 0; i < rings; i++) {
            double dTheta = (ringEdges[i + 1] - ringEdges[i]) / nodes;
            for (int a = 0; a < nodes; a++) {
                double theta = ringEdges[i] + (a + 0.5) * dTheta;
                for (int j = 0; j < sectors; j++) {
                    for (int b = 0; b < nodes; b++) {
                        double phi = -Math.PI + (j * nodes + b + 0.5) * dPhi;
                        u[0] = Math.cos(phi);
                        u[1] = Math.sin(phi);
                        setup.polar.point(theta, u, x);
                        expected[i * sectors + j] += setup.density(x, sigma) * Math.sin(theta) * dTheta * dPhi;
                    }
                }
            }
        }
        return expected;
    }

    /**
     * Cell masses on Kendall k = 4: midpoint rule with 8 {@code refine} nodes per cell in theta and in a, and
     * 24 {@code refine} x 32 {@code refine} nodes over (b, c).
     */
    static double[] kendallCells(Setup setup, double sigma, double[] shellEdges, int angles, int refine) {
        int shells = shellEdges.length - 1;
        int thetaNodes = 8 * refine;
        int aNodes = 8 * refine;
        int bNodes = 24 * refine;
        int cNodes = 32 * refine;
        double[] expected = new double[shells * angles];
        double[] x = new double[8];
        double[] u = new double[4];
        double dA = Math.PI / angles / aNodes;
        double dB = Math.PI / bNodes;
        double dC = 2 * Math.PI / cNodes;
        for (int i = 0; i < shells; i++) {
            double dTheta = (shellEdges[i + 1] - shellEdges[i]) / thetaNodes;
            for (int t = 0; t < thetaNodes; t++) {
                double theta = shellEdges[i] + (t + 0.5) * dTheta;
                double volume = Math.pow(Math.sin(theta), 3) * Math.cos(theta) * dTheta;
                for (int j = 0; j < angles; j++) {
                    double sum = 0;
                    for (int ia = 0; ia < aNodes; ia++) {
                        double a = (j * aNodes + ia + 0.5) * dA;
                        for (int ib = 0; ib < bNodes; ib++) {
                            double b = (ib + 0.5) * dB;
                            double weight = Math.sin(a) * Math.sin(a) * Math.sin(b);
                            for (int ic = 0; ic < cNodes; ic++) {
                                double c = (ic + 0.5) * dC;
                                u[0] = Math.cos(a);
                                u[1] = Math.sin(a) * Math.cos(b);
                                u[2] = Math.sin(a) * Math.sin(b) * Math.cos(c);
                                u[3] = Math.sin(a) * Math.sin(b) * Math.sin(c);
                                setup.polar.point(theta, u, x);
                                sum += setup.density(x, sigma) * weight;
                            }
                        }
                    }
                    expected[i * angles + j] += sum * volume * dA * dB * dC;
                }
            }
        }
        return expected;
    }

    /** The data, the gradient norm, the mean (to rounding), a rough anchor, the sampler and the polar frame. */
    static final class Setup {
        final MeanGradient gradient;
        final double[] mean;
        final KngTarget target;
        final ExactKngSampler sampler;
        final PolarFrame polar;

        Setup(Geometry geometry, double[] p0, double r, double[][] data) {
            gradient = new MeanGradient(geometry, data);
            mean = gradient.descend(p0, 300);
            double[] farthest = data[0];
            for (double[] point : data) {
                if (geometry.distance(mean, point) > geometry.distance(mean, farthest)) {
                    farthest = point;
                }
            }
            double[] halfway = geometry.log(mean, farthest);
            for (int j = 0; j < halfway.length; j++) {
                halfway[j] *= 0.5;
            }
            double[] rough = geometry.exp(mean, halfway);
            assertThat(geometry.distance(p0, rough)).isLessThanOrEqualTo(r);
            assertThat(gradient.gradientNorm(rough)).as("the rough anchor is not the mean").isGreaterThan(0.02);
            double h = ExactKngSampler.frechetMeanConvexity(geometry, r);
            target = new KngTarget(gradient, p0, r, h, rough);
            sampler = ExactKngSampler.find(geometry).orElseThrow();
            polar = new PolarFrame(geometry, p0, geometry.log(p0, mean));
        }

        /** The unnormalised KNG density (every quadrature node lies in the ball). */
        double density(double[] x, double sigma) {
            return Math.exp(-gradient.gradientNorm(x) / sigma);
        }
    }

    /** Edges {@code r (i/cells)^(1/power)}: equal cells in theta^power. */
    static double[] edges(double r, int cells, int power) {
        double[] edges = new double[cells + 1];
        for (int i = 0; i <= cells; i++) {
            edges[i] = r * Math.pow((double) i / cells, 1.0 / power);
        }
        return edges;
    }

    private static int cell(double value, double[] edges) {
        for (int i = 1; i < edges.length - 1; i++) {
            if (value < edges[i]) {
                return i - 1;
            }
        }
        return edges.length - 2;
    }

    private static int sector(double value, double range, int count) {
        return Math.min(count - 1, Math.max(0, (int) (value / range * count)));
    }

    private static void assertFits(String what, double[] probabilities, long[] observed) {
        double total = 0;
        for (double p : probabilities) {
            total += p;
        }
        double[] expected = new double[probabilities.length];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = probabilities[i] / total * DRAWS;
            assertThat(expected[i]).as("expected count of cell %d (merge cells if this fails)", i)
                    .isGreaterThan(20);
        }
        double p = ChiSquareTest.withDefaults().test(expected, observed).getPValue();
        assertThat(p).as("chi-square p-value of %s over %d cells", what, expected.length)
                .isGreaterThanOrEqualTo(StatisticalAssertions.ALPHA);
    }
}
