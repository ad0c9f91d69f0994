package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryProvider;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpdProviderTest {

    @Test
    void spdAliasGivesTheAffineInvariantMetric() {
        Geometry g = Geometries.parse("spd:k=3");
        assertThat(g).isInstanceOf(AffineInvariantSpd.class);
        assertThat(g.name()).isEqualTo("spd/affine-invariant");
        assertThat(g.spec()).isEqualTo("spd/affine-invariant:k=3");
        assertThat(g.toString()).isEqualTo(g.spec());
        assertThat(g.dimension()).isEqualTo(6);
        assertThat(g.layout().length()).isEqualTo(9);
    }

    @Test
    void logEuclideanIsFoundByNameAndRoundTrips() {
        Geometry g = Geometries.create("spd/log-euclidean", Map.of("k", "4"));
        assertThat(g).isInstanceOf(LogEuclideanSpd.class);
        assertThat(g.spec()).isEqualTo("spd/log-euclidean:k=4");
        assertThat(Geometries.parse(g.spec()).spec()).isEqualTo(g.spec());
        assertThat(g.curvature().min()).isZero();
        assertThat(g.curvature().max()).isZero();
        Geometry affine = Geometries.parse(" spd/affine-invariant : k = 2 ");
        assertThat(affine.curvature().min()).isEqualTo(-0.5);
        assertThat(affine.curvature().max()).isZero();
        assertThat(affine.injectivityRadius()).isInfinite();
    }

    @Test
    void bothProvidersAreListed() {
        assertThat(Geometries.providers()).extracting(GeometryProvider::name)
                .contains("spd/affine-invariant", "spd/log-euclidean");
    }

    @Test
    void unknownMissingAndBadParametersAreExplained() {
        assertThatThrownBy(() -> Geometries.parse("spd:k=3,d=2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no parameter 'd'").hasMessageContaining("k (required)");
        assertThatThrownBy(() -> Geometries.parse("spd/log-euclidean")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the parameter 'k'");
        assertThatThrownBy(() -> Geometries.parse("spd:k=0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, 64]").hasMessageContaining("0");
        assertThatThrownBy(() -> Geometries.parse("spd/log-euclidean:k=65"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1, 64]");
        assertThatThrownBy(() -> Geometries.parse("spd:k=two")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be an integer");
        assertThatThrownBy(() -> new AffineInvariantSpd(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: 0");
    }
}
