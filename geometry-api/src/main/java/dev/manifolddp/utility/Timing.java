package dev.manifolddp.utility;

/**
 * Wall times the runner measures with {@link System#nanoTime()} in one replicate, under the run's parallelism.
 *
 * @param releaseSeconds  the mechanism's release call (which includes the mechanism's own non-private mean)
 * @param estimateSeconds the runner's non-private estimate of the replicate's data (shared by its mechanisms)
 */
public record Timing(double releaseSeconds, double estimateSeconds) {

    /** No measured times. */
    public static final Timing NONE = new Timing(Double.NaN, Double.NaN);
}
