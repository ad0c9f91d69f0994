package dev.manifolddp.geometry.spd;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.SpdContractTest;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Set;

/** The geometry contract for {@code spd/affine-invariant:k=3}. */
class AffineInvariantSpd3ContractTest extends SpdContractTest {

    private static final Geometry GEOMETRY = new AffineInvariantSpd(3);

    @Override
    protected Geometry geometry() {
        return GEOMETRY;
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(ParallelTransport.class, TangentBasis.class, AmbientEmbedding.class);
    }

    @Override
    protected String spec() {
        return "spd/affine-invariant:k=3";
    }
}
