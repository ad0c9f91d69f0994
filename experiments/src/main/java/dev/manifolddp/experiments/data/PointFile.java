package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a CSV file of points ({@link CsvText}: strict UTF-8, a header only when every field of the first row is a
 * name, no empty fields, no dropped rows), one point per row in the geometry's {@link PointLayout}, and maps every row
 * to an exact point with {@link ManifoldProjection} (one tolerance that scales with the point's size and dimension).
 * Optionally a header names a subject column, whose value groups the records of one person, and the coordinate
 * columns. Every error names the file, the line and, for a field, the column.
 */
public final class PointFile {

    private static final int LISTED = 10;

    /**
     * The points of a file with the file line each came from.
     *
     * @param points   the exact points (projected; pre-shaped on a landmark geometry)
     * @param lines    the 1-based file line of each point
     * @param subjects the subject of each point, or null when the file names no subject column
     * @param sha256   the SHA-256 of the file's bytes as read (lower-case hex), or null
     */
    public record Points(double[][] points, int[] lines, String[] subjects, String sha256) {

        public Points(double[][] points, int[] lines) {
            this(points, lines, null, null);
        }

        public int size() {
            return points.length;
        }
    }

    /**
     * Which columns of a file with a header hold what.
     *
     * @param subject     the column naming each record's subject, or null (one record is one subject)
     * @param coordinates the coordinate columns in layout order, or empty for "all other columns"
     */
    public record Columns(String subject, List<String> coordinates) {

        /** Every column is a coordinate. */
        public static final Columns ALL = new Columns(null, List.of());

        public Columns {
            coordinates = coordinates == null ? List.of() : List.copyOf(coordinates);
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
     *     field, a row that is not (near) a point, unknown column names, or a file without rows
     */
    public static Points read(Path file, Geometry geometry, Columns columns) {
        if (geometry == null) {
            throw new IllegalArgumentException("no geometry given (null)");
        }
        Columns roles = columns == null ? Columns.ALL : columns;
        CsvText.Table table = CsvText.read(file);
        PointLayout layout = geometry.layout();
        if (table.rows().isEmpty()) {
            throw new IllegalArgumentException(String.format("data file %s has no data rows%s; it needs one point "
                    + "per row with columns %s", file, table.header().isEmpty() ? "" : " (only a header)",
                    String.join(",", layout.columnNames())));
        }
        CsvText.Row first = table.rows().get(0);
        ColumnMap map = ColumnMap.of(table.header(), first.fields(), first.line(), layout, roles, file.toString());
        ManifoldProjection projection = new ManifoldProjection(geometry);
        int n = table.rows().size();
        double[][] points = new double[n][];
        int[] lines = new int[n];
        String[] subjects = map.subject() < 0 ? null : new String[n];
        List<String> offending = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < n; i++) {
            CsvText.Row row = table.rows().get(i);
            lines[i] = row.line();
            double[] x = new double[layout.length()];
            for (int j = 0; j < x.length; j++) {
                int column = map.coordinates()[j];
                x[j] = DecimalField.parse(row.fields()[column], String.format(Locale.ROOT,
                        "%s line %d: column %d (%s)", file, row.line(), column + 1, map.names().get(column)));
            }
            if (subjects != null) {
                subjects[i] = row.fields()[map.subject()];
            }
            try {
                points[i] = projection.project(x);
            } catch (IllegalArgumentException e) {
                count++;
                if (offending.size() < LISTED) {
                    offending.add("line " + row.line() + " (" + e.getMessage() + ")");
                }
            }
        }
        if (count > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d of %d rows are not points of %s: %s%s", file, count, n, geometry.spec(),
                    String.join("; ", offending), count > offending.size() ? "; ..." : ""));
        }
        return new Points(points, lines, subjects, table.sha256());
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
                    layout.describe(), layout.length(), summaryNames(layout), fields.length, Fields.summary(fields)));
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

    private static String summaryNames(PointLayout layout) {
        List<String> names = layout.columnNames();
        return names.size() <= 2 * Fields.SHOWN_FIELDS ? String.join(",", names)
                : String.join(",", names.subList(0, Fields.SHOWN_FIELDS)) + ",...," + names.get(names.size() - 1);
    }

    /** Where the subject and the coordinates are in a row. */
    private record ColumnMap(List<String> names, int subject, int[] coordinates) {

        static ColumnMap of(List<String> header, String[] firstRow, int firstLine, PointLayout layout,
                Columns roles, String file) {
            int width = firstRow.length;
            boolean named = roles.subject() != null || !roles.coordinates().isEmpty();
            if (named && header.isEmpty()) {
                throw new IllegalArgumentException(String.format("%s has no header row, so its columns cannot be "
                        + "found by name (%s); add a first row of column names", file, roles.subject() != null
                        ? "subject column '" + roles.subject() + "'" : "columns " + roles.coordinates()));
            }
            List<String> names = header.isEmpty() ? layout.columnNames() : header;
            int subject = roles.subject() == null ? -1 : index(header, roles.subject(), "subject column", file);
            int[] coordinates;
            if (!roles.coordinates().isEmpty()) {
                coordinates = roles.coordinates().stream().mapToInt(name -> index(header, name, "column", file))
                        .toArray();
                if (subject >= 0 && roles.coordinates().contains(roles.subject())) {
                    throw new IllegalArgumentException(String.format("%s: the subject column '%s' cannot also be a "
                            + "coordinate column", file, roles.subject()));
                }
            } else {
                coordinates = new int[width - (subject >= 0 ? 1 : 0)];
                for (int j = 0, k = 0; j < width; j++) {
                    if (j != subject) {
                        coordinates[k++] = j;
                    }
                }
            }
            if (coordinates.length != layout.length()) {
                String where;
                if (header.isEmpty()) {
                    where = String.format(Locale.ROOT, "line %d has %d fields", firstLine, width);
                } else if (!roles.coordinates().isEmpty()) {
                    where = "--columns names " + coordinates.length;
                } else {
                    where = String.format(Locale.ROOT, "the header has %d columns%s", coordinates.length,
                            subject >= 0 ? " besides the subject" : "");
                }
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "%s: a %s point needs %d numbers (%s), but %s. Provided value: %s", file, layout.describe(),
                        layout.length(), summaryNames(layout), where, Fields.summary(firstRow)));
            }
            return new ColumnMap(names, subject, coordinates);
        }

        private static int index(List<String> header, String name, String what, String file) {
            int index = header.indexOf(name);
            if (index < 0) {
                throw new IllegalArgumentException(String.format("%s: no %s named '%s'; the header has %s", file,
                        what, Fields.shown(name).replace("'", ""), Fields.summary(header.toArray(String[]::new))));
            }
            return index;
        }
    }
}
