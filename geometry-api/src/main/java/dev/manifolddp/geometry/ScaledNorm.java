package dev.manifolddp.geometry;

/**
 * The Euclidean norm of a finite vector without overflow or underflow: the sum of squares overflows once an entry
 * passes about 1.3e154 (and underflows below 1e-154) although the norm itself is a finite double; dividing by the
 * largest magnitude first keeps every square in [0, 1] (the idea of LAPACK's dnrm2 and of {@link Math#hypot}). The
 * plain sum is used when it is safe, so results there are unchanged to the last bit.
 */
public final class ScaledNorm {

    /** Below this sum of squares an entry may have underflowed when squared. */
    private static final double SAFE_LOW = 0x1p-900;
    /** Above this sum of squares the sum may have overflowed or be near it. */
    private static final double SAFE_HIGH = 0x1p900;

    private ScaledNorm() {
    }

    /**
     * {@code sqrt(sum of v_i^2)} over the first {@code length} entries; NaN when an entry is NaN, infinite when one is
     * infinite.
     */
    public static double of(double[] v, int length) {
        double sum = 0;
        for (int i = 0; i < length; i++) {
            sum += v[i] * v[i];
        }
        if (sum > SAFE_LOW && sum < SAFE_HIGH || sum == 0 || Double.isNaN(sum)) {
            return Math.sqrt(sum);
        }
        double largest = 0;
        for (int i = 0; i < length; i++) {
            largest = Math.max(largest, Math.abs(v[i]));
        }
        if (!Double.isFinite(largest)) {
            return largest;
        }
        double scaled = 0;
        for (int i = 0; i < length; i++) {
            double x = v[i] / largest;
            scaled += x * x;
        }
        return largest * Math.sqrt(scaled);
    }

    /** {@code |q - p|} without overflow, for finite p and q whose difference is finite. */
    public static double distance(double[] p, double[] q, int length) {
        double sum = 0;
        for (int i = 0; i < length; i++) {
            double d = q[i] - p[i];
            sum += d * d;
        }
        if (sum > SAFE_LOW && sum < SAFE_HIGH || sum == 0 || Double.isNaN(sum)) {
            return Math.sqrt(sum);
        }
        double[] difference = new double[length];
        for (int i = 0; i < length; i++) {
            difference[i] = q[i] - p[i];
        }
        return of(difference, length);
    }
}
