package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.mcmc.LogDensity;
import dev.manifolddp.sampling.mcmc.McmcDiagnostics;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Runs the Metropolis-Hastings chains of a release and writes the sampler report into it.
 *
 * <p>The released segment (the {@code thin} steps after burn-in) is also kept, every {@code keepEvery}-th state,
 * so that the report can give its effective sample size and, with several chains, split R-hat (both of the geodesic
 * distance to the chain's start, the non-private mean). {@code keepEvery} is 1 unless the segment is longer than
 * {@link #MAX_KEPT}; it divides {@code thin}, so the last kept state is the released one. The step loop itself is
 * {@link MetropolisHastings}'s, which allocates nothing per step.
 */
final class McmcRunner {

    /** The most states of the released segment kept per chain for the diagnostics. */
    static final int MAX_KEPT = 10_000;

    private McmcRunner() {
    }

    /**
     * Runs the chains from {@code start} and returns the first chain's final state.
     *
     * @param ballCenter the centre of the ball the target is restricted to, or null for no restriction
     * @param sigma      the mechanism's noise scale; the proposal scale is {@code settings.step() * sigma}
     */
    static double[] run(Geometry geometry, LogDensity target, double[] start, double[] ballCenter, double ballRadius,
            double sigma, McmcSettings settings, UniformRandomProvider random, Release.Builder<?> release) {
        int keepEvery = keepEvery(settings.thin());
        int kept = settings.thin() / keepEvery;
        MetropolisHastings.Builder builder = MetropolisHastings.builder().geometry(geometry).target(target)
                .proposal(settings.proposal().create(geometry)).step(settings.step() * sigma)
                .burnIn(settings.burnIn()).thin(keepEvery).samples(kept).chains(settings.chains()).reference(start);
        if (ballCenter != null) {
            builder.restrictTo(ballCenter, ballRadius);
        }
        McmcResult result = builder.build().run(start, random);
        McmcDiagnostics diagnostics = result.diagnostics();
        double ess = kept >= 2 ? diagnostics.chainEffectiveSampleSizes()[0] : Double.NaN;
        double rHat = diagnostics.rHat().orElse(Double.NaN);
        release.sampler(SamplerReport.mcmc(settings.chains() * settings.stepsPerChain(), settings.burnIn(),
                        settings.thin(), settings.chains(), diagnostics.acceptanceRate(), ess, rHat))
                .parameter("proposal", settings.proposal().configName())
                .parameter("proposalDescription", diagnostics.proposal())
                .parameter("proposalScale", settings.step() * sigma)
                .parameter("stepFactor", settings.step())
                .parameter("diagnosticsKeepEvery", keepEvery)
                .parameter("chainAcceptanceRates", ReleaseContext.asList(diagnostics.chainAcceptanceRates()))
                .parameter("chainEffectiveSampleSizes", ReleaseContext.asList(diagnostics.chainEffectiveSampleSizes()));
        if (kept < 2) {
            release.warning("the released segment (thin = " + settings.thin() + ") is too short for an effective "
                    + "sample size; it is reported as NaN");
        }
        if (settings.chains() >= 2 && Double.isNaN(rHat)) {
            release.warning("split R-hat needs at least 4 kept states per chain; raise thin to get it");
        }
        if (rHat > 1.1) {
            release.warning(String.format("split R-hat %.3f > 1.1: the chains disagree; lengthen the burn-in", rHat));
        }
        for (String warning : diagnostics.warnings()) {
            release.warning(warning);
        }
        double[] value = result.lastState();
        return Arrays.copyOf(value, value.length);
    }

    /** The smallest divisor of {@code thin} that keeps at most {@link #MAX_KEPT} states. */
    static int keepEvery(int thin) {
        int every = Math.max(1, (thin + MAX_KEPT - 1) / MAX_KEPT);
        while (thin % every != 0) {
            every++;
        }
        return every;
    }
}
