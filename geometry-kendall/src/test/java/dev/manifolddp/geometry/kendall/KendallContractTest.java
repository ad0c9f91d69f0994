package dev.manifolddp.geometry.kendall;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.FrechetGradientBound;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryContractTest;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/** The geometry contract for {@code kendall:landmarks=k}, for each k below (the triangle case k = 3 up to k = 50). */
@ParameterizedClass(name = "kendall:landmarks={0}")
@ValueSource(ints = {3, 4, 10, 50})
class KendallContractTest extends GeometryContractTest {

    private final int landmarks;
    private final Geometry geometry;

    KendallContractTest(int landmarks) {
        this.landmarks = landmarks;
        this.geometry = Geometries.parse(spec());
    }

    @Override
    protected Geometry geometry() {
        return geometry;
    }

    /** The pre-shape of a configuration with independent standard Gaussian coordinates. */
    @Override
    protected double[] randomPoint(Random random) {
        return KendallFixtures.randomPreshape(geometry, random);
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(TangentBasis.class, AmbientEmbedding.class, LandmarkShapes.class, ParallelTransport.class,
                RadialVolume.class, AmbientMetric.class, HomogeneousSpace.class, JacobiFields.class,
                SquaredDistanceHessian.class, FrechetGradientBound.class);
    }

    @Override
    protected String spec() {
        return "kendall:landmarks=" + landmarks;
    }
}
