package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryContractTest;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.geometry.VolumeGrowth;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The API's geometry contract, run from its test-jar exactly as an outside plugin would run it, for H^1 (a line), H^2,
 * H^3 and H^7. Random points are {@code exp(o, t u)} with a uniform direction u and t uniform on [0, 2].
 */
@ParameterizedClass(name = "hyperbolic:d={0}")
@ValueSource(ints = {1, 2, 3, 7})
class HyperbolicContractTest extends GeometryContractTest {

    private final int d;
    private final Geometry geometry;

    HyperbolicContractTest(int d) {
        this.d = d;
        this.geometry = Geometries.parse("hyperbolic:d=" + d);
    }

    @Override
    protected Geometry geometry() {
        return geometry;
    }

    @Override
    protected double[] randomPoint(Random random) {
        return HyperbolicFixtures.randomPoint(d, 2.0, random);
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(ParallelTransport.class, TangentBasis.class, RadialVolume.class, HomogeneousSpace.class,
                ExactLaplaceSampler.class, VolumeGrowth.class);
    }

    @Override
    protected String spec() {
        return "hyperbolic:d=" + d;
    }
}
