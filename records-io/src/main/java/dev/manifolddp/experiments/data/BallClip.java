package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Checks file data against the declared public ball {@code B_r(center)} and, when asked, clips: a point x outside
 * is moved to {@code exp(center, r log(center, x)/|log(center, x)|)}, the boundary point on the minimising geodesic
 * from the centre. Clipped data lie in the ball, so a sensitivity bound computed from r stays valid. The distances are
 * measured on all cores in fixed blocks of records ({@link RecordBlocks}); the records outside are listed and clipped
 * in line order, so the result and every message are those of one loop over the records.
 */
public final class BallClip {

    private static final int LISTED = 10;

    /**
     * The data after the check.
     *
     * @param records the points, clipped ones replaced: the file's own records when none was moved, else a copy
     *                in their layout ({@link Records})
     * @param moved   how many points were moved onto the boundary
     */
    public record Result(Records records, int moved) {

        /** The points as one array per record ({@link Records#rows()}: for flat records, copies made once and kept). */
        public double[][] points() {
            return records.rows();
        }
    }

    private BallClip() {
    }

    /**
     * Refuses points outside the ball (listing them, with {@code hint} saying how to clip) unless {@code clip};
     * otherwise moves them onto its boundary.
     */
    public static Result apply(Geometry geometry, double[] center, double radius, String radiusName,
            PointFile.Points data, boolean clip, String hint) {
        if (geometry == null || center == null || data == null) {
            throw new IllegalArgumentException("the ball check needs a geometry, a centre and the data; got "
                    + (geometry == null ? "no geometry" : center == null ? "no centre" : "no data") + " (null)");
        }
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("the ball's radius must be a finite number > 0. Provided value: "
                    + radius);
        }
        Records points = data.records();
        int n = points.size();
        // the distances on all cores in fixed blocks, each block noting its records outside the ball; the records
        // outside are then listed and clipped in line order on this thread, as one loop over the records would
        int blocks = RecordBlocks.count(n);
        int[][] outsideRows = new int[blocks][];
        double[][] outsideDistances = new double[blocks][];
        RecordBlocks.forEach(blocks, b -> {
            int[] rows = new int[0];
            double[] distances = new double[0];
            int found = 0;
            double[] scratch = points.scratch();
            for (int i = RecordBlocks.from(b), end = RecordBlocks.to(b, n); i < end; i++) {
                double distance = geometry.distance(center, points.row(i, scratch));
                if (!(distance <= radius * (1 + 1e-12))) {
                    if (found == rows.length) {
                        rows = Arrays.copyOf(rows, 2 * found + 8);
                        distances = Arrays.copyOf(distances, 2 * found + 8);
                    }
                    rows[found] = i;
                    distances[found++] = distance;
                }
            }
            outsideRows[b] = Arrays.copyOf(rows, found);
            outsideDistances[b] = Arrays.copyOf(distances, found);
        });
        List<String> outside = new ArrayList<>();
        int count = 0;
        for (int[] rows : outsideRows) {
            count += rows.length;
        }
        // a clipped data set is a copy in the records' layout; the file's records themselves are never changed
        int[] moved = new int[clip ? count : 0];
        double[][] boundary = new double[moved.length][];
        double[] direction = new double[center.length];
        double[] scratch = points.scratch();
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            for (int o = 0; o < outsideRows[b].length; o++) {
                int i = outsideRows[b][o];
                double distance = outsideDistances[b][o];
                if (outside.size() < LISTED) {
                    outside.add(String.format(Locale.ROOT, "line %d at distance %.6g", data.lines()[i], distance));
                }
                if (clip) {
                    moved[k] = i;
                    boundary[k++] = boundaryPoint(geometry, center, radius, points.row(i, scratch), data.lines()[i],
                            distance, direction);
                }
            }
        }
        if (count > 0 && !clip) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%d of %d records lie outside the declared ball of radius %.6g around the centre (%s%s); the "
                            + "sensitivity bound would not hold. Declare a larger public radius (%s) or %s",
                    count, data.size(), radius, String.join(", ", outside), count > outside.size() ? ", ..." : "",
                    radiusName, hint));
        }
        return new Result(count == 0 ? points : points.with(moved, boundary), count);
    }

    private static double[] boundaryPoint(Geometry geometry, double[] center, double radius, double[] x, int line,
            double distance, double[] direction) {
        try {
            geometry.log(center, x, direction);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "line %d lies at the cut locus of the centre (distance %.6g), where no unique geodesic leads "
                            + "to it, so it cannot be clipped; remove it or choose another centre", line, distance), e);
        }
        double norm = geometry.norm(center, direction);
        double[] scaled = new double[direction.length];
        for (int j = 0; j < scaled.length; j++) {
            scaled[j] = direction[j] * (radius / norm);
        }
        double[] out = new double[x.length];
        geometry.exp(center, scaled, out);
        return out;
    }
}
