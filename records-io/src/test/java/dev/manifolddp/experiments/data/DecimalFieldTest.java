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

    /** Up to 8 characters of {@link #ALPHABET}, digits most of the time so that decimals are common enough too. */
    private static String randomField(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(9);
        for (int j = 0; j < length; j++) {
            text.append(random.nextInt(3) == 0 ? ALPHABET.charAt(random.nextInt(ALPHABET.length()))
                    : (char) ('0' + random.nextInt(10)));
        }
        return text.toString();
    }

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
            String field = randomField(random);
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

    /**
     * The fast reader gives parseDouble's double, bit for bit, on 400000 random decimals: 1 to 24 digits (the fast
     * path's 15-17 and beyond it), leading and trailing zeros, the point anywhere, exponents around the fast path's
     * limit of 22 and far beyond, both signs.
     */
    @Test
    void theFastReaderIsParseDoubleOnRandomDecimals() {
        SplittableRandom random = new SplittableRandom(26);
        int fast = 0;
        for (int i = 0; i < 400_000; i++) {
            StringBuilder text = new StringBuilder();
            text.append(switch (random.nextInt(3)) {
                case 0 -> "";
                case 1 -> "-";
                default -> "+";
            });
            text.append("0".repeat(random.nextInt(3) == 0 ? random.nextInt(4) : 0));
            int digits = 1 + random.nextInt(24);
            int point = random.nextInt(digits + 1);
            for (int j = 0; j < digits; j++) {
                if (j == point && random.nextBoolean()) {
                    text.append('.');
                }
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextInt(3) == 0) {
                text.append("0".repeat(random.nextInt(6)));
            }
            int exponent = 0;
            if (random.nextBoolean()) {
                exponent = random.nextInt(4) == 0 ? random.nextInt(-340, 340) : random.nextInt(-25, 25);
                text.append(random.nextBoolean() ? 'e' : 'E').append(exponent >= 0 && random.nextBoolean() ? "+" : "")
                        .append(exponent);
            }
            String field = text.toString();
            double expected = Double.parseDouble(field);
            double value = DecimalField.value(field.toCharArray(), 0, field.length());
            if (Double.isFinite(expected)) {
                assertThat(Double.doubleToRawLongBits(value)).as(field).isEqualTo(Double.doubleToRawLongBits(expected));
                fast += digits <= 15 && Math.abs(exponent) <= 10 ? 1 : 0;
            } else {
                assertThat(value).as("%s is beyond the doubles", field).isNaN();
            }
        }
        assertThat(fast).as("decimals the fast path reads were among them").isGreaterThan(50_000);
    }

    /** The fast path's edges and what lies just past them, bit for bit parseDouble's double. */
    @Test
    void theFastPathsEdgesAreParseDoubles() {
        for (String field : List.of("9007199254740992", "9007199254740993", "9007199254740991", "-9007199254740993",
                "900719925474099.3", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992e22", "9007199254740993e-22",
                "123456789012345678", "1234567890123456789", "12345678901234567890123", "99999999999999999999e-10",
                "0.000", "-0.0e5", "-0", "+0", "0e999999999999", "1e-400", "4.9e-324", "2.4703282292062327e-324",
                "2.2250738585072011e-308", "2.2250738585072012e-308", "1.7976931348623157e308", "0000000000000001.5",
                "0.1", "0.2", "0.3", "1.0000000000000002", "1.00000000000000011102230246251565", "5e-1",
                "1e0000000000000005", "1.5E+3", ".5", "5.", "8.98846567431158e307", "0.171848479338",
                "-0.984385052131", "3.141592653589793", "2.718281828459045e0", "1.7976931348623157e308")) {
            double value = DecimalField.value(field.toCharArray(), 0, field.length());
            assertThat(Double.doubleToRawLongBits(value)).as(field)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(field)));
        }
        for (String beyond : List.of("1.7976931348623159e308", "1e309", "-1e400", "1e999999999999")) {
            assertThat(DecimalField.value(beyond.toCharArray(), 0, beyond.length())).as(beyond).isNaN();
        }
    }

    /**
     * The fields past Clinger's fast path, which FastDoubleParser reads: doubles written with 17 significant digits
     * (numpy's {@code %.17g}, the round trip of every double) and shortest ({@link Double#toString}), subnormals and
     * the extremes, and the hardest inputs, exact midpoints between neighbouring doubles and decimals a hair to either
     * side of them (up to 770 digits written out, cut to the 400 characters a field may have), each bit for bit
     * {@link Double#parseDouble}'s value, from a slice of a longer line.
     */
    @Test
    void longDecimalsAreParseDoublesValue() {
        SplittableRandom random = new SplittableRandom(2611);
        int checked = 0;
        for (int i = 0; i < 200_000; i++) {
            double x = switch (i % 5) {
                case 0 -> random.nextDouble(-1, 1);
                case 1 -> Double.longBitsToDouble(random.nextLong());
                case 2 -> random.nextGaussian() * Math.pow(10, random.nextInt(-320, 300));
                case 3 -> Double.longBitsToDouble(random.nextLong(1L << 53));
                default -> Math.scalb(random.nextDouble(), random.nextInt(-1074, 1024));
            };
            if (!Double.isFinite(x)) {
                continue;
            }
            for (String field : new String[] {String.format(Locale.ROOT, "%.17g", x), Double.toString(x),
                    String.format(Locale.ROOT, "%.16e", x), midpoint(x, random)}) {
                if (field == null) {
                    continue;
                }
                String line = "7," + field + ",x";
                double value = DecimalField.value(line.toCharArray(), 2, 2 + field.length());
                double expected = Double.parseDouble(field);
                if (Double.isFinite(expected)) {
                    assertThat(Double.doubleToRawLongBits(value)).as(field)
                            .isEqualTo(Double.doubleToRawLongBits(expected));
                    checked++;
                } else {
                    assertThat(value).as(field).isNaN();
                }
            }
        }
        assertThat(checked).isGreaterThan(700_000);
    }

    /**
     * The exact decimal midpoint between {@code x} and the next double up, or a decimal just below or above it
     * (a last digit changed), at most 400 characters (null when longer): where rounding is decided by the last digit.
     */
    private static String midpoint(double x, SplittableRandom random) {
        double up = Math.nextUp(x);
        if (!Double.isFinite(up)) {
            return null;
        }
        java.math.BigDecimal half = new java.math.BigDecimal(x).add(new java.math.BigDecimal(up))
                .divide(java.math.BigDecimal.valueOf(2));
        String text = half.toString();
        if (random.nextBoolean()) {
            java.math.BigDecimal ulp = half.ulp();
            text = (random.nextBoolean() ? half.add(ulp) : half.subtract(ulp)).toString();
        }
        return text.length() <= 400 ? text : null;
    }

    /** The fast reader refuses (NaN) exactly the fields {@link DecimalField#parse} refuses, on random strings. */
    @Test
    void theFastReaderRefusesWhatParseRefuses() {
        SplittableRandom random = new SplittableRandom(27);
        for (int i = 0; i < 200_000; i++) {
            String field = randomField(random).strip();
            double value = DecimalField.value(field.toCharArray(), 0, field.length());
            boolean refused = false;
            try {
                assertThat(Double.doubleToRawLongBits(DecimalField.parse(field, "here")))
                        .isEqualTo(Double.doubleToRawLongBits(value));
            } catch (IllegalArgumentException e) {
                refused = true;
            }
            assertThat(Double.isNaN(value)).as("'%s'", field).isEqualTo(refused);
        }
        String tooLong = "1".repeat(401);
        assertThat(DecimalField.value(tooLong.toCharArray(), 0, tooLong.length())).isNaN();
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
