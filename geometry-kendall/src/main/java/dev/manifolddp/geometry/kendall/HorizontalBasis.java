package dev.manifolddp.geometry.kendall;

/**
 * An orthonormal basis of the horizontal space at a pre-shape z: the vectors v with {@code sum_j v_j = 0} and
 * {@code z* v = 0} (Soto et al. 2022, §4.3; Kendall et al. 1999, ch. 6). Both conditions are complex-linear, so the
 * horizontal space is a complex subspace H of C^k of complex dimension k - 2; a Hermitian-orthonormal basis
 * {@code b_1 .. b_(k-2)} of H gives the real orthonormal basis {@code b_1 .. b_(k-2), i b_1 .. i b_(k-2)} (2k - 4
 * vectors) for the metric {@code Re(u* v)}.
 *
 * <p>The complex basis comes from two Householder reflections, so it is orthonormal to rounding error for every z
 * (no Gram-Schmidt, no pivoting):
 * <ol>
 *   <li>the real reflection {@code P = I - 2 u u^T / |u|^2}, {@code u = 1/sqrt(k) - e_0}, maps e_0 to the
 *       normalised all-ones vector, so columns 1 .. k-1 of P span the centred vectors; {@code P z} has a zero
 *       first entry, leaving {@code x = (P z)_(1..k-1)}, a unit vector of C^(k-1);</li>
 *   <li>the complex reflection {@code H = I - 2 w w* / (w* w)}, {@code w = x + e^(i arg x_0) e_0} (the sign that
 *       avoids cancellation), maps e_0 to a unit multiple of x, so columns 1 .. k-2 of H span {@code x^perp};</li>
 *   <li>{@code b_j = P (0, H e_j)} for j = 1 .. k-2.</li>
 * </ol>
 * Everything reduces to closed forms in w: {@code (H e_j)_n = delta_nj - g w_n conj(w_j)} with
 * {@code g = 2 / (w* w)}, and P adds a multiple of the all-ones vector. Cost O(k^2), which is the size of the
 * output.
 */
final class HorizontalBasis {

    private HorizontalBasis() {
    }

    /**
     * Writes the 2k - 4 basis vectors at the pre-shape {@code z} into {@code out[0 .. 2k-5]} (each of length 2k):
     * first {@code b_1 .. b_(k-2)}, then {@code i b_1 .. i b_(k-2)}. Allocates nothing: the reflection vector w is
     * kept in the last output array until the final step overwrites it.
     */
    static void write(double[] z, double[][] out) {
        int k = z.length / 2;
        int complexCount = k - 2;
        double rootK = Math.sqrt(k);
        double shiftScale = 1 / (rootK - 1); // 2 / (|u|^2 sqrt(k)) for u = 1/sqrt(k) - e_0

        // r = 2 (u . z) / (|u|^2 sqrt(k)): P z = z - r (1, ..., 1) away from entry 0.
        double sumRe = 0;
        double sumIm = 0;
        for (int i = 0; i < z.length; i += 2) {
            sumRe += z[i];
            sumIm += z[i + 1];
        }
        double rRe = (sumRe / rootK - z[0]) * shiftScale;
        double rIm = (sumIm / rootK - z[1]) * shiftScale;

        double[] w = out[2 * complexCount - 1];
        double x0Re = z[2] - rRe;
        double x0Im = z[3] - rIm;
        double modulus = Math.hypot(x0Re, x0Im);
        w[0] = x0Re + (modulus > 0 ? x0Re / modulus : 1.0);
        w[1] = x0Im + (modulus > 0 ? x0Im / modulus : 0.0);
        for (int n = 1; n <= complexCount; n++) {
            w[2 * n] = z[2 * n + 2] - rRe;
            w[2 * n + 1] = z[2 * n + 3] - rIm;
        }
        double wNormSquared = 0;
        double wSumRe = 0;
        double wSumIm = 0;
        for (int n = 0; n <= complexCount; n++) {
            wNormSquared += w[2 * n] * w[2 * n] + w[2 * n + 1] * w[2 * n + 1];
            wSumRe += w[2 * n];
            wSumIm += w[2 * n + 1];
        }
        double g = 2 / wNormSquared;

        for (int j = 1; j <= complexCount; j++) {
            double[] b = out[j - 1];
            double qRe = g * w[2 * j];
            double qIm = -g * w[2 * j + 1];
            // t = u . (0, H e_j) = (1 - q S) / sqrt(k), S = sum_n w_n, is entry 0 of b_j = P (0, H e_j); the
            // other entries are (H e_j)_n - t / (sqrt(k) - 1).
            double tRe = (1 - (qRe * wSumRe - qIm * wSumIm)) / rootK;
            double tIm = -(qRe * wSumIm + qIm * wSumRe) / rootK;
            double shiftRe = tRe * shiftScale;
            double shiftIm = tIm * shiftScale;
            b[0] = tRe;
            b[1] = tIm;
            for (int n = 0; n <= complexCount; n++) {
                double hRe = -(w[2 * n] * qRe - w[2 * n + 1] * qIm);
                double hIm = -(w[2 * n] * qIm + w[2 * n + 1] * qRe);
                if (n == j) {
                    hRe += 1;
                }
                b[2 * n + 2] = hRe - shiftRe;
                b[2 * n + 3] = hIm - shiftIm;
            }
        }
        for (int j = 0; j < complexCount; j++) {
            double[] b = out[j];
            double[] ib = out[complexCount + j];
            for (int i = 0; i < b.length; i += 2) {
                ib[i] = -b[i + 1];
                ib[i + 1] = b[i];
            }
        }
    }
}
