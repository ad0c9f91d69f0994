package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometry;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The entry test that {@link SymmetricEigen#tridiagonaliseIfEntriesPass} folds into its input copy must pass exactly
 * the matrices that {@code SpdGeometry.entryViolation} passes (finite entries, asymmetry within the tolerance times
 * the largest entry), except that it also refuses a matrix whose symmetric part overflows, which the checked path
 * then reports; and what it passes must decompose exactly as the checked path does.
 */
class SymmetricEigenEntriesTest {

    private static final double TOLERANCE = Geometry.DEFAULT_TOLERANCE;

    @Test
    void agreesWithTheEntryCheckOnFiniteAsymmetricAndNonFiniteInput() {
        Random random = new Random(11);
        for (int k : new int[] {1, 2, 3, 5, 30}) {
            SymmetricEigen solver = new SymmetricEigen(k);
            LogEuclideanSpd geometry = new LogEuclideanSpd(k);
            for (int t = 0; t < 20; t++) {
                double[] p = ChartCheckTest.randomSpd(k, random);
                assertAgree(solver, geometry, p, "k = " + k + ", SPD");
                double largest = 0;
                for (double x : p) {
                    largest = Math.max(largest, Math.abs(x));
                }
                for (int i = 0; i < k * k; i++) {
                    for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY,
                            Double.NEGATIVE_INFINITY}) {
                        double[] q = p.clone();
                        q[i] = bad;
                        assertAgree(solver, geometry, q, "k = " + k + ", " + bad + " at " + i);
                        assertThat(solver.entriesPass(q, TOLERANCE)).isFalse();
                    }
                    int row = i / k;
                    int column = i % k;
                    if (row != column) {
                        // asymmetry just inside and just outside the tolerance, in either triangle
                        for (double factor : new double[] {0.5, 0.999, 1.001, 2}) {
                            double[] q = p.clone();
                            q[i] += factor * TOLERANCE * largest;
                            assertAgree(solver, geometry, q, "k = " + k + ", asymmetry x" + factor + " at " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void refusesASymmetricPartThatOverflowsWhichTheEntryCheckPasses() {
        int k = 3;
        double[] p = {Double.MAX_VALUE, Double.MAX_VALUE, 0, Double.MAX_VALUE, Double.MAX_VALUE, 0, 0, 0, 1};
        assertThat(new LogEuclideanSpd(k).entryViolation(p, TOLERANCE)).isEmpty();
        assertThat(new SymmetricEigen(k).entriesPass(p, TOLERANCE)).isFalse();
    }

    @Test
    void whatPassesDecomposesAsTheCheckedPath() {
        Random random = new Random(12);
        int k = 30;
        SymmetricEigen folded = new SymmetricEigen(k);
        SymmetricEigen checked = new SymmetricEigen(k);
        for (int t = 0; t < 5; t++) {
            double[] p = ChartCheckTest.randomSpd(k, random);
            p[1] += 1e-13; // asymmetric within the tolerance: both read the same symmetric part
            int exponent = folded.tridiagonaliseIfEntriesPass(p, TOLERANCE, true);
            assertThat(exponent).isNotEqualTo(SymmetricEigen.UNCHECKED_ENTRIES);
            assertThat(checked.tridiagonalise(p, "p", true)).isEqualTo(exponent);
            assertThat(folded.diagonal()).containsExactly(checked.diagonal());
            assertThat(folded.subdiagonal()).containsExactly(checked.subdiagonal());
            for (int i = 0; i < k; i++) {
                assertThat(folded.rows()[i]).containsExactly(checked.rows()[i]);
            }
        }
    }

    private static void assertAgree(SymmetricEigen solver, LogEuclideanSpd geometry, double[] p, String what) {
        boolean expected = geometry.entryViolation(p, TOLERANCE).isEmpty();
        assertThat(solver.entriesPass(p, TOLERANCE)).as(what).isEqualTo(expected);
        if (solver.size() >= SymmetricEigen.TRIDIAGONAL_QR_FROM) { // the paths below it copy and test, but reduce nothing
            int exponent = solver.tridiagonaliseIfEntriesPass(p, TOLERANCE, false);
            assertThat(exponent != SymmetricEigen.UNCHECKED_ENTRIES).as(what).isEqualTo(expected);
        }
    }
}
