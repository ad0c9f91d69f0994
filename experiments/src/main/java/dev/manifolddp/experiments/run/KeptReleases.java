package dev.manifolddp.experiments.run;

import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.geometry.Geometry;

/**
 * The releases a run keeps for its pictures ({@link GalleryPlan}): in the drawn cell, the values of replicates
 * {@code 0..per-mechanism-1} of every mechanism, and from replicate 0 the non-private estimate, a sample of the records
 * and their spread around the estimate. Slots are filled by replicate index, so what is kept does not depend on the
 * thread count; each slot is written by the one task that owns its replicate.
 */
public final class KeptReleases {

    private final double[][][] releases;
    private double[] estimate;
    private double[][] sample;
    private int records;
    private double spread = Double.NaN;
    private DataBall ball;

    KeptReleases(int mechanisms, int perMechanism) {
        releases = new double[mechanisms][perMechanism][];
    }

    /**
     * Replicate 0's data: the estimate, {@code sample} records spread evenly over the rows, and the spread when the
     * estimate is a point of the data's geometry ({@code onManifold}; a covariance or a variance has no distance to the
     * records, and its spread stays NaN).
     */
    void data(Geometry geometry, double[][] points, double[] estimate, int sampleSize, DataBall ball,
            boolean onManifold) {
        this.estimate = estimate.clone();
        this.ball = ball;
        this.records = points.length;
        int drawn = Math.min(sampleSize, points.length);
        sample = new double[drawn][];
        for (int i = 0; i < drawn; i++) {
            sample[i] = points[(int) ((long) i * points.length / drawn)].clone();
        }
        spread = onManifold ? spread(geometry, points, estimate) : Double.NaN;
    }

    void release(int mechanism, int replicate, double[] value) {
        releases[mechanism][replicate] = value.clone();
    }

    /**
     * The root mean square distance of the records to their mean, {@code sqrt(mean_i rho(x_i, estimate)^2)}: the
     * data's own spread, a diagnostic of the experiment (never part of a release).
     */
    static double spread(Geometry geometry, double[][] points, double[] estimate) {
        double sum = 0;
        for (double[] point : points) {
            double d = geometry.distance(point, estimate);
            sum += d * d;
        }
        return Math.sqrt(sum / points.length);
    }

    /** The non-private estimate of replicate 0. */
    public double[] estimate() {
        return estimate.clone();
    }

    /** Replicate 0's ball (public, or data-derived when the run says so), or null when none was kept. */
    public DataBall ball() {
        return ball;
    }

    /** The sampled records of replicate 0. */
    public double[][] sample() {
        return sample.clone();
    }

    /** The number of records of replicate 0. */
    public int records() {
        return records;
    }

    /** The RMS distance of replicate 0's records to its estimate. */
    public double spread() {
        return spread;
    }

    /** The kept releases of mechanism {@code m}, by replicate (fewer than asked when the run has fewer replicates). */
    public java.util.List<double[]> releases(int m) {
        java.util.List<double[]> kept = new java.util.ArrayList<>();
        for (double[] value : releases[m]) {
            if (value != null) {
                kept.add(value.clone());
            }
        }
        return kept;
    }
}
