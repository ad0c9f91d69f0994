package dev.manifolddp.mechanisms;

import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;

/**
 * The integer range of an exact lattice sampler, checked at calibration (public values only, before any record is
 * read) and refused in the user's terms: the lattice scale in grid steps is a double until this check, and only a
 * value inside {@code [1, max]} becomes a long, so a scale can never wrap around to a negative or saturated integer.
 *
 * <p>With the proven (or paper, or scaled) sigma rule the scale in grid steps grows as epsilon shrinks: the grid
 * sensitivity {@code Delta + sqrt(D) g} has a rounding term of {@code sqrt(D)} steps whatever the noise scale, which
 * the noise must cover at epsilon. So the refusal states the smallest epsilon that fits, found by
 * {@link EpsilonRange#smallest} on the same calibration. A fixed sigma rule does not depend on epsilon; the scale is
 * in proportion to the fixed sigma, and the refusal states a fixed sigma that fits.
 */
final class LatticeScaleLimit {

    private LatticeScaleLimit() {
    }

    /**
     * The scale as a long, when {@code 1 <= units <= max}.
     *
     * @param units          the scale in grid steps, already rounded up (may be infinite)
     * @param max            the sampler's largest scale
     * @param maxText        how the message writes {@code max}, e.g. {@code "2^30"}
     * @param what           the noise, e.g. {@code "the discrete Gaussian's sigma"}
     * @param epsilon        the epsilon the calibration was given
     * @param rule           the sigma rule in force
     * @param fitsAtEpsilon  whether the whole calibration, rule included, fits the range at another epsilon
     * @param ceiling        the largest epsilon the calibration accepts
     */
    static long checked(double units, long max, String maxText, String what, double epsilon, SigmaRule rule,
            DoublePredicate fitsAtEpsilon, double ceiling) {
        if (units >= 1 && units <= max) {
            return (long) units;
        }
        throw refusal(units, max, maxText, what, epsilon, rule, fitsAtEpsilon, ceiling, null);
    }

    /**
     * The refusal when the calibration failed before the scale was known (its sigma left the range a calibration
     * can compute at this epsilon): the epsilon range of the lattice is stated when one fits, else {@code cause}.
     */
    static IllegalArgumentException refusal(double units, long max, String maxText, String what, double epsilon,
            SigmaRule rule, DoublePredicate fitsAtEpsilon, double ceiling, IllegalArgumentException cause) {
        if (cause != null && (rule instanceof SigmaRule.Fixed || !(epsilon < ceiling))) {
            return cause; // not a matter of the lattice's range: a larger epsilon cannot help, or sigma is fixed
        }
        String size = Double.isFinite(units) ? String.format(Locale.ROOT, "%.3g grid steps", units)
                : "more grid steps than a double holds";
        if (rule instanceof SigmaRule.Fixed fixed) {
            // half the range: the part of the scale that does not grow with sigma is at most 2^21 + 2 steps
            double fitting = fixed.sigma() * (max / 2.0) / units;
            String bound = fitting > 0 ? String.format(Locale.ROOT, " of at most %.2g", fitting) : " far smaller";
            return new PublicInputException(PublicInput.MECHANISM, String.format(Locale.ROOT,
                    "the sigma rule '%s' makes %s %s, more "
                    + "than its exact sampler's %s; use a fixed sigma%s or the proven rule. Provided value: %s",
                    rule.describe(), what, size, maxText, bound, rule.describe()));
        }
        OptionalDouble smallest = EpsilonRange.smallest(fitsAtEpsilon, epsilon, ceiling);
        if (smallest.isEmpty() && cause != null) {
            return cause;
        }
        String ruleText = rule.isProven() || rule instanceof SigmaRule.Paper ? ""
                : " with the sigma rule '" + rule.describe() + "'";
        String remedy = smallest.isPresent()
                ? String.format(Locale.ROOT, "use epsilon >= %s%s", smallest.getAsDouble(), ruleText)
                : "no epsilon up to " + ceiling + " fits" + ruleText
                        + "; use another mechanism";
        if (!Double.isFinite(units)) {
            return new PublicInputException(PublicInput.EPSILON, String.format(Locale.ROOT,
                    "epsilon = %s puts %s beyond what its "
                    + "calibration and its exact sampler (at most %s grid steps) can represent; %s. Provided value: %s",
                    epsilon, what, maxText, remedy, epsilon));
        }
        return new PublicInputException(PublicInput.EPSILON, String.format(Locale.ROOT,
                "epsilon = %s makes %s %.3g grid steps, more "
                + "than its exact sampler's %s (the grid's rounding must stay covered by the noise); %s. Provided "
                + "value: %s", epsilon, what, units, maxText, remedy, epsilon));
    }
}
