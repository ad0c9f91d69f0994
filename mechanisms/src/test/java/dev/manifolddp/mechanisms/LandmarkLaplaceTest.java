package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** The point-wise landmark Laplace on Kendall shapes with 5 landmarks (2k = 10 coordinates). */
class LandmarkLaplaceTest {

    private static final Geometry KENDALL = Geometries.parse("kendall:landmarks=5");
    private static final LandmarkShapes SHAPES = KENDALL.capability(LandmarkShapes.class).orElseThrow();
    private static final double R = 0.3;
    private static final int N = 30;

    private static GeneratedData data(UniformRandomProvider rng) {
        return new GeodesicBallGenerator(KENDALL, Fixtures.polygonShape(KENDALL), R).generate(N, rng);
    }

    @Test
    void ballRangesAreCalibratedInL1() {
        UniformRandomProvider rng = Fixtures.rng(50, 0);
        GeneratedData data = data(rng);
        Release<double[]> release = LandmarkLaplace.builder().build()
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        // r_E = 2 sin(r/2); Delta_2 = r_E sqrt(4 - r_E^2) / n = 2 sin(r) / n; Delta_1 = sqrt(2k) Delta_2
        double l2 = 2 * Math.sin(R) / N;
        double delta = Math.sqrt(10) * l2;
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        assertThat(release.parameters().get("l2Sensitivity")).isEqualTo(l2);
        // the discrete Laplace's integer scale t = ceil(sigma (floor(Delta_1/g) + 2k) / Delta_1) + 1 on the grid g:
        // at most a relative 2k g / Delta_1 + 2^-19 above the continuous sigma = Delta_1 / epsilon
        assertThat(release.sigma()).isBetween(delta, delta * (1 + 0x1p-18 + 10 * 0x1p-20));
        assertThat(release.parameters()).containsKey("noise").containsKey("granularity").containsKey("gridScale");
        assertThat(release.parameters()).containsEntry("align", true).containsEntry("alignTo", "center")
                .containsEntry("range", "ball").containsEntry("split", "l1");
        assertThat(release.guarantee().isProven()).isTrue();
        assertThat(KENDALL.pointViolation(release.value(), 1e-9)).isEmpty();

        Release<double[]> unaligned = LandmarkLaplace.builder().align(false).build()
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        // unaligned records are arbitrary unit vectors: l2 diameter 2
        assertThat(unaligned.sensitivity()).isCloseTo(Math.sqrt(10) * 2.0 / N, within(1e-15));
        assertThat(unaligned.parameters()).containsEntry("alignTo", "none");
    }

    /**
     * The l1 noise on every coordinate is the discrete Laplace of the calibrated integer scale t (exact law
     * {@code P(y) = (1 - q)/(1 + q) q^|y|}, {@code q = e^(-1/t)}), and the l1 radius of the 100-coordinate draw is
     * the K-norm radius, Gamma(D, t) up to the lattice's relative 1/t. Seeded KS tests at k = 50.
     */
    @Test
    void theDrawFollowsTheL1LatticeLaw() {
        Geometry fifty = Geometries.parse("kendall:landmarks=50");
        double[] center = Fixtures.polygonShape(fifty);
        Calibration calibration = LandmarkLaplace.builder().build().calibrate(
                dev.manifolddp.estimators.FrechetMeanEstimator.DEFAULT, fifty, DataBall.declared(center, 0.3), N,
                PrivacyBudget.pure(1));
        double g = (double) calibration.parameters().get("granularity");
        long t = (long) calibration.parameters().get("gridScale");
        double[] granularities = new double[100];
        long[] scales = new long[100];
        java.util.Arrays.fill(granularities, g);
        java.util.Arrays.fill(scales, t);
        LandmarkLaplace.Noise noise = new LandmarkLaplace.Noise(granularities, scales);
        UniformRandomProvider rng = Fixtures.rng(54, 0);
        int draws = 400;
        double[] coordinates = new double[draws * 100];
        double[] radii = new double[draws];
        for (int d = 0; d < draws; d++) {
            double[] noisy = LandmarkLaplace.drawOnGrid(center, noise, rng);
            for (int j = 0; j < 100; j++) {
                long y = Math.round(noisy[j] / g) - dev.manifolddp.sampling.noise.NoiseGrid.index(center[j], g);
                coordinates[d * 100 + j] = y;
                radii[d] += Math.abs(y) / (double) t;
            }
        }
        double q = Math.exp(-1.0 / t);
        Fixtures.assertFollows("discrete Laplace coordinates", coordinates, x -> {
            double y = Math.floor(x);
            return y < 0 ? Math.pow(q, -y) / (1 + q) : 1 - Math.pow(q, y + 1) / (1 + q);
        });
        org.apache.commons.statistics.distribution.GammaDistribution radius =
                org.apache.commons.statistics.distribution.GammaDistribution.of(100, 1);
        Fixtures.assertFollows("l1 radius / t", radii, radius::cumulativeProbability);
    }

