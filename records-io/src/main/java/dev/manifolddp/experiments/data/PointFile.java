package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.Records;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a CSV file of points ({@link CsvText}: strict UTF-8, a header only when every field of the first row is a
 * name, no empty fields, no dropped rows), one point per row in the geometry's {@link PointLayout}, and maps every row
 * to an exact point with {@link ManifoldProjection} (one tolerance that scales with the point's size and dimension).
 * The file is read as a stream ({@link PointRows}): what a read keeps is the points and the attributes named, not
 * the text, and a file whose records would not fit in the Java heap is refused with the memory it needs
 * ({@link ReadMemory}) instead of an {@link OutOfMemoryError}.
 * A file whose name ends with {@code .npy} is read as a NumPy array of float64 instead ({@link NpyPoints}: one point
 * per row, memory-mapped, the same checks, coordinates only).
 * Optionally a header names an id column (unique per record), a subject column, whose value groups the records of
 * one person, covariate columns (finite numbers, each inside its public range when one is declared) and the coordinate
 * columns; other columns are left out only when the coordinates are named. A symmetric matrix is named either by its
 * k*k entries or by the k(k+1)/2 of its upper triangle, row by row, mirrored into the full matrix. Every error names
 * the file, the line and, for a field, the column.
 */
public final class PointFile {

    /**
     * The points of a file with the file line each came from and the record's attributes.
     *
     * @param records    the exact points (projected; pre-shaped on a landmark geometry): flat ({@link Records#flat})
     *                   from the readers, one array per record where a point's length differs from its row's or
     *                   where the points were given so
     * @param lines      the 1-based file line of each point
     * @param ids        the id of each point (unique), or null when the file names no id column
     * @param subjects   the subject of each point, or null when the file names no subject column
     * @param covariates the values of each covariate column by name, in declared order (empty when none is named)
     * @param fileDigest the SHA-256 of the file's bytes as read ({@link #sha256()}), or null
     * @param contentSha256 the digest of the file's content independent of row order, column order and number
     *                   spelling ({@code CanonicalContent}; the budget ledger's default dataset identity), or null
     */
    public record Points(Records records, int[] lines, String[] ids, String[] subjects,
            Map<String, double[]> covariates, FileDigest fileDigest, String contentSha256) {

        public Points {
            covariates = covariates == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(covariates));
            requireOnePerPoint(records, lines, "lines");
            requireOnePerPoint(records, ids, "ids");
            requireOnePerPoint(records, subjects, "subjects");
            Records all = records;
            covariates.forEach((name, values) -> {
                if (values == null) {
                    throw new IllegalArgumentException("covariate " + name + ": no values (null); give one per point");
                }
                requireOnePerPoint(all, values, "covariate " + name);
            });
        }

        private static void requireOnePerPoint(Records points, Object values, String what) {
            if (points == null) {
                throw new IllegalArgumentException("the points are missing (null); give one array per record");
            }
            int length = values == null ? points.size() : Array.getLength(values);
            if (length != points.size()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d values for %d points; give "
                        + "exactly one per point", what, length, points.size()));
            }
        }

        /** Points held one array per record. */
        public Points(double[][] points, int[] lines, String[] ids, String[] subjects,
                Map<String, double[]> covariates, FileDigest fileDigest, String contentSha256) {
            this(points == null ? null : Records.of(points), lines, ids, subjects, covariates, fileDigest,
                    contentSha256);
        }

        /** Points whose file digest was taken as they were read ({@code sha256}, or null for none). */
        public Points(double[][] points, int[] lines, String[] ids, String[] subjects,
                Map<String, double[]> covariates, String sha256, String contentSha256) {
            this(points, lines, ids, subjects, covariates, FileDigest.of(sha256), contentSha256);
        }

        public Points(double[][] points, int[] lines, String[] ids, String[] subjects,
                Map<String, double[]> covariates, String sha256) {
            this(points, lines, ids, subjects, covariates, sha256, null);
        }

        public Points(double[][] points, int[] lines, String[] subjects, String sha256) {
            this(points, lines, null, subjects, Map.of(), sha256);
        }

        public Points(double[][] points, int[] lines) {
            this(points, lines, null, null);
        }

        public int size() {
            return records.size();
        }

        /**
         * The points as one array per record ({@link Records#rows()}: for flat records, copies made on the first call
         * and kept beside them); {@link #records()} reads either layout without a copy.
         */
        public double[][] points() {
            return records.rows();
        }

        /**
         * The SHA-256 of the file's bytes as read (lower-case hex), or null; a large file read in blocks is hashed on
         * this first call ({@link FileDigest}).
         *
         * @throws IllegalArgumentException naming the file when it has changed since it was read
         */
        public String sha256() {
            return fileDigest == null ? null : fileDigest.get();
        }

        /**
         * The values of covariate column {@code name}, one per point.
         *
         * @throws IllegalArgumentException naming the covariate columns read when {@code name} is not one of them
         */
        public double[] covariate(String name) {
            double[] values = covariates.get(name);
            if (values == null) {
                throw new IllegalArgumentException(String.format("no covariate column named %s was read; %s",
                        name == null ? "null" : Fields.shown(name), covariates.isEmpty()
                                ? "declare it as a covariate column when reading the file"
                                : "the covariate columns are " + String.join(", ", covariates.keySet())));
            }
            return values;
        }
    }

    /**
     * Which columns of a file with a header hold what. A column plays at most one role.
     *
     * @param id          the column holding each record's unique id, or null
     * @param subject     the column naming each record's subject, or null (one record is one subject)
     * @param covariates  the covariate columns, each with its public range or none
     * @param coordinates the coordinate columns in layout order, or empty for "all columns without another role";
     *                    for a k x k symmetric matrix either its k*k entries row by row or the k(k+1)/2 entries of
     *                    its upper triangle row by row
     */
    public record Columns(String id, String subject, List<CovariateColumn> covariates, List<String> coordinates) {

        /** Every column is a coordinate. */
        public static final Columns ALL = new Columns(null, List.of());

        public Columns {
            covariates = covariates == null ? List.of() : List.copyOf(requireNoNull(covariates, "covariate"));
            coordinates = coordinates == null ? List.of() : List.copyOf(requireNoNull(coordinates, "coordinate"));
        }

        private static <T> List<T> requireNoNull(List<T> names, String role) {
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i) == null) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "%s column %d of %d is missing "
                            + "(null); name every %s column", role, i + 1, names.size(), role));
                }
            }
            return names;
        }

        public Columns(String subject, List<String> coordinates) {
            this(null, subject, List.of(), coordinates);
        }

        /** These roles with {@code id} as the id column. */
        public Columns withId(String id) {
            return new Columns(id, subject, covariates, coordinates);
        }

        /** These roles with {@code subject} as the subject column. */
        public Columns withSubject(String subject) {
            return new Columns(id, subject, covariates, coordinates);
        }

        /** These roles with {@code coordinates} as the coordinate columns, in layout order. */
        public Columns withCoordinates(List<String> coordinates) {
            return new Columns(id, subject, covariates, coordinates);
        }

        /** These roles with {@code covariate} added after the covariate columns already named. */
        public Columns withCovariate(CovariateColumn covariate) {
            List<CovariateColumn> more = new ArrayList<>(covariates);
            more.add(covariate);
            return new Columns(id, subject, more, coordinates);
        }
    }

    private PointFile() {
    }

    /** Reads {@code file} as points of {@code geometry}, every column a coordinate. */
    public static Points read(Path file, Geometry geometry) {
        return read(file, geometry, Columns.ALL);
    }

    /**
     * Reads {@code file} as points of {@code geometry} with the given column roles.
     *
     * @throws IllegalArgumentException naming the file, line and column for a missing or unreadable file, a malformed
     *     field, a row that is not (near) a point, a repeated id, a covariate outside its public range, unknown
     *     column names, a column given two roles, or a file without rows
     */
    public static Points read(Path file, Geometry geometry, Columns columns) {
        return read(file, geometry, columns, null);
    }

    /**
     * Reads the rows of {@code file} that {@code filter} keeps (all rows when it is null) as points of
     * {@code geometry} with the given column roles; line numbers in messages and in {@link Points#lines()} stay the
     * file's.
     */
    public static Points read(Path file, Geometry geometry, Columns columns, RowFilter filter) {
        return read(file, geometry, columns, filter, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #read(Path, Geometry, Columns, RowFilter)} within a heap of at most {@code maxHeap} bytes. */
    static Points read(Path file, Geometry geometry, Columns columns, RowFilter filter, long maxHeap) {
        if (geometry == null) {
            throw new IllegalArgumentException("no geometry given (null)");
        }
        Columns roles = columns == null ? Columns.ALL : columns;
        ReadMemory memory = new ReadMemory(file, maxHeap);
        try {
            return readRows(file, geometry, roles, filter, memory);
        } catch (OutOfMemoryError e) {
            // the records read so far went with readRows' frame, so there is room again to say what happened
            throw memory.outOfMemory();
        }
    }

    private static Points readRows(Path file, Geometry geometry, Columns roles, RowFilter filter,
            ReadMemory memory) {
        if (NpyPoints.isNpy(file)) {
            return NpyPoints.read(file, geometry, roles, filter, memory);
        }
        Points blocks = CsvBlocks.read(file, geometry, roles, filter, memory);
        if (blocks != null) {
            return blocks;
        }
        try (CsvText csv = CsvText.open(file)) {
            memory.opened(csv.size());
            return PointRows.read(csv, geometry, roles, filter, memory);
        }
    }

    /**
     * A point given as text in the geometry's layout (a ball centre), mapped to an exact point like a row. Fails
     * with {@code what} (e.g. {@code --center}) in the message when the text is malformed or not (near) a point.
     */
    public static double[] center(String text, Geometry geometry, String what) {
        if (geometry == null) {
            throw new IllegalArgumentException(what + ": no geometry given (null)");
        }
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + " is missing: give the point as " + geometry.layout().length()
                    + " comma-separated numbers (" + String.join(",", geometry.layout().columnNames()) + ")");
        }
        PointLayout layout = geometry.layout();
        String[] fields = text.strip().split("\\s*[,;]\\s*|\\s+", -1);
        if (fields.length != layout.length()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: a %s point needs %d numbers (%s), but %d were given. Provided value: %s", what,
                    layout.describe(), layout.length(), Fields.names(layout.columnNames()), fields.length, Fields.summary(fields)));
        }
        double[] x = new double[fields.length];
        for (int j = 0; j < x.length; j++) {
            x[j] = DecimalField.parse(fields[j], String.format(Locale.ROOT, "%s: entry %d (%s)", what, j + 1,
                    layout.columnNames().get(j)));
        }
        try {
            return new ManifoldProjection(geometry).project(x);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " is " + e.getMessage() + ". Provided value: "
                    + Fields.summary(fields), e);
        }
    }
}
