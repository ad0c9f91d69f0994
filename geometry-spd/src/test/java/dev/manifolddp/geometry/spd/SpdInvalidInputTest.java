package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.ParallelTransport;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Off-manifold, non-finite and overflowing input: clear exceptions from both forms, never a silent NaN. */
class SpdInvalidInputTest {

    private static final double[] P = {2, 0.5, 0.5, 1};
    private static final double[] V = {0.3, -0.1, -0.1, 0.2};
    private static final double[] NOT_SYMMETRIC = {2, 0.5, 0.4, 1};
    private static final double[] INDEFINITE = {1, 2, 2, 1}; // eigenvalues 3 and -1
    private static final double[] SINGULAR = {1, 1, 1, 1};

    private final List<SpdGeometry> geometries = List.of(new AffineInvariantSpd(2), new LogEuclideanSpd(2));

    @Test
    void pointViolationNamesTheAsymmetryOrTheSmallestEigenvalue() {
        for (SpdGeometry g : geometries) {
            assertThat(g.pointViolation(P, 1e-12)).isEmpty();
            assertThat(g.pointViolation(NOT_SYMMETRIC, 1e-8)).get().asString()
                    .contains("not symmetric").contains("0.100");
            assertThat(g.pointViolation(NOT_SYMMETRIC, 0.1)).isEmpty(); // within a loose tolerance
            assertThat(g.pointViolation(INDEFINITE, 1e-8)).get().asString()
                    .contains("not positive definite").contains("-1.00000");
            assertThat(g.pointViolation(SINGULAR, 1e-8)).get().asString().contains("not positive definite");
            assertThat(g.pointViolation(new double[4], 1e-8)).get().asString().contains("not positive definite");
        }
    }

    @Test
    void allocatingFormsRejectOffManifoldPoints() {
        for (SpdGeometry g : geometries) {
            assertThatThrownBy(() -> g.log(P, NOT_SYMMETRIC)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("q is not a point of " + g.spec()).hasMessageContaining("not symmetric");
            assertThatThrownBy(() -> g.exp(INDEFINITE, V)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("p is not a point").hasMessageContaining("smallest eigenvalue is -1.00000");
            assertThatThrownBy(() -> g.exp(P, new double[] {0, 1, 0, 0})).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a tangent vector");
            assertThatThrownBy(() -> g.log(P, new double[] {2, 0.5, 0.5})).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("length 3");
        }
    }

    @Test
    void outFormsThrowInsteadOfReturningNaN() {
        double[] out = new double[4];
        for (SpdGeometry g : geometries) {
            ParallelTransport transport = (ParallelTransport) g;
            List<Executable> calls = List.of(
                    () -> g.exp(INDEFINITE, V, out),
                    () -> g.log(P, INDEFINITE, out),
                    () -> g.log(SINGULAR, P, out),
                    () -> g.distance(P, INDEFINITE),
                    () -> g.distance(SINGULAR, P),
                    () -> g.inner(INDEFINITE, V, V),
                    () -> transport.transport(P, INDEFINITE, V, out),
                    () -> g.ambientRadius(INDEFINITE, 1.0));
            for (Executable call : calls) {
                assertThatThrownBy(call::execute).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("not symmetric positive definite");
            }
            double[] nan = {2, Double.NaN, Double.NaN, 1};
            assertThatThrownBy(() -> g.log(P, nan, out)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("non-finite");
            assertThatThrownBy(() -> g.exp(P, new double[] {Double.POSITIVE_INFINITY, 0, 0, 0}, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-finite");
        }
        LogEuclideanSpd le = new LogEuclideanSpd(2);
        assertThatThrownBy(() -> le.toChart(INDEFINITE, new double[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not symmetric positive definite");
        assertThatThrownBy(() -> le.mean(new double[][] {P, INDEFINITE}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("points[1]");
        assertThatThrownBy(() -> le.mean(new double[0][], out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void expThatOverflowsOrUnderflowsTheDoubleRangeIsRefused() {
        double[] identity = {1, 0, 0, 1};
        double[] out = new double[4];
        for (SpdGeometry g : geometries) {
            assertThatThrownBy(() -> g.exp(identity, new double[] {800, 0, 0, 1}, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overflows");
            assertThatThrownBy(() -> g.exp(identity, new double[] {-800, 0, 0, 1}, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("underflows");
        }
        assertThatThrownBy(() -> new LogEuclideanSpd(2).fromChart(new double[] {1000, 0, 0}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overflows");
    }

    @Test
    void logIsDefinedFarAwayBecauseThereIsNoCutLocus() {
        double[] far = {Math.exp(8), 0, 0, Math.exp(-7)};
        double[] p = {2, 0.5, 0.5, 1};
        for (SpdGeometry g : geometries) {
            double[] v = g.log(p, far);
            assertThat(g.norm(p, v)).isCloseTo(g.distance(p, far), org.assertj.core.data.Offset.offset(1e-9));
            double[] back = g.exp(p, v);
            for (int i = 0; i < 4; i++) {
                assertThat(back[i]).isCloseTo(far[i], org.assertj.core.data.Offset.offset(1e-9 * Math.exp(8)));
            }
        }
    }
}
