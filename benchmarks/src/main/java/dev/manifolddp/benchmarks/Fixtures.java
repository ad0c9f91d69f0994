package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import dev.manifolddp.sampling.data.WishartGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The data sets of the benchmarks, drawn once per trial from the project's own generators with fixed seeds, so that
 * every run measures the same work. Each generator reproduces a paper's setting (Soto et al. 2022, Fig. 1 and
 * supplement §2; Utpala et al. 2023, §6.1); the seeds are arbitrary but fixed.
 */
final class Fixtures {

    /** The root seed; each data set draws from its own stream {@code (cell, 0)} of it. */
    static final long SEED = 20_240_601L;

    /** Radius of the sphere-cap data of Soto et al. 2022, Fig. 1 left. */
    static final double SPHERE_CAP_RADIUS = Math.PI / 8;

    /** Gradient-norm tolerance of the non-private means the releases are centred at (as the mechanisms use). */
    static final double MEAN_TOLERANCE = 1e-10;

    private Fixtures() {
    }

    /** A stream of the benchmark seed, one per use ({@code cell}), so that fixtures do not share draws. */
    static UniformRandomProvider stream(long cell) {
        return RandomStreams.seeded(SEED).stream(cell, 0);
    }

    /** The north pole (0, 0, 1) of S^2. */
    static double[] northPole() {
        return new double[] {0, 0, 1};
    }

    /** Soto et al. 2022, Fig. 1 left: n points on S^2 with theta ~ U[0, pi/8] around the north pole. */
    static GeneratedData sphereCap(Geometry sphere, int n) {
        return new GeodesicBallGenerator(sphere, northPole(), SPHERE_CAP_RADIUS).generate(n, stream(1));
    }

    /**
     * A fixed, asymmetric pre-shape of {@code landmarks} points (an ellipse with a drift, so that no rotation or
     * reflection maps it to itself), the centre of the Kendall data ball.
     */
    static double[] kendallCenter(Geometry kendall, int landmarks) {
        double[] raw = new double[2 * landmarks];
        for (int j = 0; j < landmarks; j++) {
            double angle = 2 * Math.PI * j / landmarks;
            raw[2 * j] = Math.cos(angle) + 0.05 * j / landmarks;
            raw[2 * j + 1] = 0.6 * Math.sin(angle);
        }
        return kendall.capability(LandmarkShapes.class).orElseThrow().preshape(raw);
    }

    /** n Kendall shapes in the geodesic ball of radius r around {@link #kendallCenter}. */
    static GeneratedData kendallBall(Geometry kendall, int landmarks, int n, double radius) {
        return new GeodesicBallGenerator(kendall, kendallCenter(kendall, landmarks), radius).generate(n, stream(2));
    }

    /** Soto et al. 2022, Fig. 1 right (df = 2 as in Reimherr et al. 2021, suppl. §1.2.1): Wishart(I/k, 2) matrices kept when rho(X, I) < 1.5. */
    static GeneratedData wishart(Geometry spd, int n) {
        return WishartGenerator.paperSetting(spd, 2).generate(n, stream(3));
    }

    /** Utpala et al. 2023, Fig. 1: SPD(k) with Haar eigenvectors and eigenvalues in [e^-r, e^r], r = 1/4. */
    static GeneratedData randomSpd(int k, int n) {
        return new RandomSpdGenerator(k, 0.25).generate(n, stream(4));
    }

    /** The Frechet mean to {@link #MEAN_TOLERANCE}, started at the ball's centre, as a release computes it. */
    static double[] mean(Geometry geometry, GeneratedData data) {
        return mean(geometry, data.points(), data.center());
    }

    /** The Frechet mean of {@code points} to {@link #MEAN_TOLERANCE}, started at {@code start}. */
    static double[] mean(Geometry geometry, double[][] points, double[] start) {
        return FrechetMean.builder().geometry(geometry).start(start).tolerance(MEAN_TOLERANCE)
                .maxIterations(2000).build().fit(points).requireConverged();
    }

    /**
     * The point at geodesic distance {@code distance} from {@code center} on the geodesic towards {@code towards}: a
     * fixed, generic evaluation point (not the mean, where a gradient vanishes).
     */
    static double[] pointInBall(Geometry geometry, double[] center, double[] towards, double distance) {
        double[] direction = geometry.log(center, towards);
        double length = geometry.norm(center, direction);
        double scale = length == 0 ? 0 : distance / length;
        for (int j = 0; j < direction.length; j++) {
            direction[j] *= scale;
        }
        return geometry.exp(center, direction);
    }

    static Geometry geometry(String spec) {
        return Geometries.parse(spec);
    }
}
