package dev.manifolddp.estimators;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The principal modes of a symmetric d x d matrix (a tangent covariance, released or not): eigenvalues in decreasing
 * order ({@link #variances}, negative values of a noisy release kept as they are; {@link #clippedVariance} clips them)
 * and unit eigenvectors in the same order ({@link #direction}, coordinates in the tangent basis the matrix was written
 * in). Computing them from a release is post-processing. Immutable.
 *
 * <p>Why EJML and not the project's one symmetric eigensolver ({@code SymmetricEigen} in geometry-spd, lent through
 * {@link dev.manifolddp.geometry.SymmetricEigensolvers}): the estimators are core and must not name a concrete
 * geometry, and the matrix here is a tangent covariance of any manifold (sphere and Kendall shape space lend no
 * solver). It runs once per estimate and release, off every hot path, so EJML's per-call allocations cost nothing
 * that matters (a switch would also have to reproduce the committed tangent-PCA outputs byte for byte).
 */
public final class PrincipalModes {

    private final double[] variances;
    private final double[][] directions;

    private PrincipalModes(double[] variances, double[][] directions) {
        this.variances = variances;
        this.directions = directions;
    }

    /**
     * The modes of the symmetric part of {@code matrix} (row-major d x d), by EJML's symmetric eigendecomposition.
     *
     * @throws IllegalArgumentException when the matrix has the wrong length or a non-finite entry
     */
    public static PrincipalModes of(double[] matrix, int d) {
        if (matrix == null || d < 1 || matrix.length != d * d) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "principal modes need a d x d matrix "
                    + "(d*d entries, row-major). Provided value: d = %d, %s entries", d,
                    matrix == null ? "null" : String.valueOf(matrix.length)));
        }
        DMatrixRMaj a = new DMatrixRMaj(d, d);
        for (int j = 0; j < d; j++) {
            for (int k = 0; k < d; k++) {
                double value = (matrix[j * d + k] + matrix[k * d + j]) / 2;
                if (!Double.isFinite(value)) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "principal modes need finite "
                            + "entries; entry (%d, %d) is not. Provided value: %s", j, k, matrix[j * d + k]));
                }
                a.set(j, k, value);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("the symmetric eigendecomposition did not converge for a " + d + " x " + d
                    + " matrix. Provided value: its Frobenius norm " + CommonOps_DDRM.elementMaxAbs(a));
        }
        Integer[] order = IntStream.range(0, d).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -eig.getEigenvalue(i).real));
        double[] values = new double[d];
        double[][] vectors = new double[d][d];
        for (int i = 0; i < d; i++) {
            values[i] = eig.getEigenvalue(order[i]).real;
            DMatrixRMaj vector = eig.getEigenVector(order[i]);
            double norm = 0;
            for (int j = 0; j < d; j++) {
                norm += vector.get(j, 0) * vector.get(j, 0);
            }
            norm = Math.sqrt(norm);
            for (int j = 0; j < d; j++) {
                vectors[i][j] = vector.get(j, 0) / norm;
            }
        }
        return new PrincipalModes(values, vectors);
    }

    /** The dimension d. */
    public int dimension() {
        return variances.length;
    }

    /** The eigenvalues, largest first (a copy). */
    public double[] variances() {
        return variances.clone();
    }

    /** Mode i's variance clipped at 0 (a noisy release can have negative eigenvalues; clipping is post-processing). */
    public double clippedVariance(int i) {
        return Math.max(0, variances[i]);
    }

    /** Mode i's unit direction in the tangent basis's coordinates (a copy); i = 0 is the first mode. */
    public double[] direction(int i) {
        return directions[i].clone();
    }

    /**
     * The largest principal angle, in radians in [0, pi/2], between the spans of the first k modes of this and of
     * {@code other}: {@code acos} of the smallest singular value of {@code U_k^T V_k} (Bjorck and Golub 1973). For k = 1
     * it is the angle between the two first directions, {@code acos |u . v|}.
     */
    public double largestPrincipalAngle(PrincipalModes other, int k) {
        int d = dimension();
        if (other == null || other.dimension() != d || k < 1 || k > d) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "principal angles need modes of the same "
                    + "dimension %d and 1 <= k <= %d. Provided value: k = %d, other dimension %s", d, d, k,
                    other == null ? "null" : String.valueOf(other.dimension())));
        }
        DMatrixRMaj product = new DMatrixRMaj(k, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double dot = 0;
                for (int c = 0; c < d; c++) {
                    dot += directions[i][c] * other.directions[j][c];
                }
                product.set(i, j, dot);
            }
        }
        double[] singular = SingularOps_DDRM.singularValues(product);
        double smallest = Double.POSITIVE_INFINITY;
        for (double s : singular) {
            smallest = Math.min(smallest, s);
        }
        return Math.acos(Math.min(1, Math.max(0, smallest)));
    }
}
