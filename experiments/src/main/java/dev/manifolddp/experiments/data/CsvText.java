package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rows of a CSV file, read strictly: the bytes must be UTF-8 (a byte-order mark is stripped), blank lines and
 * lines whose first non-blank character is {@code #} are skipped, and the first remaining row is a header only when
 * every field is a column name. The separator is the first of comma, semicolon, tab found in the first row (white
 * space when none is); with a comma, semicolon or tab every field must be non-empty, so a leading, trailing or doubled
 * separator is an error, never a silently dropped field. Every row must have as many fields as the first. Nothing is
 * dropped: a row is either returned or the read fails naming its line.
 */
public final class CsvText {

    /** A column name: a letter or underscore, then letters, digits, underscores. */
    private static final Pattern NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_]*");
    /** Names Java would read as numbers; they are never header names. */
    private static final Pattern NUMBER_WORD = Pattern.compile("(?i)[+-]?(nan|inf|infinity)");
    private static final char BOM = '\uFEFF';

    /**
     * One data row.
     *
     * @param line   the 1-based line of the file
     * @param fields the fields, stripped of surrounding white space
     */
    public record Row(int line, String[] fields) {
    }

    /**
     * A file's rows.
     *
     * @param header the column names, or an empty list when the file has no header row
     * @param rows   the data rows in file order
     * @param sha256 the SHA-256 of the bytes read (lower-case hex), or null for text not read from a file
     */
    public record Table(List<String> header, List<Row> rows, String sha256) {
    }

    private CsvText() {
    }

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException naming the file and line for a missing or unreadable file, bytes that are not
     *     UTF-8, an empty field or a row with the wrong number of fields
     */
    public static Table read(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("no data file given (null); pass the path of a CSV file");
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("data file " + file + " is a folder; give the CSV file inside it");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("data file not found: " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
        Table table = parse(decode(bytes, file), file.toString());
        return new Table(table.header(), table.rows(), sha256(bytes));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java runtime has no SHA-256", e);
        }
    }

    /** Decodes strict UTF-8; names the line of the first malformed byte. */
    static String decode(byte[] bytes, Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            int line = 1;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new IllegalArgumentException(String.format("data file %s is not UTF-8 text: line %d has an invalid "
                    + "byte 0x%02X at byte offset %d; save the file as UTF-8 CSV (is it a spreadsheet or a binary "
                    + "file?)", file, line, bytes[offset] & 0xFF, offset));
        }
        out.flip();
        return out.toString();
    }

    /** Splits decoded text into a header and rows; {@code name} names the source in messages. */
    static Table parse(String text, String name) {
        if (!text.isEmpty() && text.charAt(0) == BOM) {
            text = text.substring(1);
        }
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<String> header = List.of();
        List<Row> rows = new ArrayList<>();
        Separator separator = null;
        int width = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            int number = i + 1;
            if (separator == null) {
                separator = Separator.of(line);
            }
            // a tab-separated row keeps its outer tabs, so an empty first or last field is refused, not stripped
            String[] fields = separator.split(separator == Separator.TAB ? stripAllButTabs(lines[i]) : line, name,
                    number);
            requireNoComment(fields, name, number);
            if (width < 0) {
                width = fields.length;
                if (isHeader(fields)) {
                    header = List.of(fields);
                    requireUniqueNames(fields, name, number);
                    continue;
                }
            }
            if (fields.length != width) {
                throw new IllegalArgumentException(String.format("%s line %d has %d fields but %s has %d; every row "
                        + "needs the same columns. Provided value: %s", name, number, fields.length,
                        header.isEmpty() ? "the first row" : "the header", width, Fields.summary(fields)));
            }
            rows.add(new Row(number, fields));
        }
        return new Table(header, rows, null);
    }

    private static String stripAllButTabs(String line) {
        int start = 0;
        int end = line.length();
        while (start < end && line.charAt(start) != '\t' && Character.isWhitespace(line.charAt(start))) {
            start++;
        }
        while (end > start && line.charAt(end - 1) != '\t' && Character.isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(start, end);
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

    private static void requireNoComment(String[] fields, String file, int line) {
        for (int j = 0; j < fields.length; j++) {
            if (fields[j].indexOf('#') >= 0) {
                throw new IllegalArgumentException(String.format("%s line %d, column %d holds a '#' comment; a "
                        + "comment must be a line of its own (starting with #), never after a value. Provided value: "
                        + "%s", file, line, j + 1, Fields.summary(fields)));
            }
        }
    }

    private static void requireUniqueNames(String[] names, String file, int line) {
        for (int i = 0; i < names.length; i++) {
            for (int j = 0; j < i; j++) {
                if (names[i].equals(names[j])) {
                    throw new IllegalArgumentException(String.format("%s line %d (header): column %d repeats the "
                            + "name %s of column %d; give every column its own name", file, line, i + 1,
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

        static Separator of(String line) {
            for (Separator separator : new Separator[] {COMMA, SEMICOLON, TAB}) {
                if (line.indexOf(separator.symbol) >= 0) {
                    return separator;
                }
            }
            return WHITE_SPACE;
        }

        String[] split(String line, String file, int number) {
            if (this == WHITE_SPACE) {
                return line.split("\\s+");
            }
            String[] fields = line.split(Pattern.quote(String.valueOf(symbol)), -1);
            for (int j = 0; j < fields.length; j++) {
                fields[j] = fields[j].strip();
                if (fields[j].isEmpty()) {
                    throw new IllegalArgumentException(String.format("%s line %d, column %d is empty (%s); remove "
                            + "the %s separator or fill in the value. Provided value: %s", file, number, j + 1,
                            j == 0 ? "a leading separator" : j == fields.length - 1 ? "a trailing separator"
                                    : "two separators in a row", describe(), Fields.summary(fields)));
                }
            }
            return fields;
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
