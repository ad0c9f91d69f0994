package dev.manifolddp.sampling.noise;

import java.math.BigInteger;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The l2 K-norm Laplace on the integer lattice: {@code P(z) ∝ exp(-|z|_2 / s)} on {@code Z^D}, drawn exactly.
 *
 * <p>It keeps the l2 law of the Euclidean K-norm mechanism (not a per-coordinate Laplace, whose l1 sensitivity is up
 * to sqrt(D) times larger) and, for lattice centres {@code k, k'}, the ratio of the two laws at any point is at most
 * {@code exp(|k - k'|_2 / s)} by the triangle inequality: exactly the continuous mechanism's guarantee.
 *
 * <p><b>Sampler.</b> Rejection from the product of D discrete Laplaces of scale {@code q s}, {@code q = q1 / 1024 >=
 * sqrt(D)}: since {@code |z|_1 <= sqrt(D) |z|_2 <= q |z|_2}, {@code exp(-|z|_2 / s) <= exp(-|z|_1 / (q s))}, and a
 * proposal is accepted with probability {@code exp(-gamma)}, {@code gamma = |z|_2 / s - |z|_1 / (q s) >= 0}. The trial
 * is exact: {@code exp(-gamma) = exp(-gamma/N)^N} for an integer {@code N >= gamma}, each factor by Canonne, Kamath,
 * Steinke 2020, Alg. 1, whose Bernoulli(gamma/N) compares a uniform U with {@code gamma / N}, i.e.
 * {@code U N q1 s + 1024 |z|_1 < q1 sqrt(Q)} with {@code Q = |z|_2^2} an integer. The comparison is decided in double
 * precision when the two sides differ by more than a relative 2^-45 (their rounding error is below 2^-50), and
 * otherwise exactly with integers (squaring both sides) after extending U with more random bits; so no rounding ever
 * decides a trial, and the common path allocates nothing.
 *
 * <p><b>Cost.</b> The acceptance rate is about {@code D! V_D / (2q)^D} ({@code V_D} the volume of the unit ball): 0.6
 * at D = 3, 0.27 at D = 6, 0.09 at D = 10, 6e-3 at D = 20, 4e-4 at D = 30, and it falls exponentially with D, so
 * dimensions above {@value #MAX_DIMENSION} are refused. Proposals with {@code |z|_1 >= 2^52} are redrawn, which
 * conditions the law on an event whose complement has probability below {@code exp(-2^20)} for
 * {@code s <= 2^24} (docs/floating-point-noise.md). Not thread-safe (no state besides the dimension; instances are cheap).
 */
public final class LatticeLaplace {

    /** Largest dimension: the expected number of proposals there is about 4e4. */
    public static final int MAX_DIMENSION = 40;
    /** Largest scale s: proposals then stay, but for an event below exp(-2^20), far inside the limits below. */
    public static final long MAX_SCALE = 1L << 24;
    private static final long MAX_L1 = 1L << 52;
    private static final long MAX_COORDINATE = MAX_L1;
    private static final double MARGIN = 0x1p-45;

    private final int dimension;
    private final long q1;

    /** A sampler on {@code Z^dimension}, {@code 1 <= dimension <= MAX_DIMENSION}. */
    public LatticeLaplace(int dimension) {
        if (dimension < 1 || dimension > MAX_DIMENSION) {
            throw new IllegalArgumentException("lattice Laplace: the dimension must be in [1, " + MAX_DIMENSION + "]; "
                    + "the exact sampler's acceptance rate falls exponentially with the dimension. Provided value: "
                    + dimension);
        }
        this.dimension = dimension;
        long q = (long) Math.ceil(Math.sqrt(dimension) * 1024);
        while (q * q < 1048576L * dimension) {
            q++;
        }
        this.q1 = q;
    }

    public int dimension() {
        return dimension;
    }

    /** Writes one draw with scale {@code s} ({@code 1 <= s <= 2^40}) into {@code out[0 .. D-1]}. */
    public void sample(UniformRandomProvider rng, long s, long[] out) {
        if (s < 1 || s > MAX_SCALE) {
            throw new IllegalArgumentException("lattice Laplace: the scale must be an integer in [1, 2^24]. Provided "
                    + "value: " + s);
        }
        if (out.length < dimension) {
            throw new IllegalArgumentException("lattice Laplace: out must have length >= " + dimension
                    + ". Provided value: " + out.length);
        }
        long proposalScale = q1 * s;
        while (true) {
            long l1 = 0;
            double squared = 0;
            for (int i = 0; i < dimension; i++) {
                long z = DiscreteLaplace.sample(rng, proposalScale, 1024);
                out[i] = z;
                // |z| <= 2^52 / 40 keeps l1 below 2^52; larger proposals are redrawn (see the class comment)
                l1 += Math.min(Math.abs(z), MAX_COORDINATE);
                squared += (double) z * z;
            }
            if (l1 < MAX_L1 && accept(rng, out, squared, l1, s)) {
                return;
            }
        }
    }

    /** Bernoulli(exp(-gamma)), {@code gamma = sqrt(Q)/s - L/(q s)}, as {@code exp(-gamma/N)^N}. */
    private boolean accept(UniformRandomProvider rng, long[] z, double squared, long l1, long s) {
        long n = (long) Math.ceil(Math.sqrt(squared) * (1 + MARGIN) / s) + 1;
        for (long i = 0; i < n; i++) {
            long k = 1;
            while (lessThanGammaOver(rng, z, squared, l1, s, n) && ExactBernoulli.ratio(rng, 1, k)) {
                k++;
            }
            if ((k & 1) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Bernoulli(gamma / n): is {@code U n q1 s + 1024 L < q1 sqrt(Q)} for a uniform U in [0, 1)? */
    private boolean lessThanGammaOver(UniformRandomProvider rng, long[] z, double squared, long l1, long s, long n) {
        long u = rng.nextLong() >>> 11;
        double slope = (double) n * q1 * s;
        double offset = 1024.0 * l1;
        double right = q1 * Math.sqrt(squared);
        double low = u * 0x1p-53 * slope + offset;
        double high = (u + 1) * 0x1p-53 * slope + offset;
        if (high * (1 + MARGIN) < right * (1 - MARGIN)) {
            return true;
        }
        if (low * (1 - MARGIN) > right * (1 + MARGIN)) {
            return false;
        }
        BigInteger exactSquared = BigInteger.ZERO;
        for (int i = 0; i < dimension; i++) {
            BigInteger coordinate = BigInteger.valueOf(z[i]);
            exactSquared = exactSquared.add(coordinate.multiply(coordinate));
        }
        return exactLessThan(rng, BigInteger.valueOf(u), 53, exactSquared, l1, s, n);
    }

    /**
     * The exact comparison for U in {@code [m / 2^bits, (m + 1) / 2^bits)}: both sides are non-negative, so
     * {@code A < B} iff {@code A^2 < B^2}, all in integers after multiplying by {@code 2^bits}.
     */
    private boolean exactLessThan(UniformRandomProvider rng, BigInteger m, int bits, BigInteger squared, long l1,
            long s, long n) {
        BigInteger slope = BigInteger.valueOf(n).multiply(BigInteger.valueOf(q1)).multiply(BigInteger.valueOf(s));
        BigInteger right = BigInteger.valueOf(q1).pow(2).multiply(squared);
        while (true) {
            BigInteger offset = BigInteger.valueOf(1024L * l1).shiftLeft(bits);
            BigInteger scaledRight = right.shiftLeft(2 * bits);
            BigInteger high = m.add(BigInteger.ONE).multiply(slope).add(offset);
            if (high.multiply(high).compareTo(scaledRight) <= 0) {
                return true;
            }
            BigInteger low = m.multiply(slope).add(offset);
            if (low.multiply(low).compareTo(scaledRight) >= 0) {
                return false;
            }
            m = m.shiftLeft(63).add(BigInteger.valueOf(rng.nextLong() >>> 1));
            bits += 63;
        }
    }
}
