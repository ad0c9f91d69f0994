package dev.manifolddp.experiments.data;

import java.util.ArrayList;
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
    private final String[] ids;
    private final String[] subjects;
    private final double[][] covariates;
    private final Map<String, Integer> idLines;
    private final List<String> outside = new ArrayList<>();
    private int outsideCount;

    RecordAttributes(String file, ColumnMap map, List<CovariateColumn> declared, int rows) {
        this.file = file;
        this.map = map;
        this.declared = declared;
        this.ids = map.id() < 0 ? null : new String[rows];
        this.subjects = map.subject() < 0 ? null : new String[rows];
        this.covariates = new double[declared.size()][rows];
        this.idLines = ids == null ? null : new HashMap<>();
    }

    /** Reads the attributes of {@code row}, the {@code i}-th data row. */
    void read(int i, CsvText.Row row) {
        String[] fields = row.fields();
        if (ids != null) {
            String id = fields[map.id()];
            Integer earlier = idLines.putIfAbsent(id, row.line());
            if (earlier != null) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s line %d: column %d (%s), the id "
                        + "column, repeats the id %s of line %d; every record needs its own id: correct the id or "
                        + "remove the duplicate record", file, row.line(), map.id() + 1, map.names().get(map.id()),
                        Fields.shown(id), earlier));
            }
            ids[i] = id;
        }
        if (subjects != null) {
            subjects[i] = fields[map.subject()];
        }
        for (int c = 0; c < covariates.length; c++) {
            int column = map.covariates()[c];
            double value = DecimalField.parse(fields[column], () -> String.format(Locale.ROOT,
                    "%s line %d: covariate column %d (%s)", file, row.line(), column + 1, map.names().get(column)));
            CovariateColumn covariate = declared.get(c);
            if (!covariate.admits(value)) {
                outsideCount++;
                if (outside.size() < LISTED) {
                    outside.add(String.format(Locale.ROOT, "line %d, column %d (%s) = %s not in [%s, %s]",
                            row.line(), column + 1, covariate.name(), fields[column], covariate.range().low(),
                            covariate.range().high()));
                }
            }
            covariates[c][i] = value;
        }
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

    String[] ids() {
        return ids;
    }

    String[] subjects() {
        return subjects;
    }

    /** The covariates by column name, in declared order. */
    Map<String, double[]> covariates() {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int c = 0; c < covariates.length; c++) {
            out.put(declared.get(c).name(), covariates[c]);
        }
        return Collections.unmodifiableMap(out);
    }
}
