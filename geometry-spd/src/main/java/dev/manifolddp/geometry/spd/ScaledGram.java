package dev.manifolddp.geometry.spd;

/**
 * {@code B diag(d) B^T} for a k x k row-major B: a matrix function applied in the eigenbasis B, on every matrix
 * logarithm and exponential of this module and once per record of a log-Euclidean chart evaluation. Written either
 * as the full symmetric matrix ({@link #matrix}) or directly as its {@link Vecd#vecd} coordinates
 * ({@link #vecdOfRows}, from the columns of B, which a solver leaves as its eigenvector rows), which skips the
 * mirrored half, the separate vecd pass and the transpositions.
 *
 * <p>Entry {@code (i, j)}, {@code i <= j}, is the sum {@code s <- fma(b_il d_l, b_jl, s)} from {@code s = 0}
 * taken in the order of l, so the result does not depend on the blocking below and entry (j, i) is its mirror
 * (exactly symmetric). The sums are formed row-wise ("ikj"): row i of the upper triangle gains
 * {@code (b_il d_l) * column l of B} for l = 0, 1, ..., with four rows of the result per pass sharing the loads of
 * the column. Every inner loop then runs over distinct row arrays at the same index, which the JIT vectorises
 * (one dot product per entry is a serial chain it cannot); hence {@link #matrix} first transposes B into row
 * arrays. Issue 11 item 4, k = 30, quiet machine, one harness run: 4.3 us for the product and its vecd, against
 * 9.3 us for four dot products per pass plus the vecd pass (4.8 us with separate multiplications and additions
 * instead of {@link Math#fma}; six rows per pass 6.8 us).
 *
 * <p>Owns its scratch (2 k^2 doubles), so it allocates nothing per call; not thread-safe ({@link SpdWorkspace}
 * keeps one per thread).
 */
final class ScaledGram {

    private static final double SQRT2 = Math.sqrt(2);

    private final int k;
    /** {@code columns[l]} = column l of B. */
    private final double[][] columns;
    /** Row i of the result, entries {@code i .. k-1} (the upper triangle). */
    private final double[][] upper;

    ScaledGram(int k) {
        this.k = k;
        this.columns = new double[k][k];
        this.upper = new double[k][k];
    }

    /** {@code out = B diag(d) B^T} (k x k row-major, exactly symmetric); {@code out} must not alias b. */
    void matrix(double[] b, double[] d, double[] out) {
        upperTriangle(b, d);
        for (int i = 0; i < k; i++) {
            double[] row = upper[i];
            for (int j = i; j < k; j++) {
                out[i * k + j] = row[j];
                out[j * k + i] = row[j];
            }
        }
    }

    /**
     * {@code out = vecd(B diag(d) B^T)} (length k(k+1)/2) for B given by its columns as rows ({@code columnsOfB[l]} =
     * column l of B), e.g. the eigenvector rows a solver leaves ({@link SymmetricEigen#decomposeToRows}): the same
     * sums as {@link #matrix}, and equal bit for bit to it followed by {@link Vecd#vecd}, since for a symmetric
     * matrix vecd's {@code sqrt2 * (0.5 * (s_ij + s_ji))} is {@code sqrt2 * s_ij} exactly. No transposition in or
     * out.
     */
    void vecdOfRows(double[][] columnsOfB, double[] d, double[] out) {
        upperTriangle(columnsOfB, d);
        writeVecd(out);
    }

    private void writeVecd(double[] out) {
        for (int i = 0; i < k; i++) {
            out[i] = upper[i][i];
        }
        int index = k;
        for (int i = 0; i < k; i++) {
            double[] row = upper[i];
            for (int j = i + 1; j < k; j++) {
                out[index++] = SQRT2 * row[j];
            }
        }
    }

    /** Fills {@code upper[i][i..k-1]} from row-major B. */
    private void upperTriangle(double[] b, double[] d) {
        for (int j = 0; j < k; j++) {
            for (int l = 0; l < k; l++) {
                columns[l][j] = b[j * k + l];
            }
        }
        upperTriangle(columns, d);
    }

    /** Fills {@code upper[i][i..k-1]} from the columns of B ({@code cols[l][i]} = b_il). */
    private void upperTriangle(double[][] cols, double[] d) {
        int i = 0;
        for (; i + 3 < k; i += 4) {
            fourRows(cols, d, i);
        }
        for (; i < k; i++) {
            oneRow(cols, d, i);
        }
    }

    /** Rows i .. i+3 from column i on (row i+m's entries before column i+m are computed and ignored). */
    private void fourRows(double[][] cols, double[] d, int i) {
        double[] c0 = upper[i];
        double[] c1 = upper[i + 1];
        double[] c2 = upper[i + 2];
        double[] c3 = upper[i + 3];
        for (int j = i; j < k; j++) {
            c0[j] = 0;
            c1[j] = 0;
            c2[j] = 0;
            c3[j] = 0;
        }
        for (int l = 0; l < k; l++) {
            double dl = d[l];
            double[] column = cols[l];
            double s0 = column[i] * dl;
            double s1 = column[i + 1] * dl;
            double s2 = column[i + 2] * dl;
            double s3 = column[i + 3] * dl;
            for (int j = i; j < k; j++) {
                double x = column[j];
                c0[j] = Math.fma(s0, x, c0[j]);
                c1[j] = Math.fma(s1, x, c1[j]);
                c2[j] = Math.fma(s2, x, c2[j]);
                c3[j] = Math.fma(s3, x, c3[j]);
            }
        }
    }

    private void oneRow(double[][] cols, double[] d, int i) {
        double[] c0 = upper[i];
        for (int j = i; j < k; j++) {
            c0[j] = 0;
        }
        for (int l = 0; l < k; l++) {
            double[] column = cols[l];
            double s0 = column[i] * d[l];
            for (int j = i; j < k; j++) {
                c0[j] = Math.fma(s0, column[j], c0[j]);
            }
        }
    }
}
