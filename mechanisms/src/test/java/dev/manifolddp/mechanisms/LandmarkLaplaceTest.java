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
    void ballRangesArePublicAndSplitTheBudget() {
        UniformRandomProvider rng = Fixtures.rng(50, 0);
        GeneratedData data = data(rng);
        Release<double[]> release = LandmarkLaplace.builder().build()
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        // range_j = r_E = 2 sin(r/2); Delta_j = 2 range_j / n; sigma_j = Delta_j / (epsilon / 2k)
        double delta = 2 * 2 * Math.sin(R / 2) / N;
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        // the discrete Laplace's integer scale t = ceil(sigma (floor(Delta/g) + 1) / Delta) + 1 on the grid g: at most
        // a relative 2^-18 above the continuous sigma = Delta / (epsilon / 2k)
        assertThat(release.sigma()).isBetween(delta * 10, delta * 10 * (1 + 0x1p-17));
        assertThat(release.parameters()).containsKey("noise").containsKey("coordinateGranularities");
        assertThat(release.parameters()).containsEntry("align", true).containsEntry("alignTo", "center")
                .containsEntry("range", "ball").containsEntry("coordinateEpsilon", 0.1);
        assertThat(release.guarantee().isProven()).isTrue();
        assertThat(KENDALL.pointViolation(release.value(), 1e-9)).isEmpty();

        Release<double[]> unaligned = LandmarkLaplace.builder().align(false).build()
                .release(KENDALL, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(unaligned.sensitivity()).isCloseTo(2.0 / N, within(1e-15));
        assertThat(unaligned.parameters()).containsEntry("alignTo", "none");
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
        assertThat(release.parameters()).containsEntry("nonPrivate", true).containsEntry("range", "data");
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
