package dev.manifolddp.sampling.noise;

/**
 * The power-of-two grid on which floating-point-safe noise lives (Mironov 2012; Google's differential-privacy
 * library's secure noise uses the same idea). A value x enters only through its grid index {@code rint(x / g)}, an
 * integer; the noise is an integer; the output is {@code (index + noise) g}, a deterministic function of one
 * integer. So the released double reveals nothing beyond that integer, whose law is analysed exactly
 * (docs/floating-point-noise.md).
 *
 * <p>The granularity for a noise scale sigma is {@code g = 2^(floor(log2 sigma) - BITS)}, so
 * {@code 2^BITS <= sigma / g < 2^(BITS + 1)}: fine enough that rounding to the grid costs a relative
 * {@code 2^-BITS} of the noise scale, coarse enough that all integers stay far inside 64 bits.
 */
public final class NoiseGrid {

    /** The grid has about 2^20 points per noise scale. */
    public static final int BITS = 20;
    /** Largest grid index accepted, so that index plus noise stays inside a long. */
    public static final long MAX_INDEX = 1L << 62;

    private NoiseGrid() {
    }

    /** {@code 2^(floor(log2 scale) - BITS)}; scale must be finite and at least {@code 2^-1000}. */
    public static double granularity(double scale) {
        if (!(scale >= 0x1p-1000) || !Double.isFinite(scale)) {
            throw new IllegalArgumentException("noise grid: the noise scale must be finite and >= 2^-1000. "
                    + "Provided value: " + scale);
        }
        return Math.scalb(1.0, Math.getExponent(scale) - BITS);
    }

    /**
     * The grid index {@code rint(x / g)} of x. Division by a power of two is exact here, and rint is monotone with
     * {@code |rint(a) - rint(b)| <= |a - b| + 1}, the bound the sensitivity accounting uses.
     *
     * @throws IllegalArgumentException when x is not finite or {@code |x / g| >= 2^62}
     */
    public static long index(double x, double granularity) {
        double scaled = x / granularity;
        if (!(Math.abs(scaled) < MAX_INDEX)) {
            throw new IllegalArgumentException(String.format("noise grid: a noised coordinate divided by the "
                    + "granularity %s must be finite and below 2^62 in magnitude; the value is too large for its noise "
                    + "scale (or not finite). Provided value: %s", granularity, x));
        }
        return (long) Math.rint(scaled);
    }

    /** {@code k g}: the long is rounded to the nearest double (exact below 2^53), then scaled exactly. */
    public static double value(long k, double granularity) {
        return k * granularity;
    }
}
