package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The points of a file built from its rows as {@link CsvText} reads them: each row's coordinates are parsed from the
 * line's characters into one growing array of numbers, row after row ({@code double[]} of count x length), with the
 * rows' lines and the attributes the roles name; no text of a row is kept unless a role names it (an id, a subject).
 * No object is made per row while the file is read: at 10^7 rows, a {@code double[]} per row made during the read
 * survived every young collection of the parse and was copied by each, and that copying made the collector grow the
 * heap to several times what the read keeps (docs/scale.md, "Where the memory goes"). The rows are mapped onto the
 * manifold once the file is read, on all cores in fixed blocks (an eigendecomposition a row on SPD), with the same
 * points and the same refusals as a row-by-row loop, and only then become the points (the {@code double[]} per
 * record the mechanisms take), made in one pass.
 *
 * <p>The checks and their order are those of reading the whole file first: a problem with a row's values (a field
 * that is not a number, a repeated id, a column missing from the header) is reported only once the rest of the file
 * is known to be well-formed text ({@link CsvText#finish}); covariates outside their range and rows that are not
 * points are collected over the whole file and refused together.
 */
final class PointRows {

    private final CsvText csv;
    private final String file;
    private final PointLayout layout;
    private final ManifoldProjection projection;
    private final PointFile.Columns roles;
    private final RowFilter filter;
    private final ReadMemory memory;
    private final Set<String> seen = new LinkedHashSet<>();
    private int filterColumn = -1;
    private ColumnMap map;
    private RecordAttributes attributes;
    private final int width;
    /** Row i's numbers as read, then its point, at {@code [i * width, (i + 1) * width)}. */
    private double[] values;
    /** A row whose point has another length than the row (a Kendall preshape), by row; null until there is one. */
    private double[][] reshaped;
    private int[] lines = new int[ReadMemory.INITIAL];
    private int count;
    private final OffManifoldRows offManifold = new OffManifoldRows();

    private PointRows(CsvText csv, Geometry geometry, PointFile.Columns roles, RowFilter filter,
            ReadMemory memory) {
        this.csv = csv;
        this.file = csv.file().toString();
        this.layout = geometry.layout();
        this.width = layout.length();
        this.values = new double[ReadMemory.INITIAL * width];
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
        // the row as written, in place in the values; projected once the whole file is read (projectAll)
        int at = count * width;
        for (int j = 0; j < width; j++) {
            int column = map.coordinates()[j];
            values[at + j] = csv.number(column, () -> String.format(Locale.ROOT, "%s line %d: column %d (%s)", file,
                    line, column + 1, map.names().get(column)));
        }
        attributes.read(csv);
        lines[count] = line;
        count++;
    }

    /**
     * Replaces every row read by its exact point ({@link ManifoldProjection}), in fixed blocks of records on the
     * calling pool's threads ({@link RecordBlocks}: a row's projection depends on the row alone, so the points are the
     * same on any number of threads), and collects the rows that are not points in line order ({@link
     * OffManifoldRows}).
     */
    private void projectAll() {
        int blocks = RecordBlocks.count(count);
        OffManifoldRows[] failed = new OffManifoldRows[blocks];
        RecordBlocks.forEach(blocks, b -> {
            OffManifoldRows mine = new OffManifoldRows();
            double[] row = new double[width];
            for (int i = RecordBlocks.from(b), end = RecordBlocks.to(b, count); i < end; i++) {
                try {
                    System.arraycopy(values, i * width, row, 0, width);
                    double[] point = projection.project(row);
                    if (point.length == width) {
                        // the point goes where its row was; the projection's new array dies young
                        System.arraycopy(point, 0, values, i * width, width);
                    } else {
                        reshaped(i, point);
                    }
                } catch (IllegalArgumentException e) {
                    mine.note(lines[i], e);
                }
            }
            failed[b] = mine;
        });
        for (OffManifoldRows block : failed) {
            offManifold.add(block);
        }
    }

    /** Keeps row i's point of another length than the row (a Kendall preshape: from any block's thread). */
    private synchronized void reshaped(int i, double[] point) {
        if (reshaped == null) {
            reshaped = new double[count][];
        }
        reshaped[i] = point;
    }

    /**
     * The points: the values array itself, flat ({@link Records#flat}), when every point kept its row's length;
     * otherwise one array per record, made from the values in one pass.
     */
    private Records records() {
        if (reshaped == null) {
            return Records.flat(new double[][] {values}, new int[] {count}, width);
        }
        double[][] points = new double[count][];
        for (int i = 0; i < count; i++) {
            points[i] = reshaped[i] != null ? reshaped[i] : Arrays.copyOfRange(values, i * width, (i + 1) * width);
        }
        values = null;
        return Records.of(points);
    }

    /**
     * Grows the arrays once they are full, after checking that the whole file's records fit in the heap (a refusal
     * that does not wait for the rest of the file to be read).
     */
    private void makeRoom() {
        if (count == lines.length) {
            memory.check(count, csv.position());
            int capacity = ReadMemory.grown(count, width);
            values = Arrays.copyOf(values, capacity * width);
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
        projectAll();
        offManifold.refuseAny(file, count, geometry);
        return new PointFile.Points(records(), Arrays.copyOf(lines, count), attributes.ids(),
                attributes.subjects(), attributes.covariates(), FileDigest.of(csv.sha256()), csv.canonicalSha256());
    }
}
