package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link TangentBundle}: packing, the Sasaki inner product in the split, point checks, and honest refusals. */
class TangentBundleTest {

    private final TangentBundle bundle = TangentBundle.of(EuclideanSpace.of(2));

    @Test
    void packsAndSplitsFootpointAndVector() {
        double[] point = bundle.pack(new double[] {1, 2}, new double[] {3, 4});
        assertThat(point).containsExactly(1, 2, 3, 4);
        assertThat(bundle.footpoint(point)).containsExactly(1, 2);
        assertThat(bundle.vector(point)).containsExactly(3, 4);
        assertThat(bundle.dimension()).isEqualTo(4);
        assertThat(bundle.spec()).isEqualTo("tangent-bundle(euclidean:n=2)");
    }

    @Test
    void theSasakiInnerProductAddsTheHorizontalAndVerticalParts() {
        double[] point = bundle.pack(new double[] {1, 2}, new double[] {3, 4});
        double[] u = {1, 2, 3, 4};
        double[] w = {5, 6, 7, 8};
        assertThat(bundle.inner(point, u, w)).isEqualTo(5 + 12 + 21 + 32);
        double[] out = new double[4];
        bundle.projectToTangent(point, u, out);
        assertThat(out).containsExactly(u);
    }

    @Test
    void aPointNeedsAFootpointAndATangentVector() {
        assertThat(bundle.pointViolation(new double[] {1, 2, 3, 4}, 1e-9)).isEmpty();
        assertThat(bundle.pointViolation(new double[] {1, 2, 3}, 1e-9)).get().asString().contains("length 4");
        assertThatThrownBy(() -> GeometryChecks.requirePoint(bundle, "theta", new double[] {Double.NaN, 2, 3, 4}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("theta");
    }

    @Test
    void geodesicOperationsAreRefusedNotApproximated() {
        double[] point = {1, 2, 3, 4};
        assertThatThrownBy(() -> bundle.distance(point, point)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("no closed form");
        assertThatThrownBy(() -> bundle.exp(point, point, new double[4]))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(bundle::curvature).isInstanceOf(UnsupportedOperationException.class);
        assertThat(bundle.capability(TangentBundle.class)).contains(bundle);
    }
}
