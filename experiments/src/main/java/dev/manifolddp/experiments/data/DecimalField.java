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

    /** Possessive quantifiers: no backtracking, so a long field costs linear time. */
    private static final Pattern DECIMAL = Pattern.compile(
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
        String field = text.strip();
        if (field.length() <= MAX_LENGTH && DECIMAL.matcher(field).matches()) {
            double value = Double.parseDouble(field);
            if (Double.isFinite(value)) {
                return value;
            }
        }
        throw refusal(field, where.get());
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
