package dev.manifolddp.sampling.random;

/**
 * The bit mixers that turn (seed, cell, replicate) into the four-word state of an L64X128Mix generator.
 *
 * <p>Both mixers are bijections: the SplitMix64 finaliser (Steele, Lea and Flood 2014; constants of Stafford's
 * "variant 13") on 64 bits, and the same xor-shift / odd-multiply rounds reduced modulo 2^63 on 63 bits. A
 * composition of xor-shifts to the right and multiplications by odd constants is invertible, which is what makes
 * the increments of distinct (cell, replicate) pairs distinct.
 */
final class StreamSeeds {

    /** The golden-ratio increment of SplitMix64: floor(2^64 / phi), odd. */
    static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private static final long MASK_63 = Long.MAX_VALUE;

    private StreamSeeds() {
    }

    /** SplitMix64's output function: a bijection of 64-bit words with good avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** A bijection of [0, 2^63): the rounds of {@link #mix64} with products taken modulo 2^63. */
    static long mix63(long z) {
        z &= MASK_63;
        z = ((z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L) & MASK_63;
        z = ((z ^ (z >>> 27)) * 0x94d049bb133111ebL) & MASK_63;
        return z ^ (z >>> 31);
    }

    /**
     * The L64X128Mix seed {a, s, x0, x1} of stream (cell, replicate).
     *
     * <ul>
     *   <li>key = cell * 2^31 + replicate: one-to-one on [0, 2^31)^2, at most 62 bits.</li>
     *   <li>LCG increment a = 2 mix63(key xor mix63(seed)) + 1: odd, and one-to-one in the key for a fixed seed.</li>
     *   <li>LCG state s and xorshift state (x0, x1): three consecutive outputs of a SplitMix64 sequence whose start
     *       mixes the seed and the key, so that nearby seeds and keys give unrelated states.</li>
     * </ul>
     */
    static long[] l64x128Seed(long seed, long cell, long replicate) {
        long key = (cell << 31) | replicate;
        long increment = (mix63(key ^ mix63(seed)) << 1) | 1L;
        long state = mix64(seed) ^ mix64(key + GOLDEN_GAMMA) * GOLDEN_GAMMA;
        long s = mix64(state += GOLDEN_GAMMA);
        long x0 = mix64(state += GOLDEN_GAMMA);
        long x1 = mix64(state + GOLDEN_GAMMA);
        if ((x0 | x1) == 0) {
            // An all-zero xorshift state never leaves zero; the chance is 2^-128, but guard it anyway.
            x1 = GOLDEN_GAMMA;
        }
        return new long[] {increment, s, x0, x1};
    }
}
