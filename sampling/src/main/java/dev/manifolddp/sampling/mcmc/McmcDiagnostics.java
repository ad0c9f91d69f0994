package dev.manifolddp.sampling.mcmc;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What a Metropolis-Hastings run reports with a release: its settings and its convergence diagnostics.
 * The scalar summary behind the effective sample size and R-hat is the geodesic distance of each kept sample to
 * {@code reference}.
 *
 * @param chains                    number of chains
 * @param burnIn                    steps discarded at the start of each chain
 * @param thin                      one kept sample every {@code thin} steps after burn-in
 * @param samplesPerChain           kept samples per chain
 * @param acceptanceRate            accepted proposals / proposals after burn-in, over all chains
 * @param chainAcceptanceRates      the same per chain
 * @param effectiveSampleSize       sum over chains of the per-chain Geyer effective sample size
 * @param chainEffectiveSampleSizes the per-chain values
 * @param rHat                      split R-hat across chains; empty with a single chain
 * @param finalSteps                the step each chain used after burn-in (differs from the initial one when adapted)
 * @param adapted                   true when the step was adapted during burn-in
 * @param reference                 the point distances are measured from
 * @param proposal                  the proposal's description
 * @param warnings                  conditions a report must mention (e.g. an uncorrected asymmetric proposal)
 * @param invalidCandidates         proposals rejected because they were not valid points (outside the support)
 */
public record McmcDiagnostics(int chains, long burnIn, int thin, int samplesPerChain, double acceptanceRate,
        double[] chainAcceptanceRates, double effectiveSampleSize, double[] chainEffectiveSampleSizes,
        OptionalDouble rHat, double[] finalSteps, boolean adapted, double[] reference, String proposal,
        List<String> warnings, long invalidCandidates) {

    public McmcDiagnostics {
        warnings = List.copyOf(warnings);
    }

    /** Total steps per chain: burn-in plus {@code samplesPerChain * thin}. */
    public long stepsPerChain() {
        return burnIn + (long) samplesPerChain * thin;
    }

    /** A one-line summary for logs and reports. */
    public String summary() {
        return String.format("MCMC: %d chain(s) x %d steps (burn-in %d, thin %d, %d kept each), acceptance %.3f, "
                        + "ESS %.1f%s%s", chains, stepsPerChain(), burnIn, thin, samplesPerChain, acceptanceRate,
                effectiveSampleSize, rHat.isPresent() ? String.format(", split R-hat %.3f", rHat.getAsDouble()) : "",
                warnings.isEmpty() ? "" : "; warnings: " + String.join("; ", warnings));
    }
}
