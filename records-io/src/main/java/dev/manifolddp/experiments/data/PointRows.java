package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The points of a file built from its rows as {@link CsvText} reads them: each row's coordinates are parsed from the
 * line's characters into the row's point, which is mapped onto the manifold at once, so what a read keeps is the
 * points (the {@code double[]} per record the mechanisms take), their lines and the attributes the roles name, in
 * arrays that grow as the rows come; no text of a row is kept unless a role names it (an id, a subject).
 *
 * <p>The checks and their order are those of reading the whole file first: a problem with a row's values (a field
 * that is not a number, a repeated id, a column missing from the header) is reported only once the rest of the file
 * is known to be well-formed text ({@link CsvText#finish}); covariates outside their range and rows that are not
 * points are collected over the whole file and refused together.
 */
final class PointRows {

    private static final int LISTED = 10;

    private final CsvText csv;
    private final String file;
    private final PointLayout layout;
    private final ManifoldProjection projection;
    private final PointFile.Columns roles;
    private final RowFilter filter;
    private final ReadMemory memory;
    private final Set<String> seen = new LinkedHashSet<>();
    private final List<String> offending = new ArrayList<>();
    private int filterColumn = -1;
    private ColumnMap map;
    private RecordAttributes attributes;
    private double[][] points = new double[ReadMemory.INITIAL][];
    private int[] lines = new int[ReadMemory.INITIAL];
    private int count;
    private int offManifold;

    private PointRows(CsvText csv, Geometry geometry, PointFile.Columns roles, RowFilter filter,
            ReadMemory memory) {
        this.csv = csv;
        this.file = csv.file().toString();
        this.layout = geometry.layout();
        this.projection = new ManifoldProjection(geometry);
        this.roles = roles;
        this.filter = filter;
        this.memory = memory;
    }

    /** Reads every row of {@code csv} that {@code filter} keeps (all when null) as points of {@code geometry}. */
    static PointFile.Points read(CsvText csv, Geometry geometry, PointFile.Columns roles, RowFilter filter,
            ReadMemory memory) {
        PointRows rows = new PointRows(csv, geometry, roles, filter, memory);
        while (csv.next()) {
            try {
                rows.accept();
            } catch (IllegalArgumentException valueProblem) {
                csv.finish();
                throw valueProblem;
            }
            rows.makeRoom();
        }
        return rows.points(geometry);
    }

    /** Takes the current row as the next record, when the filter keeps it. */
    private void accept() {
        if (filter != null) {
            if (filterColumn < 0) {
                filterColumn = filter.columnIn(csv.header(), file);
            }
            if (!filter.keeps(csv.field(filterColumn), seen)) {
                return;
            }
        }
        if (map == null) {
            String[] first = csv.fields();
            map = ColumnMap.of(csv.header(), first, csv.line(), layout, roles, file);
            attributes = new RecordAttributes(file, map, roles.covariates(), ReadMemory.INITIAL);
            memory.records(layout.length(), roles.covariates().size(),
                    RecordAttributes.bytesPerRecord(map, roles.covariates().size(), first));
        }
        int line = csv.line();
        double[] x = new double[layout.length()];
        for (int j = 0; j < x.length; j++) {
            int column = map.coordinates()[j];
            x[j] = csv.number(column, () -> String.format(Locale.ROOT, "%s line %d: column %d (%s)", file, line,
                    column + 1, map.names().get(column)));
        }
        attributes.read(csv);
        lines[count] = line;
        try {
            points[count] = projection.project(x);
        } catch (IllegalArgumentException e) {
            offManifold++;
            if (offending.size() < LISTED) {
                offending.add("line " + line + " (" + e.getMessage() + ")");
            }
        }
        count++;
    }

    /**
     * Grows the arrays once they are full, after checking that the whole file's records fit in the heap (a refusal
     * that does not wait for the rest of the file to be read).
     */
    private void makeRoom() {
        if (count == points.length) {
            memory.check(count, csv.position());
            int capacity = ReadMemory.grown(count);
            points = Arrays.copyOf(points, capacity);
            lines = Arrays.copyOf(lines, capacity);
        }
    }

    /** The records read, once every row was; refuses a file without records and the collected problems. */
    private PointFile.Points points(Geometry geometry) {
        if (filter != null) {
            if (filterColumn < 0) {
                filterColumn = filter.columnIn(csv.header(), file);
            }
            if (count == 0) {
                throw filter.keptNothing(file, seen);
            }
        }
        if (count == 0) {
            throw new IllegalArgumentException(String.format("data file %s has no data rows%s; it needs one point "
                    + "per row with columns %s", file, csv.header().isEmpty() ? "" : " (only a header)",
                    String.join(",", layout.columnNames())));
        }
        attributes.requireInRange();
        if (offManifold > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d of %d rows are not points of %s: %s%s", file, offManifold, count, geometry.spec(),
                    String.join("; ", offending), offManifold > offending.size() ? "; ..." : ""));
        }
        return new PointFile.Points(Arrays.copyOf(points, count), Arrays.copyOf(lines, count), attributes.ids(),
                attributes.subjects(), attributes.covariates(), csv.sha256(), csv.canonicalSha256());
    }
}
