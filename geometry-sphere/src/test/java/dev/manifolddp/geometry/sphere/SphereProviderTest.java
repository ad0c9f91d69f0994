package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Discovery through {@code META-INF/services} and the parameter checks of {@code sphere:d=..,radius=..}. */
class SphereProviderTest {

    @Test
    void isFoundByTheServiceLoader() {
        assertThat(Geometries.providers()).extracting(GeometryProvider::name).contains("sphere");
        GeometryProvider provider = Geometries.registry().provider("sphere");
        assertThat(provider).isInstanceOf(SphereProvider.class);
        assertThat(provider.description()).isNotBlank();
        assertThat(provider.parameters()).extracting(p -> p.name()).containsExactly("d", "radius");
    }

    @Test
    void specIsCanonicalAndRoundTrips() {
        Geometry unit = Geometries.parse("sphere:d=2");
        assertThat(unit).isInstanceOf(SphereGeometry.class);
        assertThat(unit.spec()).isEqualTo("sphere:d=2,radius=1.0");
        assertThat(unit.toString()).isEqualTo(unit.spec());
        assertThat(((SphereGeometry) unit).radius()).isEqualTo(1.0);
        assertThat(unit.layout().length()).isEqualTo(3);

        Geometry scaled = Geometries.parse(" sphere : d = 3 , radius = 2.5 ");
        assertThat(scaled.spec()).isEqualTo("sphere:d=3,radius=2.5");
        assertThat(Geometries.parse(scaled.spec()).spec()).isEqualTo(scaled.spec());

        Geometry odd = Geometries.create("sphere", Map.of("d", "1", "radius", "0.1"));
        assertThat(((SphereGeometry) Geometries.parse(odd.spec())).radius()).isEqualTo(0.1);
    }

    @Test
    void unknownOrMissingParametersListWhatIsAccepted() {
        assertThatThrownBy(() -> Geometries.parse("sphere:d=2,dim=3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no parameter 'dim'").hasMessageContaining("d (required)")
                .hasMessageContaining("radius (default 1)");
        assertThatThrownBy(() -> Geometries.parse("sphere")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the parameter 'd'");
    }

    @Test
    void badValuesAreRejected() {
        assertThatThrownBy(() -> Geometries.parse("sphere:d=0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'d'").hasMessageContaining("0");
        assertThatThrownBy(() -> Geometries.parse("sphere:d=two")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("integer");
        assertThatThrownBy(() -> Geometries.parse("sphere:d=2,radius=-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'radius'");
        assertThatThrownBy(() -> Geometries.parse("sphere:d=2,radius=NaN"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'radius'");
        assertThatThrownBy(() -> new SphereGeometry(2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("radius");
    }
}
