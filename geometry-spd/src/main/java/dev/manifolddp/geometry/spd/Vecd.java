package dev.manifolddp.geometry.spd;

/**
 * The isometry {@code vecd: Sym(k) -> R^(k(k+1)/2)}, {@code vecd(S) = [diag(S), sqrt(2) * strict upper triangle
 * of S row by row]} (Utpala et al. 2023, §3 and Lemma A.1). The sqrt(2) makes it an isometry for the Frobenius
 * inner product: {@code <vecd S, vecd T> = tr(S T)}, so {@code |vecd S| = |S|_F}. Used by the log-Euclidean chart
 * {@code vecd o Logm} and by the ambient coordinates of both SPD metrics.
 */
public final class Vecd {

    private static final double SQRT2 = Math.sqrt(2);

    private Vecd() {
    }

    /** The length k(k+1)/2 of {@code vecd} of a k x k matrix. */
    public static int dimension(int k) {
        return k * (k + 1) / 2;
    }

    /**
     * Writes {@code vecd(sym(s))} into {@code out} (length k(k+1)/2), where {@code sym(s) = (s + s^T)/2} and
     * {@code s} is k x k row-major. Allocates nothing.
     */
    public static void vecd(double[] s, int k, double[] out) {
        for (int i = 0; i < k; i++) {
            out[i] = s[i * k + i];
        }
        int index = k;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                out[index++] = SQRT2 * (0.5 * (s[i * k + j] + s[j * k + i]));
            }
        }
    }

    /** Writes the symmetric k x k matrix (row-major) with {@code vecd} equal to {@code y} into {@code out}. */
    public static void invvecd(double[] y, int k, double[] out) {
        for (int i = 0; i < k; i++) {
            out[i * k + i] = y[i];
        }
        int index = k;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double value = y[index++] / SQRT2;
                out[i * k + j] = value;
                out[j * k + i] = value;
            }
        }
    }
}
