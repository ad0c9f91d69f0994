package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Records from the rows of a file (already checked and, if asked, clipped). With an {@code n} axis each replicate
 * draws n distinct rows from its own stream (a partial Fisher-Yates shuffle); without one every replicate uses all
 * rows, so only the mechanisms' noise varies. A null radius means a data-derived ball, computed per replicate; a
 * centre computed from the released rows (a non-private template) marks the declared ball data-derived.
 */
final class FileSource implements DataSource {

    private final Geometry geometry;
    private final double[][] rows;
    private final double[] center;
    private final Double radius;
    private final boolean centerFromData;
    private final String description;

    FileSource(Geometry geometry, double[][] rows, double[] center, Double radius, boolean centerFromData,
            String description) {
        this.geometry = geometry;
        this.rows = rows;
        this.center = center.clone();
        this.radius = radius;
        this.centerFromData = centerFromData;
        this.description = description;
    }

    int rows() {
        return rows.length;
    }

    @Override
    public Dataset draw(int n, UniformRandomProvider random) {
        double[][] points;
        if (n < 0 || n == rows.length) {
            points = rows.clone();
        } else {
            int[] order = new int[rows.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            points = new double[n][];
            for (int i = 0; i < n; i++) {
                int j = i + random.nextInt(order.length - i);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
                points[i] = rows[order[i]];
            }
        }
        DataBall ball = radius == null ? DataBall.fromData(geometry, center, pointsOf(points)) : ball();
        return new Dataset(points, ball);
    }

    /**
     * The centre for every record, followed by the record's covariate when the rows carry one ({@code [y..., x]}):
     * one covariate for every stand-in would make a degenerate design for a regression's check.
     */
    @Override
    public Dataset probe(int n) {
        double[][] points = new double[n < 0 ? rows.length : n][];
        for (int i = 0; i < points.length; i++) {
            points[i] = rows[i].length == center.length ? center : withTail(center, rows[i]);
        }
        DataBall ball = radius == null ? DataBall.fromData(geometry, center, pointsOf(rows)) : ball();
        return new Dataset(points, ball);
    }

    /** The points of the records: the records themselves, or their first coordinates when a covariate follows. */
    private double[][] pointsOf(double[][] records) {
        if (records.length == 0 || records[0].length == center.length) {
            return records;
        }
        double[][] points = new double[records.length][];
        for (int i = 0; i < records.length; i++) {
            points[i] = java.util.Arrays.copyOf(records[i], center.length);
        }
        return points;
    }

    private static double[] withTail(double[] center, double[] record) {
        double[] stand = java.util.Arrays.copyOf(record, record.length);
        System.arraycopy(center, 0, stand, 0, center.length);
        return stand;
    }

    private DataBall ball() {
        return centerFromData ? new DataBall(center, radius, true) : DataBall.declared(center, radius);
    }

    @Override
    public String describe() {
        return description;
    }
}
