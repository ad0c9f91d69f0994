package dev.manifolddp.mechanisms;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;

/**
 * The edge of the epsilon range in which a calibration fits its limits (a finite double, a sampler's integer range),
 * found from public values only so that a refusal can say which epsilon works instead of showing the internal value
 * that overflowed. Each search assumes what the calibrations satisfy: the noise scale, in absolute terms or in grid
 * steps, decreases as epsilon grows, so the epsilons that fit form an interval {@code [smallest, ...)} or
 * {@code (..., largest]}.
 */
final class EpsilonRange {

    private static final int STEPS = 200;

    private EpsilonRange() {
    }

    /**
     * The smallest epsilon in {@code (given, ceiling]} at which {@code fits} holds, rounded up to two significant
     * digits (and still fitting), or empty when even {@code ceiling} does not fit.
     */
    static OptionalDouble smallest(DoublePredicate fits, double given, double ceiling) {
        if (!fits.test(ceiling)) {
            return OptionalDouble.empty();
        }
        double low = Math.log(given);
        double high = Math.log(ceiling);
        for (int i = 0; i < STEPS && high - low > 1e-9 * Math.max(1, Math.abs(high)); i++) {
            double mid = 0.5 * (low + high);
            if (fits.test(Math.exp(mid))) {
                high = mid;
            } else {
                low = mid;
            }
        }
        double found = Math.min(ceiling, Math.exp(high));
        double rounded = round(found, RoundingMode.UP);
        return OptionalDouble.of(rounded <= ceiling && fits.test(rounded) ? rounded : found);
    }

    /**
     * The largest epsilon in {@code [floor, given)} at which {@code fits} holds, rounded down to two significant
     * digits (and still fitting), or empty when even {@code floor} does not fit.
     */
    static OptionalDouble largest(DoublePredicate fits, double given, double floor) {
        if (!fits.test(floor)) {
            return OptionalDouble.empty();
        }
        double low = Math.log(floor);
        double high = Math.log(given);
        for (int i = 0; i < STEPS && high - low > 1e-9 * Math.max(1, Math.abs(low)); i++) {
            double mid = 0.5 * (low + high);
            if (fits.test(Math.exp(mid))) {
                low = mid;
            } else {
                high = mid;
            }
        }
        double found = Math.max(floor, Math.exp(low));
        double rounded = round(found, RoundingMode.DOWN);
        return OptionalDouble.of(rounded >= floor && fits.test(rounded) ? rounded : found);
    }

    /** Two significant digits, rounded away from the edge so that the stated value is inside the range. */
    private static double round(double value, RoundingMode mode) {
        return new BigDecimal(value).round(new MathContext(2, mode)).doubleValue();
    }
}
