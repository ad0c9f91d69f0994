package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.utility.AmbientDistance;
import dev.manifolddp.experiments.utility.GeodesicDistance;
import dev.manifolddp.experiments.utility.SquaredGeodesicDistance;
import dev.manifolddp.experiments.utility.VechDistance;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import org.junit.jupiter.api.Test;

class UtilityMeasuresTest {

    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final double[] north = {0, 0, 1};

    @Test
    void geodesicDistanceOfAPointIsExact() {
        double[] p = {Math.sin(0.2), 0, Math.cos(0.2)};
        Measurement m = new GeodesicDistance().measure(sphere, p, north);
        assertThat(m.status()).isEqualTo(Measurement.Status.EXACT);
        assertThat(m.value()).isCloseTo(0.2, within(1e-12));
        Measurement squared = new SquaredGeodesicDistance().measure(sphere, p, north);
        assertThat(squared.value()).isCloseTo(0.04, within(1e-12));
    }

    @Test
    void anOffManifoldReleaseIsMeasuredAfterProjection() {
        double[] ambient = {2 * Math.sin(0.2), 0, 2 * Math.cos(0.2)};
        Measurement m = new GeodesicDistance().measure(sphere, ambient, north);
        assertThat(m.status()).isEqualTo(Measurement.Status.PROJECTED);
        assertThat(m.value()).isCloseTo(0.2, within(1e-12));
        Measurement ambientDistance = new AmbientDistance().measure(sphere, ambient, north);
        assertThat(ambientDistance.status()).isEqualTo(Measurement.Status.EXACT);
        assertThat(ambientDistance.value()).isCloseTo(Math.hypot(2 * Math.sin(0.2), 2 * Math.cos(0.2) - 1),
                within(1e-12));
    }

    @Test
    void aReleaseWithoutProjectionIsUndefinedNotNaN() {
        Measurement m = new GeodesicDistance().measure(sphere, new double[] {0, 0, 0}, north);
        assertThat(m.status()).isEqualTo(Measurement.Status.UNDEFINED);
        assertThat(m.isDefined()).isFalse();
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        Measurement indefinite = new GeodesicDistance().measure(spd, new double[] {1, 2, 2, 1}, new double[] {1, 0,
                0, 1});
        assertThat(indefinite.status()).isEqualTo(Measurement.Status.UNDEFINED);
        assertThat(new GeodesicDistance().measure(sphere, new double[] {Double.NaN, 0, 1}, north).isDefined())
                .isFalse();
    }

    @Test
    void vechCountsEachOffDiagonalEntryOnce() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[] a = {2, 0.5, 0.5, 1};
        double[] b = {1, 0, 0, 1};
        Measurement m = new VechDistance().measure(spd, a, b);
        assertThat(m.value()).isCloseTo(Math.sqrt(1 + 0.25), within(1e-15));
        // ambient (vecd, Frobenius) counts it with weight sqrt 2
        assertThat(new AmbientDistance().measure(spd, a, b).value()).isCloseTo(Math.sqrt(1 + 2 * 0.25),
                within(1e-12));
        assertThat(new VechDistance().unsupported(sphere)).isPresent();
        assertThat(new VechDistance().unsupported(spd)).isEmpty();
    }
}
