package dev.manifolddp.experiments.output.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TensorAxesTest {

    /** The Jacobi solver of the SPD geometry, as the pictures borrow it. */
    static final SymmetricEigensolvers SOLVERS = Geometries.parse("spd/log-euclidean:k=3")
            .capability(SymmetricEigensolvers.class).orElseThrow();

    /** A random rotation (Gram-Schmidt on a seeded Gaussian-ish matrix), as rows. */
    static double[][] rotation(SplittableRandom random) {
        double[][] q = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                q[i][j] = random.nextDouble(-1, 1);
            }
            for (int k = 0; k < i; k++) {
                double dot = q[i][0] * q[k][0] + q[i][1] * q[k][1] + q[i][2] * q[k][2];
                for (int j = 0; j < 3; j++) {
                    q[i][j] -= dot * q[k][j];
                }
            }
            double norm = Math.sqrt(q[i][0] * q[i][0] + q[i][1] * q[i][1] + q[i][2] * q[i][2]);
            for (int j = 0; j < 3; j++) {
                q[i][j] /= norm;
            }
        }
        return q;
    }

    /** sum_i values[i] q_i q_i^T, row-major. */
    static double[] tensor(double[] values, double[][] q) {
        double[] m = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    m[3 * r + c] += values[i] * q[i][r] * q[i][c];
                }
            }
        }
        return m;
    }

    /** Known spectra spread over three orders of magnitude (as in diffusion data) are recovered to relative 1e-9. */
    @Test
    void recoversKnownSpectraAndVectors() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 200; trial++) {
            double[] values = {4e-3 * random.nextDouble(0.5, 1), 1e-3 * random.nextDouble(0.2, 1),
                    7e-6 * random.nextDouble(0.5, 1)};
            double[][] q = rotation(random);
            TensorAxes eigen = TensorAxes.of(SOLVERS.jacobiEigensolver(3), tensor(values, q));
            for (int i = 0; i < 3; i++) {
                assertThat(eigen.values()[i]).isCloseTo(values[i], within(1e-9 * values[0]));
                double dot = 0;
                for (int j = 0; j < 3; j++) {
                    dot += eigen.vectors()[i][j] * q[i][j];
                }
                // the two largest are well separated: their vectors are determined up to sign
                if (i < 2) {
                    assertThat(Math.abs(dot)).isCloseTo(1, within(1e-9));
                }
            }
            assertThat(tensor(eigen.values(), eigen.vectors())).containsExactly(tensor(values, q),
                    within(1e-12 * values[0]));
        }
    }

    @Test
    void fractionalAnisotropyOfClosedForms() {
        double[][] identity = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        assertThat(TensorAxes.of(SOLVERS.jacobiEigensolver(3), tensor(new double[] {2, 2, 2}, identity)).fractionalAnisotropy()).isZero();
        assertThat(TensorAxes.of(SOLVERS.jacobiEigensolver(3), tensor(new double[] {1, 0, 0}, identity)).fractionalAnisotropy())
                .isCloseTo(1, within(1e-15));
        // (3, 1, 1): mean 5/3, sum of squared deviations 8/3, |lambda|^2 = 11: sqrt(1.5 * 8/3 / 11) = sqrt(4/11)
        assertThat(TensorAxes.of(SOLVERS.jacobiEigensolver(3), tensor(new double[] {3, 1, 1}, identity)).fractionalAnisotropy())
                .isCloseTo(Math.sqrt(4.0 / 11), within(1e-15));
    }
}
