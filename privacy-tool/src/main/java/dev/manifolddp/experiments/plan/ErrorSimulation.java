package dev.manifolddp.experiments.plan;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.experiments.output.Stat;
import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.experiments.spi.MeasureContexts;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.NonPrivateEstimate;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.PrivacyUnit;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.utility.MeasureContext;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Timing;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Simulates expected errors the way {@code mdp run} measures them, on the one task grid of every study
 * ({@link CellGrid}): replicate r of a pending prediction draws its records from the plan's synthetic law, computes the
 * non-private estimate, calibrates and releases with the mechanism and measures the {@code geodesic-distance} utility
 * of the release to the estimate, on the estimator's parameter space. Prediction k draws its records from stream
 * {@code (2k, r)} and its noise from {@code (2k+1, r)} of the plan's seed ({@link StreamLayout} with one mechanism per
 * cell), the streams a one-mechanism run's cell k would use, so results do not depend on the thread count.
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
    private final Estimator estimator;
    private final UtilityMeasure distance;
    private final long seed;
    private final int threads;
    private final PrintStream progress;

    /**
     * @param progress where a progress bar appears for simulations longer than a second, or null for none
     */
    ErrorSimulation(Geometry geometry, BallData data, Estimator estimator,
            UtilityMeasure distance, long seed, int threads, PrintStream progress) {
        this.geometry = geometry;
        this.data = data;
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
        StreamLayout streams = new StreamLayout(seed, 1);
        Measurement[][] measured = new Measurement[pending.size()][replicates];
        Progress bar = Progress.create(progress != null, (long) pending.size() * replicates, progress);
        CellGrid.run(threads, "mdp-worker", pending.size(), replicates, bar,
                (c, r) -> measured[c][r] = simulate(pending.get(c), r, streams));
        List<Outcome> outcomes = new ArrayList<>();
        for (Measurement[] cell : measured) {
            double[] values = new double[replicates];
            long projected = 0;
            long undefined = 0;
            for (int r = 0; r < replicates; r++) {
                values[r] = cell[r].value();
                projected += cell[r].status() == Measurement.Status.PROJECTED ? 1 : 0;
                undefined += cell[r].isDefined() ? 0 : 1;
            }
            outcomes.add(new Outcome(Stat.of(values), projected, undefined));
        }
        return outcomes;
    }

    /** Replicate {@code r} of {@code p}: records, the non-private estimate, one release and its distance to it. */
    private Measurement simulate(Pending p, int r, StreamLayout streams) {
        Dataset records;
        try {
            records = data.draw(p.n(), streams.data(p.stream(), r));
            // the check every release makes: a record the rounding of the draw put outside the ball is refused here
            records.ball().requireContains(geometry, CovariateRecords.ballPoints(estimator, geometry,
                    records.points()));
        } catch (RuntimeException e) {
            throw failure("drawing the synthetic records", p, r, "--radius", e);
        }
        long estimateStart = System.nanoTime();
        double[] estimate;
        try {
            // the point the release centres on, bound to the ball as the mechanisms bind it in calibration
            estimate = NonPrivateEstimate.of(estimator, geometry, records.points(), records.ball());
        } catch (RuntimeException e) {
            throw failure("computing the non-private estimate", p, r, "--radius (a smaller ball) or "
                    + "--estimator-param", e);
        }
        long estimateNanos = System.nanoTime() - estimateStart;
        UniformRandomProvider random = streams.mechanism(p.stream(), 0, r);
        long start = System.nanoTime();
        Release<double[]> release;
        try {
            Calibration calibration = p.mechanism().calibrate(estimator, geometry, records.ball(), p.n(), p.budget(),
                    PrivacyUnit.subjects(1));
            release = p.mechanism().release(calibration, records.points(), random);
        } catch (RuntimeException e) {
            throw failure("mechanism '" + p.label() + "'", p, r, "--mechanism", e);
        }
        MeasureContext context = MeasureContexts.of(estimator, geometry, records,
                new Timing((System.nanoTime() - start) / 1e9, estimateNanos / 1e9));
        try {
            return distance.measure(estimator.parameterSpace(geometry), release.value(), estimate, context);
        } catch (RuntimeException e) {
            throw failure("utility '" + distance.name() + "' of mechanism '" + p.label() + "'", p, r, "--mechanism",
                    e);
        }
    }

    /** A failure naming the prediction, the replicate, the stage and the flag to change, in the runner's words. */
    private static IllegalArgumentException failure(String stage, Pending p, int replicate, String flags,
            RuntimeException cause) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "%s failed in the simulation {mechanism=%s, "
                + "n=%d, epsilon=%s, delta=%s}, replicate %d: %s (change %s)", stage, p.label(), p.n(),
                p.budget().epsilon(), p.budget().delta(), replicate, String.valueOf(cause.getMessage())
                        .replace('\n', ' '), flags), cause);
    }
}
