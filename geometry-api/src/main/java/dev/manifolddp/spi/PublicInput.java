package dev.manifolddp.spi;

/**
 * A public input of a release that a refusal can name ({@link PublicInputException}): each front end maps it to its
 * own word for it (a flag of {@code mdp release}, a key of an experiment configuration).
 */
public enum PublicInput {
    /** The privacy loss epsilon. */
    EPSILON,
    /** The privacy loss delta. */
    DELTA,
    /** The public data ball's radius (and with it every sensitivity). */
    RADIUS,
    /** The public data ball's centre. */
    CENTER,
    /** The public number of records. */
    N,
    /** The geometry (its capabilities, its injectivity radius, its curvature). */
    GEOMETRY,
    /** The estimator (what it can prove). */
    ESTIMATOR,
    /** The mechanism or its settings. */
    MECHANISM
}
