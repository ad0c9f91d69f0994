package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.Records;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Records handed over in memory (by the Python package, through the command line's own release path) instead of
 * read from a CSV file: one row per record, in the geometry's {@link PointLayout} order, plus optional covariate
 * columns by name. Each row becomes a point exactly as a file row does ({@link ManifoldProjection}: one tolerance,
 * the same projection or pre-shape), and every problem is refused with the row's number (1-based: row 1 is index 0,
 * and the "line" of a ball's refusal is that number), never dropped or clipped.
 *
 * <p>The ledger's default identity is the {@link CanonicalContent} of the numbers, coordinates then covariates in the
 * order given: the same account as a headerless CSV file holding those numbers in that column order (any spelling).
 * The "file digest" of earlier ledgers is the SHA-256 of the values as big-endian doubles; no earlier account can
 * match it, since earlier releases read files.
 *
 * @param name       what the records are called in messages, the release and the ledger (e.g. {@code array:numpy})
 * @param values     the coordinates, row after row ({@code rows * columns} numbers)
 * @param rows       the number of records
 * @param columns    the coordinates per record; must be the layout's length
 * @param covariates covariate values by column name, one per record (empty when none)
 */
public record ArrayRecords(String name, double[] values, int rows, int columns, Map<String, double[]> covariates) {

    public ArrayRecords {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("the records need a name for messages and the ledger (given: none)");
        }
        if (values == null) {
            throw new IllegalArgumentException(name + ": no values (null); give one row of coordinates per record");
        }
        if (rows < 1 || columns < 1 || (long) rows * columns != values.length) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d values cannot be %d rows of %d "
                    + "coordinates; give at least one record, each with the same number of coordinates", name,
                    values.length, rows, columns));
        }
        covariates = covariates == null ? Map.of() : new LinkedHashMap<>(covariates);
        covariates.forEach((column, x) -> {
            if (x == null || x.length != rows) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: covariate %s has %s values for "
                        + "%d records; give exactly one per record", name, column, x == null ? "no" : x.length, rows));
            }
        });
    }

    /**
     * The records as points of {@code geometry}, with the covariates {@code roles} declares (each inside its public
     * range). Roles a file needs a header for (an id or subject column, named coordinate columns) do not apply to an
     * array and are refused.
     *
     * @throws IllegalArgumentException naming the rows that are not finite or not (near) points, the covariate values
     *     outside their public range, or a covariate that was not handed over
     */
    public PointFile.Points points(Geometry geometry, PointFile.Columns roles) {
        PointLayout layout = geometry.layout();
        if (columns != layout.length()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: each record needs the %d coordinates of a %s (%s), but has %d", name, layout.length(),
                    layout.describe(), Fields.names(layout.columnNames()), columns));
        }
        if (roles.id() != null || roles.subject() != null || !roles.coordinates().isEmpty()) {
            throw new IllegalArgumentException(name + ": an array's records have no named columns, so an id or "
                    + "subject column and coordinate column names do not apply; give the coordinates in layout order "
                    + "and read a CSV file for subjects");
        }
        ManifoldProjection projection = new ManifoldProjection(geometry);
        CanonicalContent content = new CanonicalContent();
        Map<String, double[]> read = new LinkedHashMap<>();
        for (CovariateColumn covariate : roles.covariates()) {
            read.put(covariate.name(), covariate(covariate));
        }
        // the points row after row in one array (Records.flat), as a file's are read
        double[] points = new double[rows * columns];
        double[] coordinates = new double[columns];
        double[] point = new double[columns];
        double[] scratch = new double[projection.scratchLength()];
        int[] lines = new int[rows];
        double[] row = new double[columns + read.size()];
        List<String> offending = new ArrayList<>();
        int offManifold = 0;
        for (int i = 0; i < rows; i++) {
            System.arraycopy(values, i * columns, row, 0, columns);
            int c = columns;
            for (double[] x : read.values()) {
                row[c++] = x[i];
            }
            content.add(row);
            lines[i] = i + 1;
            try {
                System.arraycopy(row, 0, coordinates, 0, columns);
                projection.project(finite(coordinates), scratch, point);
                System.arraycopy(point, 0, points, i * columns, columns);
            } catch (IllegalArgumentException e) {
                if (offManifold++ < 10) {
                    offending.add("row " + (i + 1) + " (" + e.getMessage() + ")");
                }
            }
        }
        if (offManifold > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d of %d rows are not points of %s: "
                    + "%s%s", name, offManifold, rows, geometry.spec(), String.join("; ", offending),
                    offManifold > offending.size() ? "; ..." : ""));
        }
        return new PointFile.Points(Records.flat(points, columns), lines, null, null, read,
                FileDigest.of(sha256(values)), content.sha256());
    }

    private static double[] finite(double[] x) {
        for (double v : x) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a coordinate is NaN or infinite; give finite numbers");
            }
        }
        return x;
    }

    /** The values of a declared covariate, each finite and inside its public range. */
    private double[] covariate(CovariateColumn declared) {
        double[] x = covariates.get(declared.name());
        if (x == null) {
            throw new IllegalArgumentException(String.format("%s: no covariate named %s was handed over; %s", name,
                    declared.name(), covariates.isEmpty() ? "give its values, one per record"
                            : "the covariates given are " + String.join(", ", covariates.keySet())));
        }
        List<String> outside = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i]) || !declared.admits(x[i])) {
                if (count++ < 10) {
                    outside.add("row " + (i + 1));
                }
            }
        }
        if (count > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d value%s of covariate %s %s not "
                    + "finite or outside the declared public range (refused, never clipped or dropped): %s%s; "
                    + "correct or remove those records, or declare a wider range (fixed before seeing the data, never "
                    + "taken from it)", name, count, count == 1 ? "" : "s", declared.name(), count == 1 ? "is" : "are",
                    String.join(", ", outside), count > outside.size() ? ", ..." : ""));
        }
        return x.clone();
    }

    private static String sha256(double[] values) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            ByteBuffer buffer = ByteBuffer.allocate(8 * 1024);
            for (double v : values) {
                if (!buffer.hasRemaining()) {
                    digest.update(buffer.flip());
                    buffer.clear();
                }
                buffer.putDouble(v);
            }
            digest.update(buffer.flip());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256 (every Java 17 runtime must)", e);
        }
    }
}
