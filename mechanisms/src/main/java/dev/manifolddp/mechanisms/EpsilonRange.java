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
        double found = Math.min(ceiling, edge(fits, ceiling, given));
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
        double found = Math.max(floor, edge(fits, floor, given));
        double rounded = round(found, RoundingMode.DOWN);
        return OptionalDouble.of(rounded >= floor && fits.test(rounded) ? rounded : found);
    }

    /**
     * The edge between where {@code fits} holds and where it fails, bisected in log space from {@code fitting} (where
     * it holds) towards {@code failing} (where it does not), returned on the fitting side.
     */
    private static double edge(DoublePredicate fits, double fitting, double failing) {
        double in = Math.log(fitting);
        double out = Math.log(failing);
        for (int i = 0; i < STEPS && Math.abs(in - out) > 1e-9 * Math.max(1, Math.abs(in)); i++) {
            double mid = 0.5 * (in + out);
            if (fits.test(Math.exp(mid))) {
                in = mid;
            } else {
                out = mid;
            }
        }
        return Math.exp(in);
    }

    /** Two significant digits, rounded away from the edge so that the stated value is inside the range. */
    private static double round(double value, RoundingMode mode) {
        return new BigDecimal(value).round(new MathContext(2, mode)).doubleValue();
    }
}
