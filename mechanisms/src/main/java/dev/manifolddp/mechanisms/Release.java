package dev.manifolddp.mechanisms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A private value together with everything needed to interpret it (docs/guarantees.md): the budget it spent, its
 * {@link Guarantee} and unit of privacy, the sensitivity and noise scale, the rule that chose the scale, where the
 * randomness came from, the public inputs and warnings. Everything in the record except {@link #diagnostics()} is a
 * function of public inputs and of the released value, and may be published with it; the diagnostics were computed
 * from the data and must not be.
 *
 * @param mechanism     the mechanism's name, e.g. {@code kng}
 * @param value         the released value (a point of the manifold for a mean)
 * @param budget        the privacy budget spent (delta includes any failure probability the construction adds)
 * @param guarantee     what the budget means for this release
 * @param unitOfPrivacy what adjacent datasets differ in, e.g. one record replaced, n public
 * @param sensitivity   the sensitivity Delta the calibration used
 * @param sigma         the noise scale used
 * @param sigmaRule     the calibration rule ({@link SigmaRule#describe()})
 * @param randomSource  a description of the random source (seeded stream with its seed, or secure)
 * @param parameters    the public inputs and public choices that determine the guarantee (ball, n, geometry...)
 * @param warnings      what a reader must know, from public values only: data-derived bounds, unproven scales, MCMC
 * @param dataDerived   true when a sensitivity, radius or clipping bound was computed from the data
 * @param diagnostics   data-dependent values (proposal counts, acceptance, chain statistics): never published
 */
public record Release<T>(String mechanism, T value, PrivacyBudget budget, Guarantee guarantee, String unitOfPrivacy,
        double sensitivity, double sigma, String sigmaRule, String randomSource, Map<String, Object> parameters,
        List<String> warnings, boolean dataDerived, ReleaseDiagnostics diagnostics) {

    /** The unit of privacy of every built-in mechanism. */
    public static final String ONE_RECORD = "one record: adjacent datasets differ in one record replaced by any "
            + "other point of the public ball; n is public";

    /**
     * The unit of privacy of an estimator whose records carry a covariate ({@code CovariateRecords}): the replaced
     * record's response is any point of the public ball and its covariate any value of the estimator's public range.
     */
    public static final String ONE_PAIR = "one record (a response and its covariate): adjacent datasets differ in one "
            + "record replaced by any other response of the public ball with any covariate of the estimator's public "
            + "range; n is public";

    public Release {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        warnings = List.copyOf(warnings);
    }

    /** The sampler's report, part of the {@linkplain #diagnostics() diagnostics} (data-dependent counts). */
    public SamplerReport sampler() {
        return diagnostics.sampler();
    }

    /** The same release with the random source described (set by whoever owns the stream). */
    public Release<T> withRandomSource(String description) {
        return new Release<>(mechanism, value, budget, guarantee, unitOfPrivacy, sensitivity, sigma, sigmaRule,
                description, parameters, warnings, dataDerived, diagnostics);
    }

    /**
     * The same release with its guarantee lowered to at most {@code cap}, and the reason added to the warnings; a
     * release already at or below {@code cap} keeps its guarantee but still records the reason.
     */
    public Release<T> withGuaranteeAtMost(Guarantee cap, String reason) {
        List<String> notes = new ArrayList<>(warnings);
        notes.add(cap.label().toUpperCase(Locale.ROOT) + ": " + reason);
        return new Release<>(mechanism, value, budget, Guarantee.weakest(guarantee, cap), unitOfPrivacy, sensitivity,
                sigma, sigmaRule, randomSource, parameters, notes, dataDerived, diagnostics);
    }

    /** The same release with another budget and unit of privacy (group privacy over a subject's records). */
    public Release<T> withUnitOfPrivacy(PrivacyBudget spent, String unit) {
        return new Release<>(mechanism, value, spent, guarantee, unit, sensitivity, sigma, sigmaRule, randomSource,
                parameters, warnings, dataDerived, diagnostics);
    }

    /** A builder; {@code build()} derives the guarantee and fills the warnings that follow from it. */
    public static <T> Builder<T> builder(String mechanism) {
        return new Builder<>(mechanism);
    }

    /** Collects a release's fields. */
    public static final class Builder<T> {
        /**
         * Smallest noise scale, relative to the public ball's radius, that a release accepts: below it the noise is
         * lost in the rounding of the points (a double carries 16 digits), the samplers lose their accuracy, and
         * the release would be the non-private value.
         */
        public static final double SIGMA_FLOOR = 1e-12;

        private final String mechanism;
        private T value;
        private PrivacyBudget budget;
        private double sensitivity = Double.NaN;
        private double sigma = Double.NaN;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        /** Null: the guarantee holds exactly when the rule is the proven one. */
        private Boolean guaranteeHolds;
        private SamplerReport sampler = SamplerReport.direct();
        private String randomSource = "unspecified";
        private String unitOfPrivacy = ONE_RECORD;
        private double publicScale = Double.NaN;
        private final Map<String, Object> parameters = new LinkedHashMap<>();
        private final List<String> warnings = new ArrayList<>();
        private final Map<String, Object> diagnosticValues = new LinkedHashMap<>();
        private final List<String> diagnosticWarnings = new ArrayList<>();
        private boolean dataDerived;
        private final List<String> notPrivate = new ArrayList<>();
        private final List<String> unproven = new ArrayList<>();
        /** Parameters and warnings that are functions of the released value (post-processing), set when drawing. */
        private final Map<String, Object> valueParameters = new LinkedHashMap<>();
        private final List<String> valueWarnings = new ArrayList<>();

        private Builder(String mechanism) {
            this.mechanism = mechanism;
        }

        /**
         * An independent builder holding everything set so far: a {@link Calibration} keeps its public part as a
         * template and each release continues a copy of it.
         */
        Builder<T> copy() {
            Builder<T> copy = new Builder<>(mechanism);
            copy.value = value;
            copy.budget = budget;
            copy.sensitivity = sensitivity;
            copy.sigma = sigma;
            copy.sigmaRule = sigmaRule;
            copy.guaranteeHolds = guaranteeHolds;
            copy.sampler = sampler;
            copy.randomSource = randomSource;
            copy.unitOfPrivacy = unitOfPrivacy;
            copy.publicScale = publicScale;
            copy.parameters.putAll(parameters);
            copy.warnings.addAll(warnings);
            copy.diagnosticValues.putAll(diagnosticValues);
            copy.diagnosticWarnings.addAll(diagnosticWarnings);
            copy.dataDerived = dataDerived;
            copy.notPrivate.addAll(notPrivate);
            copy.unproven.addAll(unproven);
            copy.valueParameters.putAll(valueParameters);
            copy.valueWarnings.addAll(valueWarnings);
            return copy;
        }

        /** The budget set so far (null before {@link #budget}). */
        PrivacyBudget budget() {
            return budget;
        }

        public Builder<T> value(T value) {
            this.value = value;
            return this;
        }

        public Builder<T> budget(PrivacyBudget budget) {
            this.budget = budget;
            return this;
        }

        /**
         * Records that the mechanism spends no delta whatever budget it was handed (a Laplace-type mechanism drawn
         * exactly): the release states (epsilon, 0) and its guarantee is pure rather than epsilon-delta.
         */
        public Builder<T> spendsNoDelta() {
            if (budget != null && !budget.isPure()) {
                budget = PrivacyBudget.pure(budget.epsilon());
            }
            return this;
        }

        public Builder<T> sensitivity(double sensitivity) {
            this.sensitivity = sensitivity;
            return this;
        }

        /**
         * The public length scale the noise is measured against (the ball's radius); {@link #sigma} refuses a scale
         * below {@link #SIGMA_FLOOR} times it.
         */
        public Builder<T> publicScale(double scale) {
            this.publicScale = scale;
            return this;
        }

        /**
         * The noise scale; it must be finite, {@code > 0} and at least {@link #SIGMA_FLOOR} times the public scale
         * (when one was given), checked here so that a release fails before any noise is drawn.
         */
        public Builder<T> sigma(double sigma) {
            if ((!(sigma > 0) || Double.isInfinite(sigma)) && budget != null) {
                // in the user's terms: the scale left the doubles because of the epsilon given (for this ball and n)
                String ball = publicScale > 0 ? " with the ball's radius " + publicScale : "";
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: epsilon = %s%s makes the noise "
                        + "scale %s the doubles; use a %s epsilon (or a %s). Provided value: epsilon = %s%s",
                        mechanism, budget.epsilon(), ball, sigma > 0 ? "overflow" : "fall below", sigma > 0 ? "larger"
                                : "smaller", sigma > 0 ? "larger n or delta, or a smaller ball" : "larger ball radius",
                        budget.epsilon(), publicScale > 0 ? ", radius = " + publicScale : ""));
            }
            if (!(sigma > 0) || Double.isInfinite(sigma)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "%s: the noise scale sigma = %s is not a finite number > 0: epsilon (or delta) is too small "
                                + "for the sensitivity; raise epsilon, n or delta, or shrink the ball. Provided value: "
                                + "sigma = %s", mechanism, sigma, sigma));
            }
            if (publicScale > 0 && sigma < SIGMA_FLOOR * publicScale) {
                if (budget == null) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT,
                            "%s: the noise scale sigma = %.3g is below the numerical floor %.0e x the ball's radius "
                                    + "(%.3g): the noise would vanish in rounding and the release would be the "
                                    + "non-private value; lower epsilon (a smaller epsilon gives a larger sigma). "
                                    + "Provided value: sigma = %.3g", mechanism, sigma, SIGMA_FLOOR, publicScale,
                            sigma, sigma));
                }
                // in the user's terms: the scale is inversely proportional to epsilon for the Laplace-type mechanisms
                // (about so for the Gaussian ones), which gives the epsilon at which it reaches the floor
                double largest = budget.epsilon() * (sigma / (SIGMA_FLOOR * publicScale));
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "%s: epsilon = %s makes the noise scale %.3g, below the numerical floor %.0e x the ball's "
                                + "radius (%.3g): the noise would vanish in rounding and the release would be the "
                                + "non-private value; use epsilon <= %.2g (the scale grows as epsilon shrinks). "
                                + "Provided value: epsilon = %s", mechanism, budget.epsilon(), sigma, SIGMA_FLOOR,
                        publicScale, largest * 0.99, budget.epsilon()));
            }
            this.sigma = sigma;
            return this;
        }

        public Builder<T> sigmaRule(SigmaRule rule) {
            this.sigmaRule = rule;
            this.guaranteeHolds = null;
            return this;
        }

        /**
         * The rule together with whether the stated budget is still guaranteed under it. A rule other than
         * {@code proven} can keep the guarantee: a sigma at least the proven one (more noise), or a paper rule that
         * coincides with the proven calibration. The caller vouches for {@code guaranteeHolds}.
         */
        public Builder<T> sigmaRule(SigmaRule rule, boolean guaranteeHolds) {
            this.sigmaRule = rule;
            this.guaranteeHolds = guaranteeHolds;
            return this;
        }

        /** The sampler's report; it goes to the diagnostics (its counts depend on the data). */
        public Builder<T> sampler(SamplerReport sampler) {
            this.sampler = sampler;
            return this;
        }

        public Builder<T> randomSource(String randomSource) {
            this.randomSource = randomSource;
            return this;
        }

        /** What adjacent datasets differ in (default {@link Release#ONE_RECORD}). */
        public Builder<T> unitOfPrivacy(String unit) {
            this.unitOfPrivacy = unit;
            return this;
        }

        /** A public input or a choice made from public inputs only. */
        public Builder<T> parameter(String name, Object value) {
            parameters.put(name, value);
            return this;
        }

        /** A warning whose text depends on public values only. */
        public Builder<T> warning(String warning) {
            warnings.add(warning);
            return this;
        }

        /**
         * A public fact that is a function of the released value alone (post-processing, e.g. whether the noisy
         * ambient vector projects onto the manifold): published with the value.
         */
        public Builder<T> valueParameter(String name, Object value) {
            parameters.put(name, value);
            valueParameters.put(name, value);
            return this;
        }

        /** A warning whose text and presence are functions of the released value alone: published with it. */
        public Builder<T> valueWarning(String warning) {
            warnings.add(warning);
            valueWarnings.add(warning);
            return this;
        }

        Map<String, Object> valueParameters() {
            return valueParameters;
        }

        List<String> valueWarnings() {
            return valueWarnings;
        }

        /** A value computed from the data: kept in the diagnostics, never published. */
        public Builder<T> diagnostic(String name, Object value) {
            diagnosticValues.put(name, value);
            return this;
        }

        /** A warning whose text or whose presence depends on the data: kept in the diagnostics. */
        public Builder<T> diagnosticWarning(String warning) {
            diagnosticWarnings.add(warning);
            return this;
        }

        /** Marks a bound as computed from the data: the release is then not private. */
        public Builder<T> dataDerived(String what) {
            dataDerived = true;
            return notPrivate(what + " was computed from the data (the caller marked the run non-private)");
        }

        /** Marks the release not private, with the reason (data-derived bound, uncorrected chain...). */
        public Builder<T> notPrivate(String reason) {
            notPrivate.add(reason);
            warnings.add("NOT PRIVATE: " + reason);
            return this;
        }

        /**
         * Marks a step of the guarantee as not covered by a proof (e.g. a sampler failure whose probability has no
         * public bound), with the reason: the release is then at most {@link Guarantee#UNPROVEN}. Public values only.
         */
        public Builder<T> unproven(String reason) {
            unproven.add(reason);
            warnings.add("UNPROVEN: " + reason);
            return this;
        }

        /**
         * Derives the guarantee: pure or epsilon-delta by the budget's delta, then weakened to mcmc for a chain,
         * unproven for a scale below the proven one, not-private for any {@link #notPrivate} reason.
         */
        public Release<T> build() {
            if (value == null || budget == null) {
                throw new IllegalStateException("a release needs a value and a budget (mechanism " + mechanism + ")");
            }
            boolean proven = guaranteeHolds != null ? guaranteeHolds : sigmaRule.isProven();
            Guarantee guarantee = budget.isPure() ? Guarantee.PURE : Guarantee.EPSILON_DELTA;
            if (!proven) {
                guarantee = Guarantee.weakest(guarantee, Guarantee.UNPROVEN);
                warnings.add("the noise scale follows the '" + sigmaRule.describe() + "' rule, not the proven "
                        + "calibration: the stated budget is not guaranteed");
            } else if (!sigmaRule.isProven()) {
                warnings.add("the noise scale follows the '" + sigmaRule.describe() + "' rule, which gives at least "
                        + "the proven noise scale: the stated budget still holds");
            }
            if (!unproven.isEmpty()) {
                guarantee = Guarantee.weakest(guarantee, Guarantee.UNPROVEN);
            }
            if (sampler.isMcmc()) {
                guarantee = Guarantee.weakest(guarantee, Guarantee.MCMC);
                warnings.add(String.format(Locale.ROOT, "drawn by Metropolis-Hastings (burn-in %d, thinning %d, %d "
                        + "chain(s)): the value only approximates a draw from the private law, so the budget holds "
                        + "only approximately", sampler.burnIn(), sampler.thin(), sampler.chains()));
            }
            if (!notPrivate.isEmpty()) {
                guarantee = Guarantee.NOT_PRIVATE;
            }
            ReleaseDiagnostics diagnostics = new ReleaseDiagnostics(sampler, diagnosticValues, diagnosticWarnings);
            return new Release<>(mechanism, value, budget, guarantee, unitOfPrivacy, sensitivity, sigma,
                    sigmaRule.describe(), randomSource, parameters, warnings, dataDerived, diagnostics);
        }
    }
}
