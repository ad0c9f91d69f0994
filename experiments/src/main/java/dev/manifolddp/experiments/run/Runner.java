package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.utility.MeasureContext;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Timing;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Runs an experiment's (cell, replicate) tasks on a fixed pool of worker threads ({@link CellGrid}). Each task draws its data from its
 * own stream, computes the non-private estimate, and lets every mechanism release from the mechanism's own stream
 * ({@link StreamLayout}); results are stored by index, so the outputs are identical for any thread count. The data and
 * the estimate pass {@link ReplicateCheck}, the checks the preflight ran on replicate 0. The first failure stops the
 * run with a message naming the cell, replicate, stage and the configuration key to change.
 */
public final class Runner {

    private final Experiment experiment;
    private final ClassLoader contextLoader;

    /**
     * @param experiment    what to run
     * @param contextLoader the context class loader of the worker threads (the plugin loader), so that components
     *                      that look providers up through it see the plugins too
     */
    public Runner(Experiment experiment, ClassLoader contextLoader) {
        this.experiment = experiment;
        this.contextLoader = contextLoader;
    }

    /** Runs every task; {@code progress} gets one step per (cell, replicate). */
    public RunResult run(Progress progress) {
        long start = System.nanoTime();
        int replicates = experiment.replicates();
        int mechanismCount = experiment.mechanisms().size();
        int tasks = Math.multiplyExact(experiment.cells().size(), replicates);
        Math.multiplyExact(tasks, mechanismCount);
        ReplicateRecord[] records = new ReplicateRecord[tasks * mechanismCount];
        WarningLog warnings = WarningLog.of(experiment);
        StreamLayout streams = experiment.streams();
        GalleryPlan plan = experiment.gallery();
        KeptReleases kept = plan == null ? null : new KeptReleases(mechanismCount,
                Math.min(plan.config().perMechanism(), replicates));
        int threads = Math.max(1, Math.min(experiment.threads(), tasks));
        CellGrid.run(threads, "mdp-worker", contextLoader, experiment.cells().size(), replicates, progress,
                (cell, replicate) -> {
                    int task = cell * replicates + replicate;
                    try {
                        runTask(task, 0, streams, records, warnings, kept);
                    } catch (OutOfMemoryError e) {
                        throw e; // as itself: mdp reports the heap and how to give Java more
                    } catch (Error e) {
                        throw new ExperimentFailure("task " + task + " failed: " + e, e);
                    }
                });
        return new RunResult(experiment, Arrays.asList(records), warnings.entries(),
                (System.nanoTime() - start) / 1e9, kept);
    }

    /**
     * Runs tasks {@code [first, end)} on the calling thread and returns their records, task {@code first + i}'s
     * mechanism m at index {@code i M + m}: the block a distributed engine hands to one worker. Warnings go to
     * {@code warnings}; nothing is kept for the pictures ({@link #keptReleases}).
     */
    public ReplicateRecord[] runBlock(int first, int end, WarningLog warnings) {
        int tasks = Math.multiplyExact(experiment.cells().size(), experiment.replicates());
        if (first < 0 || end > tasks || first > end) {
            throw new IllegalArgumentException(String.format("a block must lie in [0, %d]. Provided value: [%d, %d)",
                    tasks, first, end));
        }
        StreamLayout streams = experiment.streams();
        ReplicateRecord[] records = new ReplicateRecord[(end - first) * experiment.mechanisms().size()];
        for (int task = first; task < end; task++) {
            runTask(task, first, streams, records, warnings, null);
        }
        return records;
    }

    /**
     * The releases the pictures draw, recomputed on the calling thread from the tasks that own them (replicates
     * {@code 0..per-mechanism-1} of the drawn cell), or null without a {@code pictures} section. Every task is a pure
     * function of (configuration, cell, replicate), so this equals what {@link #run} keeps; an engine whose workers
     * do not ship release values back calls it on the driver.
     */
    public KeptReleases keptReleases() {
        GalleryPlan plan = experiment.gallery();
        if (plan == null) {
            return null;
        }
        int replicates = experiment.replicates();
        int perMechanism = Math.min(plan.config().perMechanism(), replicates);
        KeptReleases kept = new KeptReleases(experiment.mechanisms().size(), perMechanism);
        WarningLog ignored = WarningLog.of(experiment);
        ReplicateRecord[] scratch = new ReplicateRecord[experiment.mechanisms().size()];
        StreamLayout streams = experiment.streams();
        for (int r = 0; r < perMechanism; r++) {
            int task = plan.cell() * replicates + r;
            runTask(task, task, streams, scratch, ignored, kept);
        }
        return kept;
    }

