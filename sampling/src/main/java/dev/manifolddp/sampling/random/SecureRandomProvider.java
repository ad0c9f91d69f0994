package dev.manifolddp.sampling.random;

import java.security.SecureRandom;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A {@link UniformRandomProvider} whose words are bytes of a {@link SecureRandom}, read 512 bytes at a time so that
 * a draw costs no allocation and little locking in the secure source. Thread-safe: draws are synchronised.
 */
public final class SecureRandomProvider implements UniformRandomProvider {

    private static final int BUFFER_BYTES = 512;

    private final SecureRandom source;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position = BUFFER_BYTES;

    /** Reads from {@code source}. */
    public SecureRandomProvider(SecureRandom source) {
        if (source == null) {
            throw new IllegalArgumentException("source must be a SecureRandom. Provided value: null");
        }
        this.source = source;
    }

    /** The algorithm name of the underlying SecureRandom. */
    public String algorithm() {
        return source.getAlgorithm();
    }

    @Override
    public synchronized long nextLong() {
        if (position == BUFFER_BYTES) {
            source.nextBytes(buffer);
            position = 0;
        }
        long word = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            word = (word << 8) | (buffer[position + i] & 0xffL);
        }
        position += Long.BYTES;
        return word;
    }

    @Override
    public String toString() {
        return "SecureRandomProvider[" + algorithm() + "]";
    }
}
