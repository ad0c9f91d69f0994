package dev.manifolddp.experiments.spi;

import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.utility.Measurement;
import java.util.List;
import java.util.Map;

/**
 * What an experiment run produced, as a plugin's {@link RunOutput} reads it: a grid of cells (one per combination of
 * the sweep's values) times replicates times mechanisms, each release reduced to its utility measurements, its
 * calibration and its guarantee. Indices run from 0 in configuration order. Read-only; the run owns it.
 */
public interface RunRecords {

    /** The configuration's name. */
    String name();

    /** The number of cells of the sweep. */
    int cells();

    /** The replicates of every cell. */
    int replicates();

    /** The sweep's value of each axis in cell {@code cell}, as configured (e.g. {@code n -> 100}), in axis order. */
    Map<String, String> cell(int cell);

    /** The mechanisms' labels, in configuration order. */
    List<String> mechanisms();

    /** The utility measures' names, in configuration order. */
    List<String> utilities();

    /** The measurement of utility {@code utility} of mechanism {@code mechanism}'s release in a replicate. */
    Measurement utility(int cell, int replicate, int mechanism, int utility);

    /** The noise scale of that release. */
    double sigma(int cell, int replicate, int mechanism);

    /** The guarantee that release states. */
    Guarantee guarantee(int cell, int replicate, int mechanism);

    /** Every release of the run: cells x replicates x mechanisms. */
    default long releases() {
        return (long) cells() * replicates() * mechanisms().size();
    }

    /** The run's wall time in seconds (measured, so it differs between runs). */
    double wallSeconds();
}