    /** Runs one task; its records go to {@code records} from index {@code (task - base) M}. */
    private void runTask(int task, int base, StreamLayout streams, ReplicateRecord[] records, WarningLog warnings,
            KeptReleases kept) {
        int replicates = experiment.replicates();
        Cell cell = experiment.cells().get(task / replicates);
        int replicate = task % replicates;
        List<UtilityMeasure> utilities = experiment.utilities();
        Dataset data = ReplicateCheck.draw(experiment, cell, replicate, streams);
        long estimateStart = System.nanoTime();
        double[] estimate = ReplicateCheck.estimate(experiment, cell, replicate, data);
        long estimateNanos = System.nanoTime() - estimateStart;
        GalleryPlan plan = experiment.gallery();
        boolean keep = kept != null && plan != null && cell.index() == plan.cell() && replicate < plan.config().perMechanism();
        // releases and the estimate live on the estimator's parameter space (the manifold itself for a mean)
        Geometry valueSpace = cell.estimator().parameterSpace(cell.geometry());
        if (keep && replicate == 0) {
            kept.data(cell.geometry(), data.points(), estimate, plan.config().sample(), data.ball(),
                    valueSpace == cell.geometry());
        }
        List<Mechanism> mechanisms = cell.mechanisms();
        for (int m = 0; m < mechanisms.size(); m++) {
            String label = experiment.mechanisms().get(m).label();
            Release<double[]> release;
            UniformRandomProvider random = streams.mechanism(cell.index(), m, replicate);
            long start;
            long elapsed;
            try {
                // the clock brackets the calibration and release only: not the stream set-up, data, estimate or
                // utilities. The unit of privacy is applied by the calibration (PrivacyUnit), as mdp release does.
                start = System.nanoTime();
                Mechanism mechanism = mechanisms.get(m);
                Calibration calibration = mechanism.calibrate(cell.estimator(), cell.geometry(), data.ball(),
                        data.points().length, cell.budget(), cell.unit());
                release = mechanism.release(calibration, data.points(), random);
                elapsed = System.nanoTime() - start;
                if (data.ball().dataDerived()) {
                    // whatever the mechanism says (a plugin may not know): a ball measured on the data is no bound
                    release = release.withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "the data ball was computed from "
                            + "the data");
                }
            } catch (RuntimeException e) {
                MechanismConfig entry = experiment.mechanisms().get(m);
                throw failure("mechanism '" + label + "'", cell, replicate,
                        CalibrationCheck.keyToChange(experiment, entry, e), e);
            }
            double seconds = elapsed / 1e9;
            MeasureContext context = ReplicateCheck.context(cell, data, new Timing(seconds, estimateNanos / 1e9));
            Measurement[] measurements = new Measurement[utilities.size()];
            for (int u = 0; u < measurements.length; u++) {
                try {
                    measurements[u] = utilities.get(u).measure(valueSpace, release.value(), estimate, context);
                } catch (RuntimeException e) {
                    throw failure("utility '" + utilities.get(u).name() + "' of mechanism '" + label + "'", cell,
                            replicate, "utility", e);
                }
            }
            if (keep) {
                kept.release(m, replicate, release.value());
            }
            for (String warning : release.warnings()) {
                warnings.add(m, task, warning);
            }
            records[(task - base) * mechanisms.size() + m] = new ReplicateRecord(measurements, release.sigma(),
                    release.sensitivity(), release.sigmaRule(), release.guarantee(), release.budget().delta(),
                    release.dataDerived() || data.ball().dataDerived(),
                    release.sampler(), seconds);
        }
    }

    private static ExperimentFailure failure(String stage, Cell cell, int replicate, String keys,
            RuntimeException cause) {
        return new ExperimentFailure(String.format("%s failed in cell {%s}, replicate %d: %s (change %s)", stage,
                cell.describe(), replicate, String.valueOf(cause.getMessage()).replace('\n', ' '), keys), keys, cause);
    }
}
