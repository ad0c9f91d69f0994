package dev.manifolddp.experiments.data;

import com.fasterxml.jackson.core.io.NumberInput;
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
    /** 10^0 .. 10^22: every one a double exactly (5^22 < 2^53). */
    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

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
        double value = value(chars, start, end);
        if (value == value) {
            return value;
        }
        throw refusal(new String(chars, start, end - start), where.get());
    }

    /**
     * The value of {@code [from, to)} when it is a finite decimal of at most 400 characters ({@code MAX_LENGTH}; no
     * white space stripped), else NaN (which no accepted field has): the test a file's reader makes of every field,
     * without building a string or a message. Equal, bit for bit, to {@link Double#parseDouble} of the same text.
     *
     * <p>Most fields are read by the fast path of Clinger 1990: when the significant digits form an integer
     * {@code m <= 2^53} and the decimal exponent {@code e} has {@code |e| <= 22}, both {@code m} and
     * {@code 10^|e|} are doubles exactly, so the one IEEE multiplication or division {@code m * 10^e} (or
     * {@code m / 10^-e}) is correctly rounded: it is the double nearest the decimal, which is what
     * {@code parseDouble} returns. Every other field (more digits, a larger exponent; e.g. the 17 significant digits
     * that round-trip any double) goes to Werner Randelshofer's FastDoubleParser, as jackson-core ships it
     * ({@code NumberInput.parseDouble(chars, offset, length, true)}): Lemire's algorithm (Lemire 2021) with an exact
     * fallback, documented and tested to return {@code Double.parseDouble}'s value for every input, read where the
     * field lies; {@code DecimalFieldTest} compares the two on random long decimals and the hard cases.
     */
    static double value(char[] chars, int from, int to) {
        if (to - from > MAX_LENGTH) {
            return Double.NaN;
        }
        int p = from;
        boolean negative = false;
        if (p < to && (chars[p] == '+' || chars[p] == '-')) {
            negative = chars[p] == '-';
            p++;
        }
        long significand = 0;
        // digits of the significand after its leading zeros: 18 fit in a long, and 2^53 has 16
        int significant = 0;
        int exponent = 0;
        int digits = 0;
        while (p < to && chars[p] >= '0' && chars[p] <= '9') {
            significand = accumulate(significand, chars[p], significant);
            significant += significand == 0 ? 0 : 1;
            digits++;
            p++;
        }
        int fraction = 0;
        if (p < to && chars[p] == '.') {
            p++;
            while (p < to && chars[p] >= '0' && chars[p] <= '9') {
                significand = accumulate(significand, chars[p], significant);
                significant += significand == 0 ? 0 : 1;
                fraction++;
                p++;
            }
            if (digits == 0 && fraction == 0) {
                return Double.NaN;
            }
        } else if (digits == 0) {
            return Double.NaN;
        }
        exponent -= fraction;
        if (p < to && (chars[p] == 'e' || chars[p] == 'E')) {
            p++;
            boolean negativeExponent = false;
            if (p < to && (chars[p] == '+' || chars[p] == '-')) {
                negativeExponent = chars[p] == '-';
                p++;
            }
            int start = p;
            int written = 0;
            while (p < to && chars[p] >= '0' && chars[p] <= '9') {
                // past 9 digits the exponent is beyond any fast path: parseDouble reads it
                written = p - start < 9 ? 10 * written + (chars[p] - '0') : written;
                p++;
            }
            if (p == start) {
                return Double.NaN;
            }
            if (p - start > 9) {
                significant = Integer.MAX_VALUE;
            }
            exponent += negativeExponent ? -written : written;
        }
        if (p != to) {
            return Double.NaN;
        }
        double value = exact(significand, significant, exponent, negative);
        if (value == value) {
            return value;
        }
        // a field the grammar above accepts: FastDoubleParser (Eisel-Lemire, then exact big arithmetic) gives
        // parseDouble's double bit for bit, in place and without a String
        value = NumberInput.parseDouble(chars, from, to - from, true);
        return Double.isFinite(value) ? value : Double.NaN;
    }

    /**
     * The decimal {@code (-1)^negative m 10^exponent} by the fast path of Clinger 1990 (see {@link #value}), or NaN
     * when it does not apply: {@code m} as {@link #value} accumulates it (its first 18 significant digits), with
     * {@code significant} significant digits. A zero significand is a zero of the sign whatever the exponent.
     */
    static double exact(long significand, int significant, int exponent, boolean negative) {
        double value;
        if (significand == 0) {
            // every digit zero: the value is a zero whatever the exponent
            value = 0.0;
        } else if (significant <= 17 && significand <= 1L << 53 && exponent >= -22 && exponent <= 22) {
            value = exponent < 0 ? significand / POWERS_OF_TEN[-exponent] : significand * POWERS_OF_TEN[exponent];
        } else {
            return Double.NaN;
        }
        return negative ? -value : value;
    }

    /** {@code 10 m + digit} until 18 significant digits were read; past them m no longer matters (no fast path). */
    private static long accumulate(long significand, char digit, int significant) {
        return significant < 18 ? 10 * significand + (digit - '0') : significand;
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
