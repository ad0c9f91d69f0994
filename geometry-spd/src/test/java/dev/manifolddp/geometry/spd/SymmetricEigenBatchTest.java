package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Allocations;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link SymmetricEigenBatch} against {@link SymmetricEigen} matrix by matrix: the lockstep QR iteration must give
 * bit-identical eigenvalues and eigenvectors whatever the group size and position, so that results do not depend on
 * how records are grouped. The accuracy of the one-matrix path itself (against EJML, orthogonality, residuals, on
 * random, repeated, clustered and graded spectra) is {@link TridiagonalQrEigenTest}'s; bit-identity carries it over.
 */
class SymmetricEigenBatchTest {

    /**
     * Every input of {@link TridiagonalQrEigenTest} (random, 2I, I + 1e-12 S, condition 1e4 and 1e8, clusters, ...)
     * from k = 3 on, where the QR path starts, and extreme scales.
     */
    private static List<double[]> inputs(int k, Random random) {
        List<double[]> inputs = new ArrayList<>();
        if (k >= SymmetricEigen.TRIDIAGONAL_QR_FROM) {
            for (TridiagonalQrEigenTest.Input input : TridiagonalQrEigenTest.INPUTS) {
                inputs.add(input.build().apply(k, random));
            }
        }
        for (int m = 0; m < 5; m++) {
            inputs.add(SymmetricEigenTest.randomSymmetric(k, random, 1));
        }
        inputs.add(SymmetricEigenTest.randomSymmetric(k, random, 1e-200));
        inputs.add(SymmetricEigenTest.randomSymmetric(k, random, 1e200));
        return inputs;
    }

    @Test
    void groupsGiveBitIdenticalResultsToOneMatrixAtATime() {
        Random random = new Random(21);
        for (int k : new int[] {1, 2, 3, 4, 5, 7, 12, 30}) {
            double[][] matrices = inputs(k, random).toArray(new double[0][]);
            int n = matrices.length;
            double[][] values = new double[n][k];
            double[][] vectors = new double[n][k * k];
            SymmetricEigen single = new SymmetricEigen(k);
            for (int m = 0; m < n; m++) {
                single.decompose(matrices[m], values[m], vectors[m], "a");
            }
            for (SymmetricEigenBatch batch : new SymmetricEigenBatch[] {new SymmetricEigenBatch(k),
                new SymmetricEigenBatch(k, 0)}) {
                for (int group = 1; group <= SymmetricEigenBatch.GROUP; group++) {
                    // shifted starts put each matrix at every position of a group, next to different partners
                    for (int shift = 0; shift < group; shift++) {
                        double[][] gotValues = new double[SymmetricEigenBatch.GROUP][k];
                        double[][] gotVectors = new double[SymmetricEigenBatch.GROUP][k * k];
                        for (int from = -shift; from < n; from += group) {
                            int start = Math.max(0, from);
                            int count = Math.min(from + group, n) - start;
                            batch.decompose(matrices, start, count, gotValues, gotVectors, "a");
                            for (int b = 0; b < count; b++) {
                                assertThat(gotValues[b]).as("k = %d, matrix %d, group %d", k, start + b, group)
                                        .isEqualTo(values[start + b]);
                                assertThat(gotVectors[b]).as("k = %d, matrix %d, group %d", k, start + b, group)
                                        .isEqualTo(vectors[start + b]);
                            }
                            batch.decompose(matrices, start, count, gotValues, null, "a");
                            for (int b = 0; b < count; b++) {
                                assertThat(gotValues[b]).as("values only, k = %d, matrix %d", k, start + b)
                                        .isEqualTo(values[start + b]);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void rejectsBadCountsAndNonFiniteEntries() {
        SymmetricEigenBatch batch = new SymmetricEigenBatch(3);
        double[][] values = new double[SymmetricEigenBatch.GROUP][3];
        double[][] matrices = {new double[9], new double[9]};
        assertThatThrownBy(() -> batch.decompose(matrices, 0, 0, values, null, "a"))
                .hasMessageContaining("count must be in [1, " + SymmetricEigenBatch.GROUP + "]");
        matrices[1][4] = Double.NaN;
        assertThatThrownBy(() -> batch.decompose(matrices, 0, 2, values, null, "a"))
                .hasMessageContaining("a has the non-finite entry NaN at (1, 1)");
    }

    @Test
    void allocatesNothing() {
        if (!Allocations.supported()) {
            return;
        }
        Random random = new Random(22);
        for (int k : new int[] {2, 10}) {
            SymmetricEigenBatch batch = new SymmetricEigenBatch(k);
            double[][] matrices = new double[SymmetricEigenBatch.GROUP][];
            for (int m = 0; m < matrices.length; m++) {
                matrices[m] = SymmetricEigenTest.randomSymmetric(k, random, 1);
            }
            double[][] values = new double[SymmetricEigenBatch.GROUP][k];
            double[][] vectors = new double[SymmetricEigenBatch.GROUP][k * k];
            assertThat(Allocations.bytesPerCall(() -> batch.decompose(matrices, 0, matrices.length, values, vectors,
                    "a"), 5_000)).as("k = %d", k).isLessThan(1.0);
        }
    }
}
