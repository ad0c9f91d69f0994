package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.mcmc.ChartSpace;
import dev.manifolddp.sampling.mcmc.KeptStates;
import dev.manifolddp.sampling.mcmc.LogDensity;
import dev.manifolddp.sampling.mcmc.McmcDiagnostics;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.Proposal;
import dev.manifolddp.sampling.mcmc.StepLadder;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Runs the Metropolis-Hastings chains of a release and writes the sampler report into it.
 *
 * <p><b>Public values only.</b> Every chain starts at the public ball's centre, never at the non-private estimate: a
 * chain that does not move would otherwise release the estimate itself. The proposal scale is computed from public
 * values only: {@code t * min(sigma, r / sqrt(d))} when the target is restricted to the ball {@code B_r} (a step s
 * per tangent coordinate moves about {@code s sqrt(d)}, so the cap keeps moves on the ball's scale in high dimension),
 * and {@code t * sigma} otherwise. Each step draws its scale from a public {@link StepLadder} spanning
 * {@code t r / sqrt(d)} down to that scale (the target's mode lies in the ball, restricted or not), so that a chain
 * started at the centre reaches a mode far from it even when sigma is tiny (large epsilon or n); {@code proposal-scales: single} keeps the one-scale kernel
 * ({@link ProposalScales}). The ladder's ends and size are recorded as {@code proposalScaleMax},
 * {@code proposalScaleMin} and {@code proposalScaleLevels}. Nothing about the run (its length, its scales, whether it
 * happens) depends on the data. A proposal without a Hastings correction has the wrong stationary law: the release is then marked not
 * private.
 *
 * <p>The released segment (the {@code thin} steps after burn-in) is also kept, every {@code keepEvery}-th state,
 * so that the diagnostics can give its effective sample size and, with several chains, split R-hat (both of the
 * geodesic distance to the ball's centre). {@code keepEvery} is 1 unless the segment is longer than
 * {@link #MAX_KEPT}; it divides {@code thin}, so the last kept state is the released one. Acceptance rates, ESS and
 * R-hat depend on the data: they go to the release's diagnostics, never to its public part. The step loop itself is
 * {@link MetropolisHastings}'s, which allocates nothing per step.
 *
 * <p><b>Chains in the chart.</b> With the chart random walk on a geometry with an isometric chart, and a target the
 * mechanism can also state in chart coordinates, the chain runs in the {@link ChartSpace} (same proposal, same
 * acceptance ratios, same draws from the provider; see that class) and only the released state goes back to the
 * manifold: on log-Euclidean SPD(k) this removes the two eigendecompositions per step of the chart round trip and
 * the matrix logarithms of every distance.
 */
final class McmcRunner {

    /** The most states of the released segment kept per chain for the diagnostics. */
    static final int MAX_KEPT = 10_000;

    private McmcRunner() {
    }

    /** The proposal scale from public values only (see the class comment); {@code ballRadius} NaN: unrestricted. */
    static double proposalScale(Geometry geometry, double sigma, double ballRadius, McmcSettings settings) {
        double scale = sigma;
        if (ballRadius > 0) {
            scale = Math.min(sigma, ballRadius / Math.sqrt(geometry.dimension()));
        }
        return settings.step() * scale;
    }

    /**
     * The largest scale of the chain's ladder: {@code t r / sqrt(d)} of the public ball (the target's mode lies in
     * it, and the chain starts at its centre, so moves of this size cross from the start to the mode), or the proposal
     * scale when that is larger (an unrestricted target with sigma above {@code r / sqrt(d)}) or the ball has no
     * finite radius.
     */
    static double largestScale(Geometry geometry, double sigma, DataBall ball, boolean restrict,
            McmcSettings settings) {
        double smallest = proposalScale(geometry, sigma, restrict ? ball.radius() : Double.NaN, settings);
        double across = settings.step() * ball.radius() / Math.sqrt(geometry.dimension());
        return across > smallest && Double.isFinite(across) ? across : smallest;
    }

    /**
     * The step the chain is built with: {@link #largestScale} under the default ladder, {@link #proposalScale} with
     * {@code proposal-scales: single}.
     */
    static double chainStep(Geometry geometry, double sigma, DataBall ball, boolean restrict, McmcSettings settings) {
        return settings.scales().step(largestScale(geometry, sigma, ball, restrict, settings),
                proposalScale(geometry, sigma, restrict ? ball.radius() : Double.NaN, settings));
    }

    /**
     * The factors applied to {@link #chainStep}: the public ladder from {@link #largestScale} down to
     * {@link #proposalScale} ({@link StepLadder}), or one scale with {@code proposal-scales: single}.
     */
    static StepLadder ladder(Geometry geometry, double sigma, DataBall ball, boolean restrict, McmcSettings settings) {
        return settings.scales().ladder(largestScale(geometry, sigma, ball, restrict, settings),
                proposalScale(geometry, sigma, restrict ? ball.radius() : Double.NaN, settings));
    }

    /**
     * The chain's public part, for a calibration: the planned sampler report (so that the guarantee is {@code mcmc}
     * before any step is taken), the not-private mark of a proposal without a Hastings correction, and the chain's
     * public parameters (start, space, lengths, proposal and its scale). All from public values; {@link #run} then
     * writes only the sampler's report and diagnostics.
     *
     * @param chartTarget true when the mechanism can state its target in chart coordinates (see {@link #run})
     */
    static void plan(Geometry geometry, boolean chartTarget, DataBall ball, boolean restrict, double sigma,
            McmcSettings settings, Release.Builder<?> release) {
        Optional<ChartSpace> chart = chartSpace(geometry, chartTarget, settings);
        Geometry space = chart.map(Geometry.class::cast).orElse(geometry);
        double radius = restrict ? ball.radius() : Double.NaN;
        double scale = proposalScale(geometry, sigma, radius, settings);
        double step = chainStep(geometry, sigma, ball, restrict, settings);
        StepLadder ladder = ladder(geometry, sigma, ball, restrict, settings);
        Proposal proposal = settings.proposal().create(space);
        if (!proposal.symmetric() && !proposal.hastingsRatioKnown()) {
            release.notPrivate("the proposal (" + proposal.describe() + ") is not symmetric and has no Hastings "
                    + "correction, so the chain's stationary law is not the mechanism's");
        }
        release.sampler(SamplerReport.mcmc(settings.chains() * settings.stepsPerChain(), settings.burnIn(),
                        settings.thin(), settings.chains(), Double.NaN, Double.NaN, Double.NaN))
                .parameter("chainStart", "the public ball's centre")
                .parameter("chainSpace", chart.isPresent() ? "isometric chart coordinates (only the released state "
                        + "is mapped back)" : "the manifold")
                .parameter("burnIn", settings.burnIn())
                .parameter("thin", settings.thin())
                .parameter("chains", settings.chains())
                .parameter("proposal", settings.proposal().configName())
                .parameter("proposalDescription", proposal.describe())
                .parameter("proposalScale", scale)
                .parameter("proposalScaleFormula", restrict ? "t min(sigma, r/sqrt(d))" : "t sigma")
                .parameter("proposalScaleMixture", settings.scales().configName())
                .parameter("proposalScaleMax", step)
                .parameter("proposalScaleMin", scale)
                .parameter("proposalScaleLevels", ladder.levels())
                .parameter("proposalScales", ladder.describe(step)
                        + (ladder.levels() > 1 ? " (t r/sqrt(d) down to the proposal scale: the chain crosses the "
                                + "ball from its public start and resolves the mode)" : ""))
                .parameter("stepFactor", settings.step());
    }

    private static Optional<ChartSpace> chartSpace(Geometry geometry, boolean chartTarget, McmcSettings settings) {
        return chartTarget && settings.proposal() == ProposalKind.CHART_RANDOM_WALK ? ChartSpace.of(geometry)
                : Optional.empty();
    }

    /**
     * Runs the chains from the public ball's centre and returns the first chain's final state.
     *
     * @param ball       the public ball: every chain starts at its centre
     * @param restrict   true when the target is restricted to the ball (proposals outside it are rejected)
     * @param sigma      the mechanism's noise scale
     */
    static double[] run(Geometry geometry, LogDensity target, DataBall ball, boolean restrict, double sigma,
            McmcSettings settings, UniformRandomProvider random, Release.Builder<?> release) {
        return run(geometry, target, null, ball, restrict, sigma, settings, random, release);
    }

    /**
     * As {@link #run(Geometry, LogDensity, DataBall, boolean, double, McmcSettings, UniformRandomProvider,
     * Release.Builder)}, with {@code chartTarget} the same target stated in chart coordinates (a log density on the
     * given {@link ChartSpace}; null when the mechanism has none): used when the proposal is the chart random walk
     * and the geometry has an isometric chart.
     */
    static double[] run(Geometry geometry, LogDensity target, Function<ChartSpace, LogDensity> chartTarget,
            DataBall ball, boolean restrict, double sigma, McmcSettings settings, UniformRandomProvider random,
            Release.Builder<?> release) {
        int keepEvery = keepEvery(settings.thin());
        int kept = settings.thin() / keepEvery;
        Optional<ChartSpace> chart = chartSpace(geometry, chartTarget != null, settings);
        Geometry space = chart.map(Geometry.class::cast).orElse(geometry);
        LogDensity chainTarget = chart.isPresent() ? chartTarget.apply(chart.get()) : target;
        double[] start = chart.map(c -> c.toChartCoordinates(ball.center())).orElse(ball.center());
        Proposal proposal = settings.proposal().create(space);
        MetropolisHastings.Builder builder = MetropolisHastings.builder().geometry(space).target(chainTarget)
                .proposal(proposal).step(chainStep(geometry, sigma, ball, restrict, settings))
                .ladder(ladder(geometry, sigma, ball, restrict, settings))
                .burnIn(settings.burnIn()).thin(keepEvery).samples(kept).chains(settings.chains()).reference(start);
        if (restrict) {
            builder.restrictTo(start, ball.radius());
        }
        McmcResult result = builder.build().run(start, random);
        McmcDiagnostics diagnostics = result.diagnostics();
        double ess = kept >= 2 ? diagnostics.chainEffectiveSampleSizes()[0] : Double.NaN;
        double rHat = diagnostics.rHat().orElse(Double.NaN);
        release.sampler(SamplerReport.mcmc(settings.chains() * settings.stepsPerChain(), settings.burnIn(),
                        settings.thin(), settings.chains(), diagnostics.acceptanceRate(), ess, rHat))
                .diagnostic("diagnosticsKeepEvery", keepEvery)
                .diagnostic("chainAcceptanceRates", ReleaseContext.asList(diagnostics.chainAcceptanceRates()))
                .diagnostic("chainEffectiveSampleSizes",
                        ReleaseContext.asList(diagnostics.chainEffectiveSampleSizes()))
                .diagnostic("invalidCandidates", diagnostics.invalidCandidates());
        if (kept < 2) {
            release.diagnosticWarning("the released segment (thin = " + settings.thin() + ") is too short for an "
                    + "effective sample size; it is reported as NaN");
        }
        if (settings.chains() >= 2 && Double.isNaN(rHat)) {
            release.diagnosticWarning("split R-hat needs at least 4 kept states per chain; raise thin to get it");
        }
        if (rHat > 1.1) {
            release.diagnosticWarning(String.format("split R-hat %.3f > 1.1: the chains disagree; lengthen the "
                    + "burn-in", rHat));
        }
        double[] value = result.lastState();
        return chart.isPresent() ? chart.get().toSourcePoint(value) : Arrays.copyOf(value, value.length);
    }

    /** The smallest divisor of {@code thin} that keeps at most {@link #MAX_KEPT} states. */
    static int keepEvery(int thin) {
        return KeptStates.keepEvery(thin, MAX_KEPT);
    }
}
