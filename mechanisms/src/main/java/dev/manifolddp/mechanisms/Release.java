package dev.manifolddp.mechanisms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A private value together with everything needed to interpret it (DESIGN §4): the budget it spent, the sensitivity
 * and noise scale, the rule that chose the scale, how the noise was drawn, where the randomness came from, and
 * warnings. {@link #isPrivate()} is false when a bound was derived from the data or the scale is not the proven one.
 *
 * @param mechanism      the mechanism's name, e.g. {@code kng}
 * @param value          the released value (a point of the manifold for a mean)
 * @param budget         the privacy budget spent
 * @param sensitivity    the sensitivity Delta the calibration used
 * @param sigma          the noise scale used
 * @param sigmaRule      the calibration rule ({@link SigmaRule#describe()})
 * @param sampler        how the noise was drawn
 * @param randomSource   a description of the random source (seeded stream with its seed, or secure)
 * @param parameters     the public inputs that determine the guarantee (ball, n, geometry...)
 * @param warnings       everything a reader must know: data-derived bounds, unproven calibration, MCMC
 * @param dataDerived    true when a sensitivity, radius or clipping bound was computed from the data
 * @param provenGuarantee true when the scale is the mechanism's proven calibration or at least as large (more noise)
 */
public record Release<T>(String mechanism, T value, PrivacyBudget budget, double sensitivity, double sigma,
        String sigmaRule, SamplerReport sampler, String randomSource, Map<String, Object> parameters,
        List<String> warnings, boolean dataDerived, boolean provenGuarantee) {

    public Release {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        warnings = List.copyOf(warnings);
    }

    /** True only when every bound is public and the noise scale is covered by the proven calibration. */
    public boolean isPrivate() {
        return !dataDerived && provenGuarantee;
    }

    /** The same release with the random source described (set by whoever owns the stream). */
    public Release<T> withRandomSource(String description) {
        return new Release<>(mechanism, value, budget, sensitivity, sigma, sigmaRule, sampler, description, parameters,
                warnings, dataDerived, provenGuarantee);
    }

    /** A builder; {@code build()} fills the warnings that follow from the flags and the sampler. */
    public static <T> Builder<T> builder(String mechanism) {
        return new Builder<>(mechanism);
    }

    /** Collects a release's fields. */
    public static final class Builder<T> {
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
        private final Map<String, Object> parameters = new LinkedHashMap<>();
        private final List<String> warnings = new ArrayList<>();
        private boolean dataDerived;

        private Builder(String mechanism) {
            this.mechanism = mechanism;
        }

        public Builder<T> value(T value) {
            this.value = value;
            return this;
        }

        public Builder<T> budget(PrivacyBudget budget) {
            this.budget = budget;
            return this;
        }

        public Builder<T> sensitivity(double sensitivity) {
            this.sensitivity = sensitivity;
            return this;
        }

        public Builder<T> sigma(double sigma) {
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

        public Builder<T> sampler(SamplerReport sampler) {
            this.sampler = sampler;
            return this;
        }

        public Builder<T> randomSource(String randomSource) {
            this.randomSource = randomSource;
            return this;
        }

        public Builder<T> parameter(String name, Object value) {
            parameters.put(name, value);
            return this;
        }

        public Builder<T> warning(String warning) {
            warnings.add(warning);
            return this;
        }

        /** Marks a bound as computed from the data: the release is then not private. */
        public Builder<T> dataDerived(String what) {
            dataDerived = true;
            warnings.add("NOT PRIVATE: " + what + " was computed from the data (the caller marked the run "
                    + "non-private)");
            return this;
        }

        public Release<T> build() {
            if (value == null || budget == null) {
                throw new IllegalStateException("a release needs a value and a budget (mechanism " + mechanism + ")");
            }
            boolean proven = guaranteeHolds != null ? guaranteeHolds : sigmaRule.isProven();
            if (!proven) {
                warnings.add("the noise scale follows the '" + sigmaRule.describe() + "' rule, not the proven "
                        + "calibration: the stated budget is not guaranteed");
            } else if (!sigmaRule.isProven()) {
                warnings.add("the noise scale follows the '" + sigmaRule.describe() + "' rule, which gives at least "
                        + "the proven noise scale: the stated budget still holds");
            }
            if (sampler.isMcmc()) {
                warnings.add(String.format("drawn by Metropolis-Hastings (%d steps, burn-in %d, thinning %d, "
                        + "acceptance %.3f): the pure-DP guarantee holds only approximately", sampler.proposals(),
                        sampler.burnIn(), sampler.thin(), sampler.acceptanceRate()));
            }
            return new Release<>(mechanism, value, budget, sensitivity, sigma, sigmaRule.describe(), sampler,
                    randomSource, parameters, warnings, dataDerived, proven);
        }
    }
}
