package dev.manifolddp.sampling.random;

import java.security.SecureRandom;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Non-reproducible draws from {@link SecureRandom}, for releases made for a person.
 *
 * <p>Every bit comes from the operating system's cryptographically secure generator (the default
 * {@code new SecureRandom()}, e.g. NativePRNG over /dev/urandom on Linux), read through a small buffer by
 * {@link SecureRandomProvider}. A fast generator merely seeded from SecureRandom was not chosen: its whole future
 * output follows from 256 bits of state, and an LXM generator is not designed to hide that state from someone who
 * sees many outputs. The secure source is slower, which does not matter for one release.
 */
public final class SecureStreams implements RandomStreams {

    private final SecureRandomProvider provider = new SecureRandomProvider(new SecureRandom());

    /**
     * The shared secure provider (thread-safe); the indices are ignored because the draws are not meant to be
     * reproduced.
     */
    @Override
    public UniformRandomProvider stream(long cell, long replicate) {
        return provider;
    }

    @Override
    public boolean reproducible() {
        return false;
    }

    @Override
    public String describe() {
        return "java.security.SecureRandom (" + provider.algorithm() + "), not reproducible, thread-safe";
    }

    @Override
    public String toString() {
        return describe();
    }
}
