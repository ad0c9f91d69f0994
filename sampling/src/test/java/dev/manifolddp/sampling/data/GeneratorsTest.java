package dev.manifolddp.sampling.data;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** KS at alpha = 1e-3 with fixed seeds: deterministic; a random seed would fail with probability 1e-3. */
class GeneratorsTest {

    private static UniformRandomProvider rng(long cell) {
        return RandomStreams.seeded(91L).stream(cell, 0);
    }

    @Test
    void sphereCapDataLieInTheBallWithUniformGeodesicRadius() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] north = {0, 0, 1};
        double r = Math.PI / 8;
        GeneratedData data = new GeodesicBallGenerator(sphere, north, r).generate(3000, rng(0));
        assertThat(data.size()).isEqualTo(3000);
        assertThat(data.center()).containsExactly(north);
        assertThat(data.radius()).isEqualTo(r);
        double[] theta = new double[data.size()];
        for (int i = 0; i < theta.length; i++) {
            assertThat(sphere.pointViolation(data.points()[i], 1e-9)).isEmpty();
            theta[i] = sphere.distance(north, data.points()[i]);
            assertThat(theta[i]).isLessThanOrEqualTo(r + 1e-12);
        }
        assertFollows("geodesic radius against U[0, pi/8]", theta, t -> Math.min(1, Math.max(0, t / r)));
    }

    @Test
    void geodesicBallDataOnKendallLieInTheBall() {
        Geometry kendall = Geometries.parse("kendall:landmarks=6");
        double[] center = kendall.capability(dev.manifolddp.geometry.LandmarkShapes.class).orElseThrow()
                .preshape(new double[] {0, 0, 1, 0, 2, 0.5, 2, 1.5, 1, 2, 0, 1});
        GeneratedData data = new GeodesicBallGenerator(kendall, center, 0.2).generate(500, rng(1));
        for (double[] x : data.points()) {
            assertThat(kendall.distance(center, x)).isLessThanOrEqualTo(0.2 + 1e-12);
        }
    }

    @Test
    void wishartDataLieInTheBall() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        for (double df : new double[] {2, 3}) {
            GeneratedData data = WishartGenerator.paperSetting(spd, df).generate(500, rng(2));
            assertThat(data.center()).containsExactly(1, 0, 0, 1);
            assertThat(data.radius()).isEqualTo(1.5);
            for (double[] x : data.points()) {
                assertThat(spd.pointViolation(x, 1e-9)).isEmpty();
                assertThat(spd.distance(data.center(), x)).isLessThan(1.5);
            }
            assertThat(data.description()).contains("Wishart");
        }
    }

    /**
     * Without effective rejection (a huge ball) the sample mean estimates df V. Entry-wise standard errors with
     * n = 20 000 are below 0.02 for these parameters; the tolerance 0.1 is over 5 standard errors.
     */
    @Test
    void wishartMeanIsDfTimesScale() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        double[] v = {0.5, 0.1, 0.0, 0.1, 0.4, -0.1, 0.0, -0.1, 0.3};
        double df = 5;
        GeneratedData data = new WishartGenerator(spd, v, df, 1e6).generate(20_000, rng(3));
        double[] mean = new double[9];
        for (double[] x : data.points()) {
            for (int i = 0; i < 9; i++) {
                mean[i] += x[i] / data.size();
            }
        }
        for (int i = 0; i < 9; i++) {
            assertThat(mean[i]).as("entry %d", i).isCloseTo(df * v[i], org.assertj.core.data.Offset.offset(0.1));
        }
    }

    @Test
    void aHopelessWishartBallFailsClearly() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[] farScale = {100, 0, 0, 100};
        WishartGenerator generator = new WishartGenerator(spd, farScale, 2, 0.01);
        assertThatThrownBy(() -> generator.generate(1, rng(4))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("in a row").hasMessageContaining("enlarge the radius");
    }

    @Test
    void randomSpdDataLieInTheDeclaredBall() {
        Geometry logEuclidean = Geometries.parse("spd/log-euclidean:k=5");
        Geometry affine = Geometries.parse("spd/affine-invariant:k=5");
        RandomSpdGenerator generator = new RandomSpdGenerator(5, 0.25);
        GeneratedData data = generator.generate(500, rng(5));
        assertThat(data.radius()).isEqualTo(Math.sqrt(5) * 0.25);
        double[] meanDiagonal = new double[5];
        double offDiagonal = 0;
        for (double[] x : data.points()) {
            assertThat(logEuclidean.pointViolation(x, 1e-9)).isEmpty();
            assertThat(logEuclidean.distance(data.center(), x)).isLessThanOrEqualTo(data.radius() + 1e-12);
            assertThat(affine.distance(data.center(), x)).isLessThanOrEqualTo(data.radius() + 1e-12);
            for (int i = 0; i < 5; i++) {
                meanDiagonal[i] += x[i * 5 + i] / data.size();
            }
            offDiagonal += x[1] / data.size();
        }
        // lambda independent of U: E[X] = E[lambda] I with E[lambda] = (e^-r + e^r) / 2 = cosh(1/4). Diagonal
        // entries have sd about 0.1, so the mean of 500 has standard error 0.0045; 0.02 is over 4 standard errors.
        double expected = Math.cosh(0.25);
        for (double m : meanDiagonal) {
            assertThat(m).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.02));
        }
        assertThat(offDiagonal).isCloseTo(0, org.assertj.core.data.Offset.offset(0.02));
    }

    @Test
    void badInputIsRejected() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] north = {0, 0, 1};
        assertThatThrownBy(() -> new GeodesicBallGenerator(sphere, north, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("radius")
                .hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> new GeodesicBallGenerator(sphere, north, 4)).hasMessageContaining("injectivity");
        assertThatThrownBy(() -> new GeodesicBallGenerator(sphere, new double[] {0, 0, 2}, 1))
                .hasMessageContaining("center");
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        assertThatThrownBy(() -> new GeodesicBallGenerator(new dev.manifolddp.sampling.TestLine(),
                new double[] {0}, 1)).hasMessageContaining("TangentBasis");
        assertThatThrownBy(() -> WishartGenerator.paperSetting(spd, 0.5)).hasMessageContaining("df");
        assertThatThrownBy(() -> new WishartGenerator(spd, new double[] {1, 2, 2, 1}, 3, 1))
                .hasMessageContaining("positive definite");
        assertThatThrownBy(() -> new WishartGenerator(spd, new double[] {1, 0, 0, 1}, 3, -1))
                .hasMessageContaining("radius");
        assertThatThrownBy(() -> new WishartGenerator(sphere, new double[] {1, 0, 0, 1}, 3, 1))
                .hasMessageContaining("k x k");
        assertThatThrownBy(() -> new RandomSpdGenerator(0, 0.25)).hasMessageContaining("k");
        assertThatThrownBy(() -> new RandomSpdGenerator(3, Double.NaN)).hasMessageContaining("r");
        assertThatThrownBy(() -> new RandomSpdGenerator(3, 0.25).generate(0, rng(6))).hasMessageContaining("n");
    }
}
