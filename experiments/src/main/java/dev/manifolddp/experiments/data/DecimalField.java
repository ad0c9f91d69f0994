package dev.manifolddp.experiments.data;

import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A number read from text strictly: an optional sign, decimal digits with an optional point, an optional exponent.
 * What {@link Double#parseDouble} would also take is refused, because in a data file it is a mistake: NaN,
 * Infinity, hexadecimal ({@code 0x1p3}), type suffixes ({@code 1d}, {@code 2f}), and numbers beyond the range of a
 * double (which it turns into infinity).
 */
public final class DecimalField {

    /**
     * The grammar {@link #isDecimal} checks, kept as the statement of what is accepted (DecimalFieldTest compares the
     * two); possessive quantifiers, so a long field costs linear time.
     */
    static final Pattern DECIMAL = Pattern.compile(
            "[+-]?+(?:\\d++(?:\\.\\d*+)?+|\\.\\d++)(?:[eE][+-]?+\\d++)?+");
    /** More characters than any double needs (17 significant digits, a sign, a point and an exponent) by far. */
    private static final int MAX_LENGTH = 400;
    private static final Pattern NON_FINITE = Pattern.compile("(?i)[+-]?(nan|inf|infinity)");
    private static final Pattern HEX = Pattern.compile("(?i)[+-]?0x.*");

    private DecimalField() {
    }

    /**
     * The value of {@code text}.
     *
     * @param where what the field is, for the message (e.g. {@code "data.csv line 3, column 2 (x1)"})
     * @throws IllegalArgumentException naming {@code where} and the text when it is not a finite decimal number
     */
    public static double parse(String text, String where) {
        return parse(text, () -> where);
    }

    /**
     * The value of {@code text}; {@code where} is only called to word a refusal, so a file's reader does not format
     * a message for every field it reads.
     */
    public static double parse(String text, Supplier<String> where) {
        char[] chars = text.toCharArray();
        return parse(chars, 0, chars.length, where);
    }

    /**
     * The value of the characters {@code [from, to)} of {@code chars}, read as {@link #parse(String, Supplier)} reads
     * them as a string: a file's reader parses a field where it lies in the line, keeping no text of it.
     */
    static double parse(char[] chars, int from, int to, Supplier<String> where) {
        int start = from;
        int end = to;
        while (start < end && Character.isWhitespace(chars[start])) {
            start++;
        }
        while (end > start && Character.isWhitespace(chars[end - 1])) {
            end--;
        }
        if (end - start <= MAX_LENGTH && isDecimal(chars, start, end)) {
            double value = Double.parseDouble(new String(chars, start, end - start));
            if (Double.isFinite(value)) {
                return value;
            }
        }
        throw refusal(new String(chars, start, end - start), where.get());
    }

    /**
     * True when {@code [from, to)} is a decimal: an optional sign, digits with an optional point (or a point and
     * digits), an optional exponent of an optional sign and digits; ASCII digits only. The grammar of
     * {@link #DECIMAL}, checked without building a string.
     */
    static boolean isDecimal(char[] chars, int from, int to) {
        int p = from;
        if (p < to && (chars[p] == '+' || chars[p] == '-')) {
            p++;
        }
        int digits = digits(chars, p, to);
        p += digits;
        if (p < to && chars[p] == '.') {
            p++;
            int fraction = digits(chars, p, to);
            if (digits == 0 && fraction == 0) {
                return false;
            }
            p += fraction;
        } else if (digits == 0) {
            return false;
        }
        if (p < to && (chars[p] == 'e' || chars[p] == 'E')) {
            p++;
            if (p < to && (chars[p] == '+' || chars[p] == '-')) {
                p++;
            }
            int exponent = digits(chars, p, to);
            if (exponent == 0) {
                return false;
            }
            p += exponent;
        }
        return p == to;
    }

    private static int digits(char[] chars, int from, int to) {
        int p = from;
        while (p < to && chars[p] >= '0' && chars[p] <= '9') {
            p++;
        }
        return p - from;
    }

    private static IllegalArgumentException refusal(String field, String where) {
        if (NON_FINITE.matcher(field).matches()) {
            return new IllegalArgumentException(where + " is " + Fields.shown(field) + ", not a finite number "
                    + "(missing or infinite values are not accepted: remove the record or fill in the value)");
        }
        if (HEX.matcher(field).matches()) {
            return new IllegalArgumentException(where + " is written in hexadecimal; write it as a decimal number. "
                    + "Provided value: " + Fields.shown(field));
        }
        if (field.length() > MAX_LENGTH || !DECIMAL.matcher(field).matches()) {
            return new IllegalArgumentException(where + " is not a number (a decimal such as -0.25 or 1.5e-3 is "
                    + "expected). Provided value: " + Fields.shown(field));
        }
        return new IllegalArgumentException(where + " is too large for a double (beyond 1.8e308). Provided value: "
                + Fields.shown(field));
    }
}
