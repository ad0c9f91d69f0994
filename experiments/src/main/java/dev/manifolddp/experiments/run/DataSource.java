package dev.manifolddp.experiments.run;

import org.apache.commons.rng.UniformRandomProvider;

/** Where the records of a replicate come from: a synthetic generator or the rows of a file. Thread-safe. */
public interface DataSource {

    /** Draws the records of one replicate; {@code n < 0} means "all rows" for file data. */
    Dataset draw(int n, UniformRandomProvider random);

    /** One line for reports. */
    String describe();
}
