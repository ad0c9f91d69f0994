package dev.manifolddp.experiments.data;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The rows of a CSV file, read strictly and one at a time: the bytes must be UTF-8 (a byte-order mark is stripped),
 * blank lines and lines whose first non-blank character is {@code #} are skipped, and the first remaining row is a
 * header only when every field is a column name. The separator is the first of comma, semicolon, tab found in the
 * first row (white space when none is); with a comma, semicolon or tab every field must be non-empty, so a leading,
 * trailing or doubled separator is an error, never a silently dropped field. Every row must have as many fields as
 * the first. Nothing is dropped: a row is either returned or the read fails naming its line.
 *
 * <p>A row is held as the bounds of its fields in the current line's characters ({@link Utf8Lines}), so a field
 * becomes a {@code String} only when asked for ({@link #field}) and a number is parsed from the characters themselves
 * ({@link #number}): reading keeps no text of the rows already read. The failures keep the precedence of a reader
 * that checks the whole file before using it: bytes that are not UTF-8 anywhere in the file are reported before a
 * malformed row, and a malformed row anywhere before a problem with a row's values ({@link #finish}), so a binary
 * file is always called binary and a ragged file ragged, wherever the first symptom lies.
 */
final class CsvText implements AutoCloseable {

    /** A column name: a letter or underscore, then letters, digits, underscores. */
    private static final Pattern NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_]*");
    /** Names Java would read as numbers; they are never header names. */
    private static final Pattern NUMBER_WORD = Pattern.compile("(?i)[+-]?(nan|inf|infinity)");

    private final Utf8Lines lines;
    private final String name;
    private List<String> header = List.of();
    private Separator separator;
    private int width = -1;
    /** The current row's fields: {@code [starts[j], ends[j])} of {@link Utf8Lines#chars()}. */
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    /** The current row's fields as numbers ({@link DecimalField#value}: NaN for a field that is not one), read once. */
    private double[] values = new double[16];
    private int count;
    private final CanonicalContent content = new CanonicalContent();

    private CsvText(Utf8Lines lines) {
        this.lines = lines;
        this.name = lines.file().toString();
    }

    /**
     * Opens {@code file} for reading.
     *
     * @throws IllegalArgumentException naming the file when it is null, missing, not a regular file or unreadable
     */
    static CsvText open(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("no data file given (null); pass the path of a CSV file");
        }
        return new CsvText(Utf8Lines.open(file));
    }

    /**
     * Moves to the next data row (the header, blank lines and comment lines are passed over).
     *
     * @return false after the last row
     * @throws IllegalArgumentException naming the file and line for bytes that are not UTF-8, an empty field, a
     *     comment after a value, a repeated header name or a row with the wrong number of fields
     */
    boolean next() {
        while (lines.next()) {
            try {
                if (split()) {
                    char[] chars = lines.chars();
                    for (int j = 0; j < count; j++) {
                        values[j] = DecimalField.value(chars, starts[j], ends[j]);
                    }
                    content.add(chars, starts, ends, values, count, header);
                    return true;
                }
            } catch (IllegalArgumentException malformedRow) {
                // a byte that is not UTF-8 further on takes precedence: the file is not text at all
                while (lines.next()) {
                    // decoding is the check
                }
                throw malformedRow;
            }
        }
        return false;
    }

    /**
     * Reads the remaining rows with the checks of {@link #next()} only; the caller then reports a problem found in a
     * row's values, which a malformed row or a byte that is not UTF-8 anywhere in the file would have preceded.
     */
    void finish() {
        while (next()) {
            // the structural checks are the point
        }
    }

    /** The separator the first row fixed: comma, semicolon, tab, or a space for white space; once a row was read. */
    char separator() {
        return separator.symbol;
    }

    /** The column names, or an empty list when the file has no header row; known once {@link #next()} was called. */
    List<String> header() {
        return header;
    }

    /** The current row's 1-based line in the file. */
    int line() {
        return lines.number();
    }

    /** Field {@code j} of the current row as text (stripped of surrounding white space with a separator). */
    String field(int j) {
        return new String(lines.chars(), starts[j], ends[j] - starts[j]);
    }

    /** The fields of the current row, for a message. */
    String[] fields() {
        String[] fields = new String[count];
        for (int j = 0; j < count; j++) {
            fields[j] = field(j);
        }
        return fields;
    }

    /**
     * Field {@code j} of the current row as a finite decimal number ({@link DecimalField}), parsed once from the
     * line's characters when the row was read.
     *
     * @param where what the field is, called only to word a refusal
     */
    double number(int j, Supplier<String> where) {
        double value = values[j];
        // NaN: not a decimal as it stands; DecimalField words the refusal (or reads a field padded by white space
        // that a white-space-separated row leaves in, such as U+3000, as it always did)
        return value == value ? value : DecimalField.parse(lines.chars(), starts[j], ends[j], where);
    }

    /** The SHA-256 of the file's bytes (lower-case hex); once {@link #next()} has returned false. */
    String sha256() {
        return lines.sha256();
    }

    /**
     * The digest of the file's content independent of row order, column order and number spelling
     * ({@link CanonicalContent}); once {@link #next()} has returned false.
     */
    String canonicalSha256() {
        return content.sha256();
    }

    /** The file as given. */
    Path file() {
        return lines.file();
    }

    /** The file's size in bytes. */
    long size() {
        return lines.size();
    }

    /** The byte offset of the end of the current row. */
    long position() {
        return lines.position();
    }

    @Override
    public void close() {
        lines.close();
    }

    /** Splits the current line into fields; false for a line that is not a data row (blank, comment, header). */
    private boolean split() {
        char[] a = lines.chars();
        int from = 0;
        int to = lines.length();
        from = stripStart(a, from, to);
        to = stripEnd(a, from, to);
        if (from == to || a[from] == '#') {
            return false;
        }
        if (separator == null) {
            separator = Separator.of(a, from, to);
        }
        int comment;
        if (separator == Separator.WHITE_SPACE) {
            comment = splitAtWhiteSpace(a, from, to);
        } else {
            if (separator == Separator.TAB) {
                // a tab-separated row keeps its outer tabs, so an empty first or last field is refused, not stripped
                from = 0;
                to = lines.length();
                while (from < to && a[from] != '\t' && Character.isWhitespace(a[from])) {
                    from++;
                }
                while (to > from && a[to - 1] != '\t' && Character.isWhitespace(a[to - 1])) {
                    to--;
                }
            }
            comment = splitAt(separator.symbol, a, from, to);
        }
        if (comment >= 0) {
            throw new IllegalArgumentException(String.format("%s line %d, column %d holds a '#' comment; a "
                    + "comment must be a line of its own (starting with #), never after a value. Provided value: "
                    + "%s", name, line(), comment + 1, Fields.summary(fields())));
        }
        if (width < 0) {
            width = count;
            String[] first = fields();
            if (isHeader(first)) {
                requireUniqueNames(first);
                header = List.of(first);
                return false;
            }
        }
        if (count != width) {
            throw new IllegalArgumentException(String.format("%s line %d has %d fields but %s has %d; every row "
                    + "needs the same columns. Provided value: %s", name, line(), count,
                    header.isEmpty() ? "the first row" : "the header", width, Fields.summary(fields())));
        }
        return true;
    }

    /**
     * Splits {@code [from, to)} at every {@code symbol}, each field stripped and required non-empty.
     *
     * @return the index of the first field holding a {@code #}, or -1
     */
    private int splitAt(char symbol, char[] a, int from, int to) {
        count = 0;
        int comment = -1;
        int start = from;
        for (int p = from; ; p++) {
            if (p == to || a[p] == symbol) {
                int s = start;
                int e = p;
                s = stripStart(a, s, e);
                e = stripEnd(a, s, e);
                if (s == e) {
                    throw emptyField(symbol, a, from, to, count);
                }
                add(s, e);
                if (p == to) {
                    return comment;
                }
                start = p + 1;
            } else if (a[p] == '#' && comment < 0) {
                comment = count;
            }
        }
    }

    /** Splits {@code [from, to)}, which starts and ends with a non-blank, at runs of white space. */
    private int splitAtWhiteSpace(char[] a, int from, int to) {
        count = 0;
        int comment = -1;
        int p = from;
        while (p < to) {
            int start = p;
            while (p < to && !isSpace(a[p])) {
                if (a[p] == '#' && comment < 0) {
                    comment = count;
                }
                p++;
            }
            add(start, p);
            while (p < to && isSpace(a[p])) {
                p++;
            }
        }
        return comment;
    }

    /** The first index of {@code [from, to)} of {@code a} that is not white space, or {@code to}. */
    static int stripStart(char[] a, int from, int to) {
        while (from < to && Character.isWhitespace(a[from])) {
            from++;
        }
        return from;
    }

    /** One past the last index of {@code [from, to)} of {@code a} that is not white space, or {@code from}. */
    static int stripEnd(char[] a, int from, int to) {
        while (to > from && Character.isWhitespace(a[to - 1])) {
            to--;
        }
        return to;
    }

    /** The white space of a regular expression's {@code \s}: what separates fields of a white-space file. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    private void add(int start, int end) {
        if (count == starts.length) {
            starts = java.util.Arrays.copyOf(starts, 2 * count);
            ends = java.util.Arrays.copyOf(ends, 2 * count);
            values = java.util.Arrays.copyOf(values, 2 * count);
        }
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    /**
     * The refusal of empty field {@code j}: its message shows the row as split so far (the fields before and at
     * {@code j} stripped, the others as written).
     */
    private IllegalArgumentException emptyField(char symbol, char[] a, int from, int to, int j) {
        String[] fields = String.valueOf(a, from, to - from).split(Pattern.quote(String.valueOf(symbol)), -1);
        for (int i = 0; i <= j; i++) {
            fields[i] = fields[i].strip();
        }
        return new IllegalArgumentException(String.format("%s line %d, column %d is empty (%s); remove the %s "
                + "separator or fill in the value. Provided value: %s", name, line(), j + 1,
                j == 0 ? "a leading separator" : j == fields.length - 1 ? "a trailing separator"
                        : "two separators in a row", separator.describe(), Fields.summary(fields)));
    }

    /** True when every field is a column name (not a number word such as NaN). */
    static boolean isHeader(String[] fields) {
        for (String field : fields) {
            if (!NAME.matcher(field).matches() || NUMBER_WORD.matcher(field).matches()) {
                return false;
            }
        }
        return true;
    }

    private void requireUniqueNames(String[] names) {
        for (int i = 0; i < names.length; i++) {
            for (int j = 0; j < i; j++) {
                if (names[i].equals(names[j])) {
                    throw new IllegalArgumentException(String.format("%s line %d (header): column %d repeats the "
                            + "name %s of column %d; give every column its own name", name, line(), i + 1,
                            Fields.shown(names[i]), j + 1));
                }
            }
        }
    }

    /** How the fields of a row are separated, fixed by the first row. */
    private enum Separator {
        COMMA(','), SEMICOLON(';'), TAB('\t'), WHITE_SPACE(' ');

        private final char symbol;

        Separator(char symbol) {
            this.symbol = symbol;
        }

        static Separator of(char[] line, int from, int to) {
            for (Separator separator : new Separator[] {COMMA, SEMICOLON, TAB}) {
                for (int p = from; p < to; p++) {
                    if (line[p] == separator.symbol) {
                        return separator;
                    }
                }
            }
            return WHITE_SPACE;
        }

        private String describe() {
            return switch (this) {
                case COMMA -> "extra comma";
                case SEMICOLON -> "extra semicolon";
                case TAB -> "extra tab";
                case WHITE_SPACE -> "extra space";
            };
        }
    }
}
