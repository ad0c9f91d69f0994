package dev.manifolddp.sampling.data;

import org.apache.commons.rng.UniformRandomProvider;

/** A synthetic data generator of the papers (MATH §4). */
public interface DataGenerator {

    /** Draws {@code n >= 1} points with {@code rng}. */
    GeneratedData generate(int n, UniformRandomProvider rng);
}
