package dev.manifolddp.mechanisms;

import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * A noise scale chosen by a {@link SigmaRule}, with whether the stated budget is still guaranteed.
 *
 * <p>Larger noise never weakens a guarantee here: for the K-norm, Laplace and Gaussian mechanisms the privacy loss at
 * a given sensitivity decreases as sigma grows (KNG and Laplace: {@code sigma' = 2 Delta / epsilon'} with
 * {@code epsilon' <= epsilon}; Gaussian: the privacy-loss tail of {@link GaussianCalibration} decreases in sigma, and
 * the classical theorem is stated for every sigma above its bound). So any rule whose sigma is at least the proven
 * one keeps the guarantee.
 *
 * @param sigma          the scale to use
 * @param provenSigma    the proven calibration's scale
 * @param rule           the rule that chose {@code sigma}
 * @param guaranteeHolds true when {@code sigma >= provenSigma}
 */
record NoiseScale(double sigma, double provenSigma, SigmaRule rule, boolean guaranteeHolds) {

    /**
     * Applies {@code rule}.
     *
     * @param paperSigma the scale of the mechanism's "paper" rule, or null when the paper used the proven calibration
     *                   (the rule is then accepted and gives the proven sigma)
     */
    static NoiseScale resolve(SigmaRule rule, double provenSigma, DoubleSupplier paperSigma) {
        double sigma;
        if (rule instanceof SigmaRule.Proven) {
            sigma = provenSigma;
        } else if (rule instanceof SigmaRule.Paper) {
            sigma = paperSigma == null ? provenSigma : paperSigma.getAsDouble();
        } else if (rule instanceof SigmaRule.Scaled scaled) {
            sigma = scaled.factor() * provenSigma;
        } else if (rule instanceof SigmaRule.Fixed fixed) {
            sigma = fixed.sigma();
        } else {
            throw new IllegalArgumentException("unsupported sigma rule. Provided value: " + rule);
        }
        if (!(sigma >= Double.MIN_NORMAL) || !(sigma <= Double.MAX_VALUE)) {
            // the proven scale is checked where it is computed (LaplaceScale, GaussianCalibration): here only the rule
            // can leave the doubles, so the message names the rule, not the internal scale
            String remedy = rule instanceof SigmaRule.Scaled
                    ? String.format(Locale.ROOT, "use a factor in [%.3g, %.3g]", Double.MIN_NORMAL / provenSigma,
                            Double.MAX_VALUE / provenSigma)
                    : rule instanceof SigmaRule.Paper ? "use the proven rule, or change epsilon"
                    : sigma > 1 ? "raise epsilon" : "lower epsilon";
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the sigma rule '%s' gives a noise scale "
                    + "%s the normal doubles (2.2e-308 to 1.8e308) at this epsilon and sensitivity; %s. Provided "
                    + "value: %s", rule.describe(), sigma > 1 ? "above" : "below", remedy, rule.describe()));
        }
        return new NoiseScale(sigma, provenSigma, rule, sigma >= provenSigma);
    }

    /** Records the scale, the rule and the guarantee in a release. */
    <T> Release.Builder<T> applyTo(Release.Builder<T> release) {
        return release.sigma(sigma).sigmaRule(rule, guaranteeHolds).parameter("provenSigma", provenSigma);
    }
}
