package dev.manifolddp.experiments.data;

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

    /** Values of the column shown when the selection keeps no row. */
    private static final int SHOWN = 20;

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

    /**
     * The index of this filter's column in {@code header}.
     *
     * @throws IllegalArgumentException naming the file and the header when the column is not in it
     */
    int columnIn(List<String> header, String file) {
        int index = header.indexOf(column);
        if (index < 0) {
            throw new IllegalArgumentException(String.format("%s: the row filter's column '%s' is not in the header "
                    + "(%s); name one of its columns", file, column, Fields.names(header)));
        }
        return index;
    }

    /**
     * True when a row whose column holds {@code value} is kept (compared trimmed); a value not kept is remembered in
     * {@code seen} (up to {@value #SHOWN} of them) for the message of a selection that keeps nothing.
     */
    boolean keeps(String value, Set<String> seen) {
        String trimmed = value.strip();
        if (values.contains(trimmed)) {
            return true;
        }
        if (seen.size() < SHOWN) {
            seen.add(trimmed);
        }
        return false;
    }

    /** The refusal of a selection that kept no row; {@code seen} are values the column holds. */
    IllegalArgumentException keptNothing(String file, Set<String> seen) {
        return new IllegalArgumentException(String.format("%s: no row has %s in %s; the column holds e.g. %s",
                file, column, values, seen));
    }

    /** How the selection is shown in notes and summaries. */
    public String describe() {
        return column + " in " + String.join(", ", values);
    }
}
