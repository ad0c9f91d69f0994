package dev.manifolddp.experiments.plan;

/**
 * A (mechanism, n, epsilon, delta) the plan could not predict, and why (the mechanism's own refusal, e.g. "needs
 * delta > 0", or an MCMC release without {@code --allow-mcmc}).
 *
 * @param mechanism the mechanism's label
 * @param n         the sample size
 * @param epsilon   the epsilon
 * @param delta     the delta
 * @param reason    the reason, one line
 */
public record SkippedRow(String mechanism, int n, double epsilon, double delta, String reason) {
}
