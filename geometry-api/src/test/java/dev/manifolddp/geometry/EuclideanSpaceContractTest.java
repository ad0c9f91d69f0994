package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The geometry contract on R^4, the parameter space of real-valued estimands, and its own checks. */
class EuclideanSpaceContractTest extends GeometryContractTest {

    private final EuclideanSpace space = EuclideanSpace.of(4);

    @Override
    protected Geometry geometry() {
        return space;
    }

    @Override
    protected double[] randomPoint(Random random) {
        double[] p = new double[4];
        for (int i = 0; i < p.length; i++) {
            p[i] = 3 * random.nextGaussian();
        }
        return p;
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return Set.of(IsometricChart.class, TangentBasis.class, ParallelTransport.class, HomogeneousSpace.class);
    }

    @Override
    protected String spec() {
        return "euclidean:n=4";
    }

    @Override
    protected double propertyRadius() {
        return 3.0;
    }

    @Override
    protected double[] offManifoldPoint(double[] p) {
        return null; // every finite vector is a point of R^k
    }

    @Test
    @Override
    void specParsesToTheSameGeometry() {
        // R^k is the API's parameter space, not a registered data geometry: parse through an explicit registry
        GeometryProvider provider = new GeometryProvider() {
            @Override
            public String name() {
                return "euclidean";
            }

            @Override
            public String description() {
                return "R^n";
            }

            @Override
            public List<ParameterSpec> parameters() {
                return List.of(ParameterSpec.optional("n", "dimension", "1"));
            }

            @Override
            public Geometry create(Map<String, String> parameters) {
                return EuclideanSpace.of(Parameters.check("euclidean", parameters(), parameters).integer("n", 1, 10));
            }
        };
        Geometry parsed = Geometries.parse(dev.manifolddp.spi.Registry.of(GeometryProvider.KIND, List.of(provider)),
                spec());
        assertThat(parsed).isEqualTo(space);
        assertThat(parsed.spec()).isEqualTo(spec());
    }

    @Test
    void distanceIsTheEuclideanNormOfTheDifference() {
        assertThat(space.distance(new double[] {1, 2, 3, 4}, new double[] {1, 5, 7, 4})).isEqualTo(5.0);
        assertThat(space.curvature().min()).isZero();
        assertThat(space.curvature().max()).isZero();
        assertThat(space.injectivityRadius()).isInfinite();
    }

    @Test
    void aDimensionOutsideTheRangeIsRefusedByName() {
        assertThatThrownBy(() -> EuclideanSpace.of(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimension k").hasMessageContaining("Provided value: 0");
    }
}
