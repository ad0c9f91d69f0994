package dev.manifolddp.experiments.audit;

import dev.manifolddp.experiments.spi.AuditChunks;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.Workers;
import dev.manifolddp.mechanisms.Calibration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The black-box empirical privacy auditor (Jagielski, Ullman, Oprea 2020; Nasr et al. 2021; docs/auditor.md): for
 * each mechanism, releases on worst-case adjacent data sets of the public ball ({@link BoundaryPairs}), an event
 * chosen on the first half of the releases ({@link EventSelection}) and measured on the second, and a Clopper-Pearson
 * lower confidence bound on the epsilon spent ({@link EpsilonBound}). A release that fails is an outcome like a
 * value ({@link FailureEvent}); a mechanism that refuses the configuration at calibration stops the audit before any
 * release.
 *
 * <p><b>Confidence accounting.</b> With m mechanisms and familywise level {@code alpha = 1 - confidence}, each
 * mechanism's bound is at level {@code alpha / m} (Bonferroni over the maximum a reader takes over mechanisms), made
 * of two one-sided Clopper-Pearson bounds at {@code alpha / (2m)} each (a union bound). The maximum over candidate
 * events is taken on the selection half, which is independent of the measurement half, so it costs nothing.
 * Hence, if every mechanism spends at most its claimed budget, the probability that any reported bound exceeds its
 * claimed epsilon is at most alpha.
 */
public final class Auditor {

    private Auditor() {
    }

    /**
     * Audits every target on the same pairs (each mechanism draws from the same seeded streams, so a mechanism's result
     * does not depend on which others are audited with it).
     *
     * @param threads  the worker threads (the result does not depend on it)
     * @param progress reports one step per chunk of releases ({@link #steps} in all)
     */
    public static AuditResult run(AuditSetup setup, List<AuditTarget> targets, int threads, Progress progress) {
        if (threads < 1 || threads > Workers.MAX_THREADS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--threads must lie in [1, %d]. Provided "
                    + "value: %d", Workers.MAX_THREADS, threads));
        }
        return audit(new AuditTasks(setup, targets), (tasks, target, step) -> AuditSampler.fill(setup,
                targets.get(target).mechanism(), tasks.pairs(), tasks.coordinates(), threads, step), progress);
    }

    /**
     * Audits every target of {@code tasks} with its chunks computed by {@code engine} (e.g. a Spark job); the result
     * is the one {@link #run(AuditSetup, List, int, Progress)} gives.
     */
    public static AuditResult run(AuditTasks tasks, AuditChunks engine, Progress progress) {
        return audit(tasks, (t, target, step) -> AuditSampler.fill(tasks.setup(), tasks.pairs(),
                tasks.coordinates(), engine.compute(target, t.chunks(), step)), progress);
    }

    /** How one target's release table is filled. */
    private interface Filler {
        ReleaseTable fill(AuditTasks tasks, int target, Runnable progressStep);
    }

    private static AuditResult audit(AuditTasks tasks, Filler filler, Progress progress) {
        AuditSetup setup = tasks.setup();
        List<AuditTarget> targets = tasks.audited();
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("--mechanism: name at least one mechanism to audit");
        }
        List<BoundaryPair> pairs = tasks.pairs();
        ReleaseCoordinates coordinates = tasks.coordinates();
        double alpha = (1 - setup.confidence()) / targets.size();
        double alphaSide = alpha / 2;
        List<MechanismAudit> audits = new ArrayList<>();
        for (int t = 0; t < targets.size(); t++) {
            AuditTarget target = targets.get(t);
            // the calibration checks the configuration before any release (a refusal ends the audit here), and
            // tells the claimed budget; a release that fails later is an outcome (AuditSampler)
            Calibration calibration = AuditSampler.calibrate(setup, target.mechanism());
            ReleaseTable table = filler.fill(tasks, t, progress::step);
            // the claim under test is the calibration's: KNG with a fixed proposal budget asked for pure epsilon
            // claims the delta its budget's failure costs
            double delta = calibration.budget().delta();
            EventSelection.Choice choice = EventSelection.select(setup, table, pairs, coordinates, delta, alphaSide);
            EpsilonBound measured = EventSelection.measure(setup, table, choice.event(), delta, alphaSide);
            audits.add(new MechanismAudit(target, calibration.budget(), calibration.guarantee(),
                    calibration.sigma(), 1 - alpha, choice.event(), choice.selection(), choice.candidates(), measured,
                    ReleaseFailures.of(setup, target.mechanism(), pairs, table)));
        }
        return new AuditResult(setup, pairs, audits);
    }

    /** The progress steps {@link #run} reports for {@code mechanisms} mechanisms. */
    public static long steps(AuditSetup setup, int mechanisms) {
        return AuditSampler.steps(setup) * mechanisms;
    }
}
