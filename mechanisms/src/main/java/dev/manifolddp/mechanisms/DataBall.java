package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The geodesic ball {@code B_r(center)} that every record is declared to lie in. Sensitivities are computed from it,
 * so it must be public: chosen without looking at the data. A ball measured from the data is allowed only when the
 * caller says so ({@link #dataDerived}); every release made with it is then marked non-private.
 *
 * @param center      the ball's centre, a point of the geometry
 * @param radius      the geodesic radius r, finite and {@code > 0}
 * @param dataDerived true when the radius (or centre) was computed from the data: the release is not private
 */
public record DataBall(double[] center, double radius, boolean dataDerived) {

    /**
     * Relative slack of the containment check: a record at distance up to {@code r (1 + SLACK)} from the centre is
     * admitted, so that a point placed on the boundary and rounded is not refused. Every bound that depends on the
     * records lying in the ball allows for it (e.g. {@code KngAnchor}; the mean's sensitivities are evaluated at
     * {@code r (1 + SLACK)}, which is why the constant lives with them in {@link SensitivityBounds#ADMITTED_SLACK}).
     */
    public static final double SLACK = SensitivityBounds.ADMITTED_SLACK;

    /** How the checks name record i in their messages (1-based, as rows of the user's file). */
    private static final IntFunction<String> RECORD_NAMES = i -> "record " + (i + 1);

    public DataBall {
        if (center == null) {
            throw new IllegalArgumentException("the data ball needs a centre");
        }
        if (!(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("the data ball's radius must be finite and > 0. Provided value: "
                    + radius);
        }
        center = center.clone();
    }

    /** A public ball, fixed before seeing the data. */
    public static DataBall declared(double[] center, double radius) {
        return new DataBall(center, radius, false);
    }

    /**
     * The smallest ball around {@code center} that holds every point: a data-derived radius. Releases that use it are
     * marked non-private; use it only to reproduce a paper that did so (Soto et al. 2022, Fig. 2, Kulkarni and Soto 2025, §4).
     */
    public static DataBall fromData(Geometry geometry, double[] center, double[][] points) {
        double radius = 0;
        for (double[] point : points) {
            radius = Math.max(radius, geometry.distance(center, point));
        }
        return new DataBall(center, Math.max(radius, Double.MIN_NORMAL), true);
    }

    /**
     * True when {@link #requireContains} admits {@code point}: its distance from the centre, measured as that check
     * measures it (in the geometry's {@link IsometricChart} when it has one), is at most {@code r (1 + SLACK)}. For
     * a caller that places records at the edge of what the check admits (the privacy auditor) and must know that no
     * release will refuse them.
     *
     * @throws IllegalArgumentException when {@code point} or the centre is not a point of {@code geometry}
     */
    public boolean admits(Geometry geometry, double[] point) {
        GeometryChecks.requirePoint(geometry, "the ball's centre", center);
        GeometryChecks.requirePoint(geometry, "the point", point);
        Optional<IsometricChart> chart = geometry.capability(IsometricChart.class);
        double distance = chart.isPresent()
                ? IsometricChart.chartDistance(chart.get().toChart(center), chart.get().toChart(point))
                : geometry.distance(center, point);
        return admitsDistance(distance);
    }

    /** The containment test on a distance from the centre: at most {@code r (1 + SLACK)}. */
    private boolean admitsDistance(double distance) {
        return !(distance > radius * (1 + SLACK));
    }

    /**
     * Checks that {@code center} is a point of {@code geometry} and every data point lies in the ball; otherwise
     * fails with the offending rows (at most ten listed) and what to do about them.
     */
    public void requireContains(Geometry geometry, double[][] points) {
        requireContainsCharted(geometry, points);
    }

    /** {@link #requireContains(Geometry, double[][])} of records in either layout. */
    public void requireContains(Geometry geometry, Records points) {
        requireContainsCharted(geometry, points);
    }

    /** The records outside the ball a refusal lists (the count covers them all). */
    private static final int LISTED = 10;

    /**
     * {@link #requireContains(Geometry, double[][])} that, when the geometry has an
     * {@link dev.manifolddp.geometry.IsometricChart}, returns the records checked and charted in one pass
     * ({@link ChartedRecords}): each record's point test is read off the chart evaluation the distance needs, so a
     * mechanism working in the chart neither checks nor evaluates them again. Returns null without a chart.
     */
    ChartedRecords requireContainsCharted(Geometry geometry, double[][] points) {
        return requireContainsCharted(geometry, points == null ? null : Records.of(points));
    }

    /** {@link #requireContainsCharted(Geometry, double[][])} of records in either layout. */
    ChartedRecords requireContainsCharted(Geometry geometry, Records points) {
        GeometryChecks.requirePoint(geometry, "the ball's centre", center);
        if (points == null || points.size() == 0) {
            throw new IllegalArgumentException("the data set is empty; a release needs at least one record");
        }
        ChartedRecords charted = geometry.capability(IsometricChart.class).isPresent()
                ? ChartedRecords.check(geometry, points, RECORD_NAMES) : null;
        double[] centerChart = charted == null ? null
                : geometry.capability(IsometricChart.class).get().toChart(center);
        // on all cores in fixed blocks of records, each noting its count and its first few records outside and its
        // first record that is not a point; combined in block order, so the refusal is the one a single loop words
        int n = points.size();
        int blocks = RecordBlocks.count(n);
        int[] counts = new int[blocks];
        String[][] firstOutside = new String[blocks][];
        IllegalArgumentException[] notPoints = new IllegalArgumentException[blocks];
        RecordBlocks.forEach(blocks, b -> {
            List<String> mine = new ArrayList<>();
            int found = 0;
            double[] scratch = points.scratch();
            try {
                for (int i = RecordBlocks.from(b), end = RecordBlocks.to(b, n); i < end; i++) {
                    double distance;
                    if (charted != null) {
                        distance = IsometricChart.chartDistance(centerChart, charted.coordinates(i));
                    } else {
                        double[] point = points.row(i, scratch);
                        GeometryChecks.requirePoint(geometry, RECORD_NAMES, i, point);
                        distance = geometry.distance(center, point);
                    }
                    if (!admitsDistance(distance)) {
                        found++;
                        if (mine.size() < LISTED) {
                            mine.add(String.format(Locale.ROOT, "row %d at distance %.6g", i + 1, distance));
                        }
                    }
                }
            } catch (IllegalArgumentException e) {
                notPoints[b] = e;
            }
            counts[b] = found;
            firstOutside[b] = mine.toArray(String[]::new);
        });
        List<String> outside = new ArrayList<>();
        int count = 0;
        for (int b = 0; b < blocks; b++) {
            if (notPoints[b] != null) {
                throw notPoints[b];
            }
        }
        for (int b = 0; b < blocks; b++) {
            count += counts[b];
            for (String row : firstOutside[b]) {
                if (outside.size() < LISTED) {
                    outside.add(row);
                }
            }
        }
        if (count > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%d of %d records lie outside the declared ball of radius %.6g (%s%s); the sensitivity bound "
                            + "would not hold. Declare a larger public radius, or clip the records onto the ball",
                    count, points.size(), radius, String.join(", ", outside), count > outside.size() ? ", ..." : ""));
        }
        return charted;
    }

    /**
     * {@code point} when it lies in the closed ball, else the point at distance r from the centre on the geodesic
     * towards it, pulled in by a few rounding steps until the computed distance is at most r: the nearest point of
     * the ball (for y in the ball, {@code rho(point, y) >= rho(point, center) - r}), a function of the point and the
     * public ball only.
     */
    public double[] project(Geometry geometry, double[] point) {
        double distance = geometry.distance(center, point);
        if (distance <= radius) {
            return point;
        }
        int length = geometry.layout().length();
        double[] direction = new double[length];
        geometry.log(center, point, direction);
        double[] step = new double[length];
        double[] projected = new double[length];
        double scale = radius / distance;
        for (int attempt = 0; attempt < 64; attempt++) {
            for (int j = 0; j < length; j++) {
                step[j] = direction[j] * scale;
            }
            geometry.exp(center, step, projected);
            if (geometry.distance(center, projected) <= radius) {
                return projected;
            }
            scale *= 1 - 1e-15 * (1 << Math.min(attempt, 30));
        }
        throw new IllegalStateException("the projection onto the data ball did not land inside it "
                + "(distance " + geometry.distance(center, projected) + ", r = " + radius + "); report this with the "
                + "geometry");
    }
}