    /** At k = 50 the l1 scale is sqrt(100) / cos(r/2) times below the per-coordinate split's 2k 2 r_E / (n epsilon). */
    @Test
    void theL1ScaleIsSqrt2kBelowThePerCoordinateSplit() {
        Geometry fifty = Geometries.parse("kendall:landmarks=50");
        Calibration calibration = LandmarkLaplace.builder().build().calibrate(
                dev.manifolddp.estimators.FrechetMeanEstimator.DEFAULT, fifty,
                DataBall.declared(Fixtures.polygonShape(fifty), 0.3), N, PrivacyBudget.pure(1));
        double split = 100 * 2 * (2 * Math.sin(0.15)) / N;
        assertThat(split / calibration.sigma()).isCloseTo(10 / Math.cos(0.15), within(1e-3));
    }

    /** Every aligned record deviates from the centre by at most r_E in every coordinate (the javadoc's argument). */
    @Test
    void alignedRecordsRespectTheBallRange() {
        UniformRandomProvider rng = Fixtures.rng(51, 0);
        GeneratedData data = data(rng);
        double[] center = data.center();
        double bound = 2 * Math.sin(R / 2);
        for (double[] point : data.points()) {
            double[] aligned = SHAPES.align(point, center);
            assertThat(Fixtures.euclidean(aligned, center)).isLessThanOrEqualTo(bound * (1 + 1e-12));
        }
    }

    @Test
    void dataRangesNeedTheNonPrivateFlagAndAreRecorded() {
        assertThatThrownBy(() -> LandmarkLaplace.builder().range(LandmarkLaplace.Range.DATA).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-private")
                .hasMessageEndingWith("Provided value: range = data");
        assertThatThrownBy(() -> Mechanisms.create("landmark-laplace", Map.of("range", "data")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-private");
        assertThatThrownBy(() -> LandmarkLaplace.builder().alignTo(LandmarkLaplace.Reference.MEAN).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: align-to = mean");

        UniformRandomProvider rng = Fixtures.rng(52, 0);
        GeneratedData data = data(rng);
        Release<double[]> release = Mechanisms.create("landmark-laplace",
                Map.of("range", "data", "non-private", "true"))
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.dataDerived()).isTrue();
        assertThat(release.guarantee().isProven()).isFalse();
        assertThat(release.parameters()).containsEntry("nonPrivate", true).containsEntry("range", "data")
                .containsEntry("split", "coordinate").containsEntry("coordinateEpsilon", 0.1);
        assertThat(release.warnings()).anyMatch(w -> w.startsWith("NOT PRIVATE: the landmark coordinate ranges"));
        // range_j = max_i |z_ij - m_j| over the records aligned to the centre
        double[][] aligned = new double[N][];
        double[] mean = new double[10];
        for (int i = 0; i < N; i++) {
            aligned[i] = SHAPES.align(data.points()[i], data.center());
            for (int j = 0; j < 10; j++) {
                mean[j] += aligned[i][j] / N;
            }
        }
        @SuppressWarnings("unchecked")
        List<Double> ranges = (List<Double>) release.parameters().get("coordinateRanges");
        for (int j = 0; j < 10; j++) {
            double range = 0;
            for (double[] z : aligned) {
                range = Math.max(range, Math.abs(z[j] - mean[j]));
            }
            assertThat(ranges.get(j)).isCloseTo(range, within(1e-12));
        }

        Release<double[]> paperAlignment = LandmarkLaplace.builder().alignTo(LandmarkLaplace.Reference.MEAN)
                .nonPrivate(true).build()
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(paperAlignment.guarantee().isProven()).isFalse();
        assertThat(paperAlignment.warnings()).anyMatch(w -> w.contains("Procrustes reference"));
    }

    @Test
    void needsLandmarkShapes() {
        UniformRandomProvider rng = Fixtures.rng(53, 0);
        GeneratedData cap = Fixtures.sphereCap(20, Fixtures.CAP_RADIUS, rng);
        assertThatThrownBy(() -> LandmarkLaplace.builder().build().release(Fixtures.sphere(), cap.points(),
                Fixtures.ball(cap), PrivacyBudget.pure(1), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LandmarkShapes");
    }
}
