package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.data.DecimalField;
import dev.manifolddp.experiments.spi.Workers;
import java.util.Locale;

/**
 * Reads the numeric options of {@code mdp release} from their text, so that every refusal names the option and the
 * text given (picocli's own conversion would report a bare "not a double", accept NaN, Infinity and hexadecimal, and
 * leave the range unchecked).
 */
final class NumericFlag {

    private NumericFlag() {
    }

    /** A finite number {@code > 0}; {@code meaning} says what it is, for the message. */
    static double positive(String flag, String text, String meaning) {
        double value = number(flag, text, "a finite number > 0 (" + meaning + ")");
        if (!(value > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be a finite number > 0 (%s). "
                    + "Provided value: %s", flag, meaning, shown(text)));
        }
        return value;
    }

    /** 0, or a number strictly between 0 and 1. */
    static double delta(String flag, String text) {
        String rule = "0 (pure DP) or a number strictly between 0 and 1, typically below 1/n";
        double value = number(flag, text, rule);
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(flag + " must be " + rule + ". Provided value: " + shown(text));
        }
        return value;
    }

    /** An integer in {@code [1, max]}. */
    static int count(String flag, String text, int max, String meaning) {
        String rule = String.format(Locale.ROOT, "an integer between 1 and %d (%s)", max, meaning);
        if (text == null || !text.strip().matches("\\+?\\d{1,10}")) {
            throw new IllegalArgumentException(flag + " must be " + rule + ". Provided value: " + shown(text));
        }
        long value = Long.parseLong(text.strip());
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(flag + " must be " + rule + ". Provided value: " + text);
        }
        return (int) value;
    }

    /** Worker threads: 0 (or the flag's default) for one per core, else an integer in {@code [1, MAX_THREADS]}. */
    static int threads(String flag, String text) {
        String value = text == null ? "" : text.strip();
        if (value.equals("0")) {
            return Workers.resolve(0);
        }
        return count(flag, value, (int) Limits.MAX_THREADS,
                "worker threads; 0 for one per core");
    }

    private static double number(String flag, String text, String rule) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(flag + " must be " + rule + ". Provided value: (empty)");
        }
        try {
            return DecimalField.parse(text, flag);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + " must be " + rule + ". Provided value: " + shown(text), e);
        }
    }

    private static String shown(String text) {
        if (text == null) {
            return "(none)";
        }
        return text.length() > 40 ? text.substring(0, 40) + "... (" + text.length() + " characters)" : text;
    }
}
