package dev.manifolddp.experiments.plan;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.experiments.config.DataConfig;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.config.PlotConfig;
import dev.manifolddp.experiments.config.PluginRef;
import dev.manifolddp.experiments.output.Stat;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.Runner;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Simulates expected errors with the experiment machinery: every pending prediction becomes one cell of an
 * {@link Experiment} run by the {@link Runner} (its own data stream, the mechanism's release call, the
 * {@code geodesic-distance} utility against the non-private estimate, on the estimator's parameter space), so a
 * plan measures exactly what
 * {@code mdp run} measures. Cell k draws its data from stream {@code (2k, r)} and its noise from {@code (2k+1, r)} of
 * the plan's seed ({@link dev.manifolddp.experiments.spi.StreamLayout} with one mechanism per cell); results do not
 * depend on the thread count.
 */
final class ErrorSimulation {

    /**
     * One prediction to simulate.
     *
     * @param stream    the cell index that fixes its random streams
     * @param label     the mechanism's label, for messages
     * @param n         the sample size
     * @param budget    the budget
     * @param mechanism the mechanism to release with
     */
    record Pending(int stream, String label, int n, PrivacyBudget budget, Mechanism mechanism) {
    }

    /**
     * The simulated error of one pending prediction.
     *
     * @param stat      mean, standard error and spread of the defined distances
     * @param projected releases off the manifold, measured after projection onto it
     * @param undefined releases that could not be measured
     */
    record Outcome(Stat stat, long projected, long undefined) {
    }

    private final Geometry geometry;
    private final BallData data;
    private final PlannedEstimator named;
    private final Estimator estimator;
    private final UtilityMeasure distance;
    private final long seed;
    private final int threads;
    private final PrintStream progress;

    /**
     * @param progress where a progress bar appears for simulations longer than a second, or null for none
     */
    ErrorSimulation(Geometry geometry, BallData data, PlannedEstimator named, Estimator estimator,
            UtilityMeasure distance, long seed, int threads, PrintStream progress) {
        this.geometry = geometry;
        this.data = data;
        this.named = named;
        this.estimator = estimator;
        this.distance = distance;
        this.seed = seed;
        this.threads = threads;
        this.progress = progress;
    }

    /** Simulates every pending prediction with {@code replicates} releases each; outcomes in the same order. */
    List<Outcome> run(List<Pending> pending, int replicates) {
        if (pending.isEmpty()) {
            return List.of();
        }
        List<Cell> cells = new ArrayList<>();
        for (Pending p : pending) {
            Map<String, String> values = new LinkedHashMap<>();
            values.put("mechanism", p.label());
            values.put("n", Integer.toString(p.n()));
            values.put("epsilon", Double.toString(p.budget().epsilon()));
            values.put("delta", Double.toString(p.budget().delta()));
            cells.add(new Cell(p.stream(), values, geometry, data, p.n(), p.budget(), estimator,
                    List.of(p.mechanism()), 1));
        }
        ExperimentConfig config = new ExperimentConfig("plan", null, seed, replicates, threads, geometry.spec(),
                new DataConfig(null, null, Map.of(), null, null, null, false, false, List.of(), null, null, null, 1),
                List.of(),
                new PluginRef(named.name(), named.parameters(), "estimator"),
                List.of(new MechanismConfig("planned", "planned", Map.of(), "--mechanism")),
                List.of(distance.name()), List.of(), false, PlotConfig.AUTOMATIC, null, null, null);
        Experiment experiment = new Experiment(config, cells, List.of(distance), replicates,
                new RunOptions(1.0, threads, null, progress != null), threads, List.of(), 0, null);
        Progress bar = Progress.create(progress != null, (long) cells.size() * replicates, progress);
        RunResult result = new Runner(experiment, Thread.currentThread().getContextClassLoader()).run(bar);
        List<Outcome> outcomes = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
            double[] values = new double[replicates];
            long projected = 0;
            long undefined = 0;
            for (int r = 0; r < replicates; r++) {
                ReplicateRecord record = result.record(c, r, 0);
                Measurement measurement = record.utilities()[0];
                values[r] = measurement.value();
                projected += measurement.status() == Measurement.Status.PROJECTED ? 1 : 0;
                undefined += measurement.isDefined() ? 0 : 1;
            }
            outcomes.add(new Outcome(Stat.of(values), projected, undefined));
        }
        return outcomes;
    }
}
