package dev.manifolddp.experiments.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a file says about each record besides its point: its id (unique), its subject and its covariates (finite,
 * and inside their public ranges). A malformed value or a repeated id fails at once naming the line and column; a
 * covariate outside its range is collected so that one message lists the offending rows, and {@link #requireInRange}
 * refuses them all: nothing is clipped and nothing is dropped.
 */
final class RecordAttributes {

    private static final int LISTED = 10;

    private final String file;
    private final ColumnMap map;
    private final List<CovariateColumn> declared;
    private String[] ids;
    private String[] subjects;
    private final double[][] covariates;
    private final Map<String, Integer> idLines;
    private final List<String> outside = new ArrayList<>();
    private int outsideCount;
    private int count;

    /** The attributes the roles of {@code map} name, with room for {@code capacity} records to begin with. */
    RecordAttributes(String file, ColumnMap map, List<CovariateColumn> declared, int capacity) {
        this.file = file;
        this.map = map;
        this.declared = declared;
        this.ids = map.id() < 0 ? null : new String[capacity];
        this.subjects = map.subject() < 0 ? null : new String[capacity];
        this.covariates = new double[declared.size()][capacity];
        this.idLines = ids == null ? null : new HashMap<>();
    }

    /** The bytes each record's attributes keep, for the memory a read needs (a text field counted at its size). */
    static long bytesPerRecord(ColumnMap map, int covariates, String[] firstRow) {
        long bytes = 8L * covariates;
        if (map.id() >= 0) {
            // the string, its bytes, and the id's entry in the map of lines (node, boxed line, table slot)
            bytes += ReadMemory.textBytes(firstRow[map.id()]) + 56;
        }
        if (map.subject() >= 0) {
            bytes += ReadMemory.textBytes(firstRow[map.subject()]);
        }
        return bytes;
    }

    /** Reads the attributes of the current row of {@code csv}, the next record. */
    void read(CsvText csv) {
        int i = count;
        if (ids != null && i == ids.length) {
            ids = Arrays.copyOf(ids, ReadMemory.grown(i));
        }
        if (subjects != null && i == subjects.length) {
            subjects = Arrays.copyOf(subjects, ReadMemory.grown(i));
        }
        for (int c = 0; c < covariates.length; c++) {
            if (i == covariates[c].length) {
                covariates[c] = Arrays.copyOf(covariates[c], ReadMemory.grown(i));
            }
        }
        int line = csv.line();
        if (ids != null) {
            String id = csv.field(map.id());
            Integer earlier = idLines.putIfAbsent(id, line);
            if (earlier != null) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s line %d: column %d (%s), the id "
                        + "column, repeats the id %s of line %d; every record needs its own id: correct the id or "
                        + "remove the duplicate record", file, line, map.id() + 1, map.names().get(map.id()),
                        Fields.shown(id), earlier));
            }
            ids[i] = id;
        }
        if (subjects != null) {
            subjects[i] = csv.field(map.subject());
        }
        for (int c = 0; c < covariates.length; c++) {
            int column = map.covariates()[c];
            double value = csv.number(column, () -> String.format(Locale.ROOT,
                    "%s line %d: covariate column %d (%s)", file, line, column + 1, map.names().get(column)));
            CovariateColumn covariate = declared.get(c);
            if (!covariate.admits(value)) {
                outsideCount++;
                if (outside.size() < LISTED) {
                    outside.add(String.format(Locale.ROOT, "line %d, column %d (%s) = %s not in [%s, %s]",
                            line, column + 1, covariate.name(), csv.field(column), covariate.range().low(),
                            covariate.range().high()));
                }
            }
            covariates[c][i] = value;
        }
        count++;
    }

    /** Refuses the file when any covariate read lies outside its public range, listing the first rows. */
    void requireInRange() {
        if (outsideCount > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d covariate value%s outside the "
                    + "declared public range (refused, never clipped or dropped): %s%s; correct or remove those "
                    + "records, or declare a wider range (fixed before seeing the data, never taken from it)", file,
                    outsideCount, outsideCount == 1 ? " lies" : "s lie", String.join("; ", outside),
                    outsideCount > outside.size() ? "; ..." : ""));
        }
    }

    /** The id of each record read, or null without an id column. */
    String[] ids() {
        return ids == null ? null : Arrays.copyOf(ids, count);
    }

    /** The subject of each record read, or null without a subject column. */
    String[] subjects() {
        return subjects == null ? null : Arrays.copyOf(subjects, count);
    }

    /** The covariates of the records read by column name, in declared order. */
    Map<String, double[]> covariates() {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int c = 0; c < covariates.length; c++) {
            out.put(declared.get(c).name(), Arrays.copyOf(covariates[c], count));
        }
        return Collections.unmodifiableMap(out);
    }
}
