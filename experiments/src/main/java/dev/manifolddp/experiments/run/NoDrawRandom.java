package dev.manifolddp.experiments.run;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A random source that draws nothing: every draw method throws {@link NoDrawAttempted}. Handed to
 * {@code Mechanism.release}, it lets the release build and check its whole calibration and stops it at the first
 * draw of noise. The stream methods are lazy and throw when consumed, through the draw methods.
 */
final class NoDrawRandom implements UniformRandomProvider {

    @Override
    public void nextBytes(byte[] bytes) {
        throw new NoDrawAttempted("nextBytes");
    }

    @Override
    public void nextBytes(byte[] bytes, int start, int len) {
        throw new NoDrawAttempted("nextBytes");
    }

    @Override
    public int nextInt() {
        throw new NoDrawAttempted("nextInt");
    }

    @Override
    public int nextInt(int n) {
        throw new NoDrawAttempted("nextInt");
    }

    @Override
    public int nextInt(int origin, int bound) {
        throw new NoDrawAttempted("nextInt");
    }

    @Override
    public long nextLong() {
        throw new NoDrawAttempted("nextLong");
    }

    @Override
    public long nextLong(long n) {
        throw new NoDrawAttempted("nextLong");
    }

    @Override
    public long nextLong(long origin, long bound) {
        throw new NoDrawAttempted("nextLong");
    }

    @Override
    public boolean nextBoolean() {
        throw new NoDrawAttempted("nextBoolean");
    }

    @Override
    public float nextFloat() {
        throw new NoDrawAttempted("nextFloat");
    }

    @Override
    public float nextFloat(float bound) {
        throw new NoDrawAttempted("nextFloat");
    }

    @Override
    public float nextFloat(float origin, float bound) {
        throw new NoDrawAttempted("nextFloat");
    }

    @Override
    public double nextDouble() {
        throw new NoDrawAttempted("nextDouble");
    }

    @Override
    public double nextDouble(double bound) {
        throw new NoDrawAttempted("nextDouble");
    }

    @Override
    public double nextDouble(double origin, double bound) {
        throw new NoDrawAttempted("nextDouble");
    }

    @Override
    public String toString() {
        return "no-draw (calibration check: the first draw stops the release)";
    }
}
