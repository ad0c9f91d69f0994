package dev.manifolddp.sampling.mcmc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import org.junit.jupiter.api.Test;

class MetropolisHastingsValidationTest {

    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final double[] north = {0, 0, 1};

    private MetropolisHastings.Builder valid() {
        return MetropolisHastings.builder().geometry(sphere).target(new LaplaceLogDensity(sphere, north, 0.5))
                .proposal(new TangentGaussianProposal(sphere)).step(0.5).burnIn(10).thin(1).samples(10);
    }

    @Test
    void settingsAreChecked() {
        assertThatThrownBy(() -> valid().step(0).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("step").hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> valid().step(Double.NaN).build()).hasMessageContaining("step");
        assertThatThrownBy(() -> valid().burnIn(-1).build()).hasMessageContaining("burnIn")
                .hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> valid().thin(0).build()).hasMessageContaining("thin")
                .hasMessageContaining("Provided value: 0");
        assertThatThrownBy(() -> valid().samples(0).build()).hasMessageContaining("samples");
        assertThatThrownBy(() -> valid().chains(0).build()).hasMessageContaining("chains");
        assertThatThrownBy(() -> valid().restrictTo(north, 0).build()).hasMessageContaining("ball radius")
                .hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> valid().restrictTo(north, -2).build()).hasMessageContaining("ball radius");
        assertThatThrownBy(() -> valid().restrictTo(new double[] {0, 0, 2}, 1).build())
                .hasMessageContaining("ball center");
        assertThatThrownBy(() -> valid().adaptStep(1.5).build()).hasMessageContaining("acceptance")
                .hasMessageContaining("Provided value: 1.5");
        assertThatThrownBy(() -> valid().burnIn(0).adaptStep(0.3).build()).hasMessageContaining("burn-in");
        assertThatThrownBy(() -> valid().proposal(null).build()).hasMessageContaining("proposal");
        assertThatThrownBy(() -> MetropolisHastings.builder().geometry(sphere).build())
                .hasMessageContaining("target");
    }

    @Test
    void startsAreChecked() {
        MetropolisHastings mh = valid().restrictTo(north, 0.5).build();
        var rng = RandomStreams.seeded(1L).stream(0, 0);
        assertThatThrownBy(() -> mh.run(new double[] {1, 0, 0}, rng)).hasMessageContaining("outside the ball");
        assertThatThrownBy(() -> mh.run(new double[] {0, 0, 3}, rng)).hasMessageContaining("not a point");
        MetropolisHastings twoChains = valid().chains(2).build();
        assertThatThrownBy(() -> twoChains.run(new double[][] {north}, rng)).hasMessageContaining("one point per chain");
        MetropolisHastings zeroDensity = valid().target(x -> Double.NEGATIVE_INFINITY).build();
        assertThatThrownBy(() -> zeroDensity.run(north, rng)).hasMessageContaining("finite");
    }

    @Test
    void aNaNTargetIsReported() {
        var count = new int[1];
        MetropolisHastings mh = valid().target(x -> count[0]++ == 0 ? 0.0 : Double.NaN).build();
        assertThatThrownBy(() -> mh.run(north, RandomStreams.seeded(1L).stream(0, 0)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("NaN");
    }

    @Test
    void proposalsNameTheCapabilityTheyNeed() {
        assertThatThrownBy(() -> new ChartRandomWalkProposal(sphere)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IsometricChart");
        Geometry line = new dev.manifolddp.sampling.TestLine();
        assertThatThrownBy(() -> new TangentGaussianProposal(line)).hasMessageContaining("TangentBasis");
        assertThatThrownBy(() -> new TangentBoxProposal(line)).hasMessageContaining("TangentBasis");
    }
}
