package dev.manifolddp.geometry;

/**
 * An eigendecomposition {@code A = V diag(values) V^T} of k x k symmetric matrices stored row-major, as a matrix
 * geometry provides it ({@link SymmetricEigensolvers}). There is one implementation, the SPD module's; samplers and
 * pictures reach it through this interface so that no core or application module names a concrete geometry.
 *
 * <p>An instance keeps its scratch, allocates nothing per call and is not thread-safe: keep one per thread.
 */
public interface SymmetricEigensolver {

    /** The matrix size k. */
    int size();

    /**
     * Decomposes the symmetric part {@code (a + a^T)/2} of {@code a} (length k*k, left unchanged). Writes
     * {@code values} (length k, in the solver's order, not sorted) and, unless it is null, {@code vectors} (k x k,
     * orthogonal, eigenvector i as column i: {@code vectors[r * k + i]}).
     *
     * @param what names the matrix in the error message
     * @throws IllegalArgumentException when {@code a} has a NaN or infinite entry
     */
    void decompose(double[] a, double[] values, double[] vectors, String what);
}
