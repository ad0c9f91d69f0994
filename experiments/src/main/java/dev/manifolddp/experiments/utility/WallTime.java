package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Timing;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * Wall-time measures (Utpala et al. 2023, Fig. 4), in seconds, measured by the runner with {@link System#nanoTime()}:
 * <ul>
 *   <li>{@code release-time}: around the mechanism's release call. It includes what the mechanism does inside that
 *   call: its own non-private Frechet mean and its sampler; not the data generation or the utility measures.</li>
 *   <li>{@code estimate-time}: around the runner's non-private estimate of the same data (the same for every
 *   mechanism of a replicate). With a closed-form mean it shows how much of {@code release-time} is the mean.</li>
 * </ul>
 * Both are wall times under the runner's parallelism: with several worker threads the releases share the cores and
 * the memory bus, so a timing configuration should set {@code threads: 1}. The first releases of a run include the
 * JVM's class loading and compilation; the median ({@code plot: { statistic: median }}) is robust to them. A column
 * of wall times is the one output that differs between two runs of the same configuration.
 */
public abstract sealed class WallTime implements UtilityMeasure permits WallTime.Release, WallTime.Estimate {

    /** {@code release-time}. */
    public static final class Release extends WallTime {
        @Override
        public String name() {
            return "release-time";
        }

        @Override
        public String description() {
            return "wall time of the mechanism's release call in seconds (Utpala et al. 2023, Fig. 4), including its own "
                    + "non-private mean; time with threads: 1";
        }

        @Override
        double seconds(Timing timing) {
            return timing.releaseSeconds();
        }
    }

    /** {@code estimate-time}. */
    public static final class Estimate extends WallTime {
        @Override
        public String name() {
            return "estimate-time";
        }

        @Override
        public String description() {
            return "wall time of the runner's non-private estimate of the replicate's data in seconds; time with "
                    + "threads: 1";
        }

        @Override
        double seconds(Timing timing) {
            return timing.estimateSeconds();
        }
    }

    abstract double seconds(Timing timing);

    /** Without measured times there is nothing to report. */
    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        return Measurement.undefined();
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate, Timing timing) {
        double seconds = seconds(timing);
        return seconds >= 0 && Double.isFinite(seconds) ? Measurement.exact(seconds) : Measurement.undefined();
    }
}
