package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.SpdContractTest;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Set;

/** The geometry contract for {@code spd/log-euclidean:k=2}. */
class LogEuclideanSpd2ContractTest extends SpdContractTest {

    private static final Geometry GEOMETRY = new LogEuclideanSpd(2);

    @Override
    protected Geometry geometry() {
        return GEOMETRY;
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(ParallelTransport.class, TangentBasis.class, AmbientEmbedding.class, IsometricChart.class,
                ClosedFormMean.class);
    }

    @Override
    protected String spec() {
        return "spd/log-euclidean:k=2";
    }
}
