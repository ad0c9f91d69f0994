package dev.manifolddp.experiments.spi;

import org.apache.commons.rng.UniformRandomProvider;

/** Where the records of a replicate come from: a synthetic generator or the rows of a file. Thread-safe. */
public interface DataSource {

    /** Draws the records of one replicate; {@code n < 0} means "all rows" for file data. */
    Dataset draw(int n, UniformRandomProvider random);

    /**
     * Public stand-in records for checking a cell before it runs ({@code CalibrationCheck}): {@code n} references to the
     * ball's centre (all rows' count for {@code n < 0}) in the ball a replicate would use, which the mechanisms'
     * calibration reads (with the records' count) and the estimator's check runs on. No record of a data file is
     * returned; a data-derived ball is measured from the rows as a replicate would measure it.
     */
    Dataset probe(int n);

    /** One line for reports. */
    String describe();
}
