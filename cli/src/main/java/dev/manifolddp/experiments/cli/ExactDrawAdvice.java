package dev.manifolddp.experiments.cli;

import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.Guarantee;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What public input would give an exact draw where the calibration chose Metropolis-Hastings, found by calibrating
 * again at nearby public inputs (calibration reads no record, so this costs nothing in privacy). Fixed advice was
 * wrong: at large epsilon the fixed proposal budget grows with epsilon, and a larger n shrinks the scale faster than
 * the ball, so "a larger --epsilon, more records" can lead away from an exact draw. Each input is moved alone, by
 * powers of two in both directions, and the nearest value that works is reported.
 */
final class ExactDrawAdvice {

    /** Calibrates at (epsilon, radius, n); throws or returns an MCMC calibration where no exact draw exists. */
    interface Calibrator {
        Calibration calibrate(double epsilon, double radius, int n);
    }

    /** How far to move each input: factors 2^1 to 2^MAX_STEPS. */
    private static final int MAX_STEPS = 20;

    private ExactDrawAdvice() {
    }

    /** A sentence naming, for each of --epsilon, --radius and the record count, the nearest value that draws exactly. */
    static String advise(Calibrator calibrator, double epsilon, double radius, int n) {
        List<String> ways = new ArrayList<>();
        nearest(factor -> exact(calibrator, epsilon * factor, radius, n), "--epsilon", epsilon, ways);
        nearest(factor -> exact(calibrator, epsilon, radius * factor, n), "--radius", radius, ways);
        for (int step = 1; step <= MAX_STEPS; step++) {
            long more = (long) n << step;
            long fewer = n >> step;
            if (more <= Integer.MAX_VALUE && exact(calibrator, epsilon, radius, (int) more)) {
                ways.add(String.format(Locale.ROOT, "%d or more records", more));
                break;
            }
            if (fewer >= 1 && exact(calibrator, epsilon, radius, (int) fewer)) {
                ways.add(String.format(Locale.ROOT, "%d or fewer records", fewer));
                break;
            }
        }
        return ways.isEmpty() ? "no --epsilon, --radius or record count within a factor 2^" + MAX_STEPS
                + " of the given ones gives an exact draw with this mechanism; choose a mechanism with an exact sampler"
                : "an exact draw needs " + String.join(", or ", ways) + " (each moved alone), or a mechanism with an "
                        + "exact sampler";
    }

    private interface Works {
        boolean at(double factor);
    }

    private static void nearest(Works works, String flag, double value, List<String> ways) {
        for (int step = 1; step <= MAX_STEPS; step++) {
            double up = Math.scalb(1.0, step);
            if (works.at(up)) {
                ways.add(String.format(Locale.ROOT, "%s %.4g or larger", flag, value * up));
                return;
            }
            if (works.at(1 / up)) {
                ways.add(String.format(Locale.ROOT, "%s %.4g or smaller", flag, value / up));
                return;
            }
        }
    }

    private static boolean exact(Calibrator calibrator, double epsilon, double radius, int n) {
        if (!(Double.isFinite(epsilon) && epsilon > 0 && Double.isFinite(radius) && radius > 0)) {
            return false;
        }
        try {
            return calibrator.calibrate(epsilon, radius, n).guarantee() != Guarantee.MCMC;
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
            return false; // no release at all there: not a way out
        }
    }
}
