package dev.manifolddp.experiments.data;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps the rows of a file whose {@code column} holds one of {@code values} (e.g. the gorilla skulls
 * {@code group = gorf, gorm} of a file of great apes). The selection is declared by the caller, before the data are
 * read; a column missing from the header, or a selection that keeps no row, fails with what to fix.
 *
 * @param column the header column compared
 * @param values the values kept, compared as trimmed text
 */
public record RowFilter(String column, List<String> values) {

    public RowFilter {
        if (column == null || column.isBlank()) {
            throw new IllegalArgumentException("a row filter names a header column: COLUMN=VALUE[,VALUE...]. "
                    + "Provided value: " + column);
        }
        if (values == null || values.isEmpty() || values.stream().anyMatch(v -> v == null || v.isBlank())) {
            throw new IllegalArgumentException("a row filter keeps rows whose column '" + column + "' holds one of "
                    + "the listed values; list at least one non-empty value. Provided value: " + values);
        }
        column = column.strip();
        values = values.stream().map(String::strip).toList();
    }

    /** Reads {@code COLUMN=VALUE[,VALUE...]}, naming {@code flag} when the text is malformed. */
    public static RowFilter parse(String flag, String text) {
        int equals = text == null ? -1 : text.indexOf('=');
        if (equals <= 0 || equals == text.length() - 1) {
            throw new IllegalArgumentException(flag + ": give COLUMN=VALUE[,VALUE...], e.g. group=gorf,gorm. "
                    + "Provided value: " + text);
        }
        try {
            return new RowFilter(text.substring(0, equals), List.of(text.substring(equals + 1).split(",", -1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage(), e);
        }
    }

    /** The rows of {@code table} this filter keeps, with their original line numbers. */
    CsvText.Table apply(CsvText.Table table, String file) {
        int index = table.header().indexOf(column);
        if (index < 0) {
            throw new IllegalArgumentException(String.format("%s: the row filter's column '%s' is not in the header "
                    + "(%s); name one of its columns", file, column, Fields.names(table.header())));
        }
        Set<String> kept = new LinkedHashSet<>(values);
        List<CsvText.Row> rows = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (CsvText.Row row : table.rows()) {
            String value = index < row.fields().length ? row.fields()[index].strip() : "";
            if (kept.contains(value)) {
                rows.add(row);
            } else if (seen.size() < 20) {
                seen.add(value);
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(String.format("%s: no row has %s in %s; the column holds e.g. %s",
                    file, column, values, seen));
        }
        return new CsvText.Table(table.header(), rows, table.sha256());
    }

    /** How the selection is shown in notes and summaries. */
    public String describe() {
        return column + " in " + String.join(", ", values);
    }
}
