package dev.manifolddp.geometry.sphere;

/**
 * An orthonormal basis of the orthogonal complement of a nonzero vector p in R^n, built from one Householder
 * reflection without any scratch array.
 *
 * <p>Let {@code u = p/|p|} and k the index of the largest {@code |u_k|}, and {@code s = -sign(u_k)}. The reflection
 * {@code H = I - 2 w w^T/|w|^2} with {@code w = e_k - s u} is symmetric and orthogonal and maps {@code e_k} to
 * {@code s u}; so the columns {@code H e_i, i != k}, are orthonormal and orthogonal to u:
 * {@code H e_i = e_i + s u_i w/(1 + |u_k|)} (using {@code |w|^2 = 2 (1 + |u_k|)}). Choosing the largest
 * {@code |u_k|} keeps {@code |w|^2 >= 2}, so nothing cancels (Golub and Van Loan, Matrix Computations, §5.1).
 */
final class HouseholderBasis {

    private HouseholderBasis() {
    }

    /**
     * Writes the n - 1 vectors {@code H e_i, i != k}, in increasing i, into {@code out[0 .. n-2]} (each of length n).
     *
     * @throws IllegalArgumentException when p is zero or has a non-finite entry
     */
    static void complement(double[] p, double[][] out) {
        double norm = SphereGeometry.euclideanNorm(p);
        if (!(norm > 0) || !Double.isFinite(norm)) {
            throw new IllegalArgumentException("a tangent basis needs a finite nonzero point; |p| = " + norm);
        }
        int k = 0;
        for (int i = 1; i < p.length; i++) {
            if (Math.abs(p[i]) > Math.abs(p[k])) {
                k = i;
            }
        }
        double uk = p[k] / norm;
        double s = uk >= 0 ? -1.0 : 1.0;
        double denominator = 1 + Math.abs(uk);
        int row = 0;
        for (int i = 0; i < p.length; i++) {
            if (i == k) {
                continue;
            }
            double[] e = out[row++];
            // H e_i = e_i + f w with f = s u_i/(1 + |u_k|) and w = e_k - s u.
            double f = s * (p[i] / norm) / denominator;
            for (int j = 0; j < p.length; j++) {
                e[j] = -f * s * (p[j] / norm);
            }
            e[k] += f;
            e[i] += 1;
        }
    }
}
