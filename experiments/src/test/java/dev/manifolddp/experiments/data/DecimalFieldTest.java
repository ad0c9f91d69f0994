package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A field parsed where it lies in a line's characters is read exactly as the same text parsed as a string: the same
 * grammar (the regular expression it replaces), the same value as {@link Double#parseDouble}, the same refusals.
 */
class DecimalFieldTest {

    private static final String ALPHABET = "0123456789+-.eE x#";

    private static boolean isDecimal(String text) {
        return DecimalField.isDecimal(text.toCharArray(), 0, text.length());
    }

    /** The hand-written grammar accepts exactly what the regular expression matches, on 300000 random strings. */
    @Test
    void theGrammarIsTheRegularExpressions() {
        for (String edge : List.of("", "+", "-", ".", "1", "1.", ".5", "+.5", "-1.e5", "1e", "1e+", "e5", ".e5",
                "1.5e-3", "00012", "1e0005", "--1", "+-1", "1.2.3", "1e5.5", "١", "0x1p3", "1d", " 1", "1 ")) {
            assertThat(isDecimal(edge)).as(edge).isEqualTo(DecimalField.DECIMAL.matcher(edge).matches());
        }
        SplittableRandom random = new SplittableRandom(7);
        int accepted = 0;
        for (int i = 0; i < 300_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(9);
            for (int j = 0; j < length; j++) {
                // digits most of the time, so that decimals are common enough to be compared too
                text.append(random.nextInt(3) == 0 ? ALPHABET.charAt(random.nextInt(ALPHABET.length()))
                        : (char) ('0' + random.nextInt(10)));
            }
            String field = text.toString();
            boolean expected = DecimalField.DECIMAL.matcher(field).matches();
            assertThat(isDecimal(field)).as("'%s'", field).isEqualTo(expected);
            accepted += expected ? 1 : 0;
        }
        assertThat(accepted).as("both kinds of string were tried").isBetween(10_000, 290_000);
    }

    /** Doubles written every usual way parse, from a slice of a longer line, to exactly parseDouble's value. */
    @Test
    void aSliceParsesToParseDoublesValue() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 40_000; i++) {
            double x = switch (i % 4) {
                case 0 -> random.nextDouble(-1, 1);
                case 1 -> Double.longBitsToDouble(random.nextLong()) % 1e300;
                case 2 -> random.nextGaussian() * Math.pow(10, random.nextInt(-30, 30));
                default -> random.nextInt(-1000, 1000) / 8.0;
            };
            if (!Double.isFinite(x)) {
                continue;
            }
            for (String text : new String[] {Double.toString(x), String.format(Locale.ROOT, "%.17g", x),
                    String.format(Locale.ROOT, "%.6f", x), String.format(Locale.ROOT, "%.3e", x)}) {
                String line = "ab, " + text + " ,cd";
                double parsed = DecimalField.parse(line.toCharArray(), 3, 3 + text.length() + 2, () -> "here");
                assertThat(Double.doubleToRawLongBits(parsed)).as(text)
                        .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
            }
        }
        assertThat(Double.doubleToRawLongBits(DecimalField.parse("-0".toCharArray(), 0, 2, () -> "here")))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
    }

    /** A refusal from a slice is word for word the refusal of the same text as a string. */
    @Test
    void aSliceIsRefusedAsTheStringIs() {
        for (String bad : List.of("NaN", "-Infinity", "inf", "0x1p3", "1d", "1e400", "-1e400", "1.0.0", "", "\u0000",
                "1".repeat(401), "\u22120.1", "0\u200B")) {
            String line = "[" + bad + "]";
            Throwable fromSlice = catchThrowable(() -> DecimalField.parse(line.toCharArray(), 1, 1 + bad.length(),
                    () -> "data.csv line 3: column 2 (x1)"));
            assertThatThrownBy(() -> DecimalField.parse(bad, "data.csv line 3: column 2 (x1)"))
                    .as(bad).isInstanceOf(IllegalArgumentException.class).hasMessage(fromSlice.getMessage());
        }
        String padded = "  \u3000 2.5\t";
        assertThat(DecimalField.parse(padded.toCharArray(), 0, padded.length(), () -> "here")).isEqualTo(2.5);
    }

    private static Throwable catchThrowable(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("no refusal");
    }
}
