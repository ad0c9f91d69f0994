package dev.manifolddp.geometry.kendall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.PointLayout;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Discovery through {@link java.util.ServiceLoader} and parameter errors. */
class KendallProviderTest {

    @Test
    void specIsFoundThroughTheServiceLoader() {
        Geometry g = Geometries.parse("kendall:landmarks=7");
        assertThat(g).isInstanceOf(KendallShapeSpace.class).isEqualTo(new KendallShapeSpace(7));
        assertThat(g.name()).isEqualTo("kendall");
        assertThat(g.spec()).isEqualTo("kendall:landmarks=7").isEqualTo(g.toString());
        assertThat(Geometries.parse(" kendall : landmarks = 7 ").spec()).isEqualTo(g.spec());
        assertThat(g.layout()).isEqualTo(PointLayout.landmarks(7));
        assertThat(g.dimension()).isEqualTo(10);
        assertThat(g.injectivityRadius()).isEqualTo(Math.PI / 2);
        assertThat(g.curvature()).isEqualTo(new CurvatureBounds(1, 4));
        assertThat(Geometries.parse("kendall:landmarks=3").curvature()).isEqualTo(CurvatureBounds.constant(4));
        assertThat(Geometries.create("kendall", Map.of("landmarks", "50")).dimension()).isEqualTo(96);
        assertThat(Geometries.providers()).anySatisfy(provider -> {
            assertThat(provider).isInstanceOf(KendallProvider.class);
            assertThat(provider.description()).contains("shape space");
            assertThat(provider.parameters()).singleElement().satisfies(p -> assertThat(p.isRequired()).isTrue());
        });
    }

    @Test
    void parameterErrorsSayWhatIsAccepted() {
        assertThatThrownBy(() -> Geometries.parse("kendall")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the parameter 'landmarks'");
        assertThatThrownBy(() -> Geometries.parse("kendall:landmarks=5,k=5"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no parameter 'k'")
                .hasMessageContaining("landmarks (required)");
        assertThatThrownBy(() -> Geometries.parse("kendall:landmarks=2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'landmarks' must lie in [3,");
        assertThatThrownBy(() -> Geometries.parse("kendall:landmarks=ten"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be an integer");
        GeometryProvider provider = new KendallProvider();
        assertThatThrownBy(() -> provider.create(Map.of("landmarks", "-4")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-4");
    }
}
