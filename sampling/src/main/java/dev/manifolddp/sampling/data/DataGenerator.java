package dev.manifolddp.sampling.data;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A synthetic data generator of the papers' simulations (Soto et al. 2022, supplement §2; Reimherr et al. 2021,
 * supplement §1; Utpala et al. 2023, §6.1).
 */
public interface DataGenerator {

    /** Draws {@code n >= 1} points with {@code rng}. */
    GeneratedData generate(int n, UniformRandomProvider rng);
}
