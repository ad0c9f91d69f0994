package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.mcmc.KeptStates;
import dev.manifolddp.sampling.mcmc.McmcDiagnostics;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.StepLadder;
import dev.manifolddp.sampling.mcmc.TangentBundleChain;
import dev.manifolddp.sampling.mcmc.TangentBundleDensity;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Runs one {@link TangentBundleChain} of a regression release and files its diagnostics: the chains start at a point
 * the caller passes (public: {@code (m0, 0)}, or the footpoint released by an earlier step), run
 * {@code burn-in + thin} steps, and the first chain's final state is released. The steps are the largest of a public
 * {@link StepLadder}: each move scales them by one of its factors. The released segment is kept every
 * {@code keepEvery}-th state (at most {@link #MAX_KEPT} per chain) for the effective sample size and, with several
 * chains, split R-hat. Acceptance, ESS and R-hat depend on the data: they go to the release's diagnostics under
 * {@code prefix}, never to its public part.
 */
public final class BundleChainRun {

    /** The most states of the released segment kept per chain for the diagnostics. */
    static final int MAX_KEPT = 10_000;

    /** The packed final state {@code [p..., v...]} of the first chain. */
    public final double[] state;
    /** The run's diagnostics. */
    public final McmcDiagnostics diagnostics;

    private BundleChainRun(double[] state, McmcDiagnostics diagnostics) {
        this.state = state;
        this.diagnostics = diagnostics;
    }

    /**
     * Runs the chains from {@code (startP, startV)} on the domain {@code rho(p, center) <= footpointRadius,
     * |v|_p <= maxSpeed} with the given proposal scales (public values only).
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public static BundleChainRun run(Geometry geometry, TangentBundleDensity target, double[] center, double footpointRadius,
            double maxSpeed, double[] startP, double[] startV, double footpointStep, double velocityStep,
            StepLadder ladder, McmcSettings settings, UniformRandomProvider random, Release.Builder<?> release,
            String prefix) {
        int keepEvery = keepEvery(settings.thin());
        TangentBundleChain chain = TangentBundleChain.builder().geometry(geometry).target(target)
                .domain(center, footpointRadius, maxSpeed).steps(footpointStep, velocityStep).ladder(ladder)
                .burnIn(settings.burnIn()).thin(keepEvery).samples(settings.thin() / keepEvery)
                .chains(settings.chains()).build();
        McmcResult result = chain.run(startP, startV, random);
        McmcDiagnostics diagnostics = result.diagnostics();
        release.diagnostic(prefix + "AcceptanceRate", diagnostics.acceptanceRate())
                .diagnostic(prefix + "ChainAcceptanceRates", boxed(diagnostics.chainAcceptanceRates()))
                .diagnostic(prefix + "ChainEffectiveSampleSizes", boxed(diagnostics.chainEffectiveSampleSizes()))
                .diagnostic(prefix + "RHat", diagnostics.rHat().orElse(Double.NaN))
                .diagnostic(prefix + "InvalidCandidates", diagnostics.invalidCandidates())
                .diagnostic(prefix + "KeepEvery", keepEvery);
        if (diagnostics.rHat().isPresent() && diagnostics.rHat().getAsDouble() > 1.1) {
            release.diagnosticWarning(String.format(Locale.ROOT, "%s: split R-hat %.3f > 1.1: the chains disagree; "
                    + "lengthen the burn-in", prefix, diagnostics.rHat().getAsDouble()));
        }
        return new BundleChainRun(result.lastState(), diagnostics);
    }

    /**
     * The largest scale of a bundle chain's public ladder, {@code t min(Rp, V) / sqrt(d)}: moves across the domain, so
     * a chain from the public start reaches the target's mode at any epsilon ({@link StepLadder}); d is the base
     * manifold's dimension.
     */
    public static double largestScale(McmcSettings settings, double footpointRadius, double maxSpeed, int dimension) {
        return settings.step() * Math.min(footpointRadius, maxSpeed) / Math.sqrt(dimension);
    }

    /** {@code t min(sigma, Rp / sqrt(d), V / sqrt(d))}: public values only; the smallest scale of the ladder. */
    public static double proposalScale(McmcSettings settings, double sigma, double footpointRadius, double maxSpeed,
            int dimension) {
        double root = Math.sqrt(dimension);
        return settings.step() * Math.min(sigma, Math.min(footpointRadius, maxSpeed) / root);
    }

    /** The smallest divisor of {@code thin} that keeps at most {@link #MAX_KEPT} states. */
    public static int keepEvery(int thin) {
        return KeptStates.keepEvery(thin, MAX_KEPT);
    }


    private static List<Double> boxed(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }
}
