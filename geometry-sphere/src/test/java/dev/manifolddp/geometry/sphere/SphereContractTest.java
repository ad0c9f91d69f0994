package dev.manifolddp.geometry.sphere;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryContractTest;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.LogDifferenceBound;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/** The geometry contract for each sphere specification below (unit spheres of two dimensions and a radius-2.5 one). */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"sphere:d=2", "sphere:d=5", "sphere:d=3,radius=2.5"})
class SphereContractTest extends GeometryContractTest {

    private final String spec;
    private final Geometry geometry;

    SphereContractTest(String spec) {
        this.spec = spec;
        this.geometry = Geometries.parse(spec);
    }

    @Override
    protected Geometry geometry() {
        return geometry;
    }

    /** A Gaussian vector scaled to the radius: uniform on the sphere. */
    @Override
    protected double[] randomPoint(Random random) {
        double[] p = new double[geometry.layout().length()];
        double norm;
        do {
            double sum = 0;
            for (int i = 0; i < p.length; i++) {
                p[i] = random.nextGaussian();
                sum += p[i] * p[i];
            }
            norm = Math.sqrt(sum);
        } while (norm < 1e-3);
        double radius = ((SphereGeometry) geometry).radius();
        for (int i = 0; i < p.length; i++) {
            p[i] *= radius / norm;
        }
        return p;
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(ParallelTransport.class, TangentBasis.class, AmbientEmbedding.class, RadialVolume.class,
                AmbientMetric.class, HomogeneousSpace.class, JacobiFields.class, SquaredDistanceHessian.class,
                LogSums.class, HessianSums.class, LogDifferenceBound.class);
    }

    @Override
    protected String spec() {
        return spec;
    }
}
