package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.experiments.utility.BallCentreDistance;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Timing;
import org.junit.jupiter.api.Test;

/** {@code distance-to-ball-centre}: the release's distance to the public centre, not to the estimate. */
class BallCentreDistanceTest {

    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final BallCentreDistance measure = new BallCentreDistance();

    @Test
    void measuresTheReleaseAgainstTheCentreNotTheEstimate() {
        double[] centre = {0, 0, 1};
        double[] estimate = {Math.sin(0.1), 0, Math.cos(0.1)};
        double[] release = {0, Math.sin(0.3), Math.cos(0.3)};
        Measurement m = measure.measure(sphere, release, estimate, Timing.NONE, centre);
        assertThat(m.status()).isEqualTo(Measurement.Status.EXACT);
        assertThat(m.value()).isCloseTo(0.3, within(1e-12));
        // an ambient release off the sphere is projected first, and counted as such
        Measurement off = measure.measure(sphere, new double[] {0, 2 * Math.sin(0.3), 2 * Math.cos(0.3)}, estimate,
                Timing.NONE, centre);
        assertThat(off.status()).isEqualTo(Measurement.Status.PROJECTED);
        assertThat(off.value()).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void withoutACentreItIsUndefined() {
        double[] point = {0, 0, 1};
        assertThat(measure.measure(sphere, point, point, Timing.NONE, null).isDefined()).isFalse();
        assertThat(measure.measure(sphere, point, point).isDefined()).isFalse();
    }
}
