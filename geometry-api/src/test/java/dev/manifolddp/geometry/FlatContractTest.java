package dev.manifolddp.geometry;

import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Runs the contract on the test-only flat geometry, so the contract itself is exercised in this module. */
class FlatContractTest extends GeometryContractTest {

    private final Geometry flat = new FlatProvider().create(java.util.Map.of("n", "3"));

    @Override
    protected Geometry geometry() {
        return flat;
    }

    @Override
    protected double[] randomPoint(Random random) {
        return new double[] {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of();
    }

    @Override
    protected String spec() {
        return "flat:n=3";
    }

    @Override
    protected double propertyRadius() {
        return 2.0;
    }

    @Override
    protected double[] offManifoldPoint(double[] p) {
        return null; // every finite vector is a point of R^n
    }

    @Test
    @Override
    void specParsesToTheSameGeometry() {
        // The flat provider is not on the service path; check the round trip through an explicit registry.
        Geometry parsed = Geometries.parse(dev.manifolddp.spi.Registry.of(GeometryProvider.KIND, List.of(new FlatProvider())), spec());
        org.assertj.core.api.Assertions.assertThat(parsed.spec()).isEqualTo(flat.spec());
    }
}
