package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Assertions;

/**
 * The extreme values a public numeric input can take, and the one outcome the library allows for each (issue 22):
 * a correct finite result, or one {@link IllegalArgumentException} whose message names the argument, the value given
 * and the range that works; never a non-finite result, a hang, or another exception type. Shared by the geometry
 * contract, the mechanism contract and the calibration sweeps, so that every public entry meets the same extremes.
 */
public final class HostileNumbers {

    /** A subnormal double, far below the normal range but not the smallest. */
    public static final double SUBNORMAL = 4.9e-322;

    /** Every extreme double: zero of both signs, tiny, huge, NaN and the infinities, and a plain 1 for contrast. */
    public static final List<Double> DOUBLES = List.of(0.0, -0.0, SUBNORMAL, Double.MIN_VALUE, Double.MIN_NORMAL,
            1e-300, 1.0, 1e300, Double.MAX_VALUE, -1e300, -Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY);

    /** The finite positive extremes: those a calibration may legitimately receive and must answer or refuse. */
    public static final List<Double> POSITIVE = List.of(SUBNORMAL, Double.MIN_VALUE, Double.MIN_NORMAL, 1e-300, 1.0,
            1e300, Double.MAX_VALUE);

    /** The integer extremes, as longs (an int parameter receives the ones that fit). */
    public static final List<Long> LONGS = List.of(0L, 1L, -1L, (long) Integer.MAX_VALUE, (long) Integer.MIN_VALUE,
            Integer.MAX_VALUE + 1L, Long.MAX_VALUE, Long.MIN_VALUE);

    /** The integer extremes that fit an int. */
    public static final List<Integer> INTS = List.of(0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE);

    /** Words by which a message states the range that works. */
    private static final List<String> RANGE_WORDS = List.of("must", ">=", "<=", " in [", " in (", "between",
            "at least", "at most", "up to", "below", "above", "beyond", "use ", "lower ", "raise ");

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private HostileNumbers() {
    }

    /**
     * Runs {@code call} (which must finish within 20 s) and asserts the allowed outcome: a finite double, or one
     * {@link IllegalArgumentException} whose message contains the argument's name, the value as Java prints it, and
     * a statement of the range.
     *
     * @param argument the name the message must use, e.g. {@code "epsilon"}
     * @param value    the hostile value given to that argument
     * @return the result, or NaN when the call refused
     */
    public static double finiteOrRefused(String argument, double value, Callable<Double> call) {
        Double answer = outcome(argument, String.valueOf(value), () -> {
            double result = call.call();
            assertThat(Double.isFinite(result)).as("%s = %s returned %s", argument, value, result).isTrue();
            return result;
        });
        return answer == null ? Double.NaN : answer;
    }

    /** As {@link #finiteOrRefused} for a call whose result is checked by {@code call} itself (e.g. an array). */
    public static <T> T answeredOrRefused(String argument, String value, Callable<T> call) {
        return outcome(argument, value, call);
    }

    private static <T> T outcome(String argument, String value, Callable<T> call) {
        return Assertions.assertTimeoutPreemptively(PATIENCE, () -> {
            try {
                return call.call();
            } catch (IllegalArgumentException refusal) {
                assertRefusal(refusal, argument, value);
                return null;
            } catch (AssertionError failed) {
                throw failed;
            } catch (Throwable other) {
                throw new AssertionError(String.format(Locale.ROOT, "%s = %s threw %s instead of answering or "
                        + "refusing with an IllegalArgumentException", argument, value, other), other);
            }
        }, () -> argument + " = " + value + " did not finish within " + PATIENCE);
    }

    /** The refusal's message states the range that works (or what to use instead). */
    public static void assertStatesRange(IllegalArgumentException refusal, String what) {
        String lower = String.valueOf(refusal.getMessage()).toLowerCase(Locale.ROOT);
        assertThat(RANGE_WORDS.stream().anyMatch(lower::contains))
                .as("the refusal of %s states the range that works: %s", what, refusal.getMessage()).isTrue();
    }

    /** The message names the argument, shows the value given and states the range that works. */
    public static void assertRefusal(IllegalArgumentException refusal, String argument, String value) {
        String message = refusal.getMessage();
        if (message == null) {
            fail("%s = %s was refused without a message", argument, value);
        }
        assertThat(message).as("the refusal of %s = %s names the argument", argument, value).contains(argument);
        assertThat(message).as("the refusal of %s = %s shows the value given", argument, value).contains(value);
        String lower = message.toLowerCase(Locale.ROOT);
        assertThat(RANGE_WORDS.stream().anyMatch(lower::contains))
                .as("the refusal of %s = %s states the range that works: %s", argument, value, message).isTrue();
    }
}
