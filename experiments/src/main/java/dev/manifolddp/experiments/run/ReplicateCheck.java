package dev.manifolddp.experiments.run;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.experiments.config.DataConfig;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.experiments.spi.MeasureContexts;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.NonPrivateEstimate;
import dev.manifolddp.utility.MeasureContext;
import dev.manifolddp.utility.Timing;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checks a replicate's data pass before any mechanism sees them, in one place for both callers: {@link Runner},
 * for every replicate, and {@link CalibrationCheck} (the preflight of {@code validate} and {@code run}), for replicate 0
 * of every cell, drawn from the run's own stream so that it sees the very records the run will. The records must be
 * finite points of the geometry in the ball they are declared to lie in ({@code DataBall#requireContains}, the check
 * of every release), and the non-private estimate (the reference every release is measured against) must
 * exist for them: for the Frechet mean, the data in a ball of Assumption 1 so that the mean is unique and certified.
 * Every failure is an {@link ExperimentFailure} carrying the configuration key to change.
 *
 * <p>Why the preflight draws instead of only bounding from public parameters: a plugin's generator or a data file can
 * break a precondition that no parameter shows (records beyond the convexity radius of a declared radius 4 on a whole
 * sphere passed {@code validate} and failed the first replicate); replicate 0 is what the run would read first anyway,
 * and nothing about it is written out. Later replicates draw other records and can still fail; their message names
 * the key too.
 */
public final class ReplicateCheck {

    private ReplicateCheck() {
    }

    /** The records of {@code replicate} of {@code cell}, drawn from the run's stream and checked. */
    public static Dataset draw(Experiment experiment, Cell cell, int replicate, StreamLayout streams) {
        Dataset data;
        try {
            data = cell.data().draw(cell.n(), streams.data(cell.index(), replicate));
        } catch (RuntimeException e) {
            throw failure("drawing the data", cell, replicate, dataKeys(experiment.config()), e);
        }
        try {
            requireFinite(data.points());
            // the very check every mechanism's release makes (DataBall), so a source whose records leave their
            // declared ball (e.g. a radius below the records' rounding) is refused before the first release
            data.ball().requireContains(cell.geometry(),
                    CovariateRecords.ballPoints(cell.estimator(), cell.geometry(), data.points()));
        } catch (IllegalArgumentException e) {
            throw failure("checking the drawn records", cell, replicate, dataKeys(experiment.config()), e);
        }
        return data;
    }

    /**
     * Fails on the first non-finite coordinate, before the ball check: a non-finite record is what an overflowing
     * parameter produces, and this message says so more plainly than a point check.
     */
    private static void requireFinite(double[][] points) {
        for (int i = 0; i < points.length; i++) {
            double[] point = points[i];
            for (int j = 0; j < point.length; j++) {
                if (!Double.isFinite(point[j])) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "record %d has the non-finite "
                            + "coordinate %s at index %d; every coordinate must be finite", i, point[j], j));
                }
            }
        }
    }

    /**
     * The non-private estimate of {@code data}, the reference of every release of the replicate: the very point the
     * releases centre their noise on ({@link NonPrivateEstimate}), computed once here for the utilities.
     */
    public static double[] estimate(Experiment experiment, Cell cell, int replicate, Dataset data) {
        try {
            return NonPrivateEstimate.of(cell.estimator(), cell.geometry(), data.points(), data.ball());
        } catch (RuntimeException e) {
            throw failure("computing the non-private estimate", cell, replicate, estimatorKeys(experiment.config()),
                    e);
        }
    }

    /** What the utilities of a release of {@code data} see besides the value and the estimate ({@link MeasureContexts}). */
    public static MeasureContext context(Cell cell, Dataset data, Timing timing) {
        return MeasureContexts.of(cell.estimator(), cell.geometry(), data, timing);
    }

    /**
     * Runs every utility of the experiment once on the replicate's estimate as its own release, so that a measure
     * this estimator cannot serve (a prediction error without covariates) fails before the run, naming the key.
     */
    public static void measureOnce(Experiment experiment, Cell cell, int replicate, Dataset data, double[] estimate) {
        Geometry valueSpace = cell.estimator().parameterSpace(cell.geometry());
        MeasureContext context = context(cell, data, new Timing(0, 0));
        for (UtilityMeasure utility : experiment.utilities()) {
            try {
                utility.measure(valueSpace, estimate, estimate, context);
            } catch (RuntimeException e) {
                throw failure("utility '" + utility.name() + "'", cell, replicate, "utility", e);
            }
        }
    }

    /**
     * The keys that shape the records: the file (and its ball) for file data, the generator's parameters (e.g.
     * {@code data.r}) for generated data, {@code data} for any other source.
     */
    static String dataKeys(ExperimentConfig config) {
        DataConfig data = config.data();
        if (data.isFile()) {
            return data.radius() != null ? "data.file or data.radius" : "data.file";
        }
        List<String> keys = new ArrayList<>();
        data.parameters().keySet().stream().filter(key -> !key.equals(DataConfig.GENERATOR)).sorted()
                .forEach(key -> keys.add("data." + key));
        if (keys.isEmpty()) {
            keys.add(data.generator() != null ? "data.generator" : "data");
        }
        return String.join(", ", keys);
    }

    /** The keys an estimate's failure points at: the data's spread (its ball), then the estimator's settings. */
    static String estimatorKeys(ExperimentConfig config) {
        return dataKeys(config) + " (a smaller ball), or " + config.estimator().path() + ".params";
    }

    private static ExperimentFailure failure(String stage, Cell cell, int replicate, String keys, RuntimeException e) {
        return new ExperimentFailure(String.format(Locale.ROOT, "%s failed in cell {%s}, replicate %d: %s (change %s)",
                stage, cell.describe(), replicate, String.valueOf(e.getMessage()).replace('\n', ' '), keys), keys, e);
    }
}
