package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The capability through which samplers and pictures reach the one solver without naming the SPD geometry. */
class SymmetricEigensolversTest {

    private static SymmetricEigensolvers of(String spec) {
        return Geometries.parse(spec).capability(SymmetricEigensolvers.class).orElseThrow();
    }

    @Test
    void bothMetricsLendTheSolverOfAnySize() {
        for (String spec : new String[] {"spd/affine-invariant:k=3", "spd/log-euclidean:k=2"}) {
            SymmetricEigensolvers solvers = of(spec);
            assertThat(((SymmetricEigen) solvers.eigensolver(5)).method()).isEqualTo(SymmetricEigen.Method.TRIDIAGONAL_QR);
            assertThat(((SymmetricEigen) solvers.jacobiEigensolver(5)).method()).isEqualTo(SymmetricEigen.Method.JACOBI);
            assertThat(solvers.eigensolver(2).size()).isEqualTo(2);
            // [[2, 1], [1, 2]] has eigenvalues 1 and 3
            for (SymmetricEigensolver solver : new SymmetricEigensolver[] {solvers.eigensolver(2),
                solvers.jacobiEigensolver(2)}) {
                double[] values = new double[2];
                solver.decompose(new double[] {2, 1, 1, 2}, values, null, "m");
                Arrays.sort(values);
                assertThat(values).containsExactly(new double[] {1, 3}, within(1e-15));
            }
        }
    }

    /** Jacobi returns the eigenvalues where they converge on the diagonal: seeded spectral draws rely on that order. */
    @Test
    void jacobiKeepsTheDiagonalOrder() {
        double[] values = new double[4];
        of("spd/affine-invariant:k=2").jacobiEigensolver(4).decompose(
                new double[] {3, 0, 0, 0, 0, -1, 0, 0, 0, 0, 7, 0, 0, 0, 0, 2}, values, null, "m");
        assertThat(values).containsExactly(3, -1, 7, 2);
    }

    @Test
    void aSizeOutOfRangeIsRefusedWithTheRange() {
        SymmetricEigensolvers solvers = of("spd/affine-invariant:k=2");
        assertThatThrownBy(() -> solvers.eigensolver(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a symmetric eigensolver's matrix size k must lie in [1, 64]. Provided value: 0");
        assertThatThrownBy(() -> solvers.jacobiEigensolver(65)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: 65");
    }
}
