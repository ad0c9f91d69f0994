package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.spi.PublicInput;
import dev.manifolddp.spi.PublicInputException;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks every cell's calibration, then the data of every cell's first replicate. First, without reading or drawing
 * anything: each mechanism of each cell is calibrated
 * ({@link Mechanism#calibrate}) for the cell's public inputs (estimator, geometry, the ball a replicate would use, n,
 * budget and unit of privacy), which computes its sensitivity, noise scale and sampler plan and runs every check of
 * its inputs (Assumption 1, a delta for Gaussian noise, the calibration's range of epsilon, a geometry's
 * capabilities, consent to a data-derived ball, a feasible proposal budget). Any refusal is a configuration error
 * naming the cell, the mechanism and the key to change. {@code validate} thus sees what the first release of
 * {@code run} would decide, and {@code run} fails in seconds instead of after hours. Cells that give a mechanism the
 * same geometry, data, n and budget are checked once. Then, with every public decision made, replicate 0 of each cell
 * is drawn from the run's own stream and passes {@link ReplicateCheck}, the very check {@link Runner} applies to every
 * replicate (finite records; a non-private estimate that exists for them, e.g. a Frechet mean certified under
 * Assumption 1): what {@code validate} accepts, the run's first replicates run. Nothing computed from those records is
 * kept or written; a failure names the configuration key to change.
 */
public final class CalibrationCheck {

    private CalibrationCheck() {
    }

    /** Checks every (cell, mechanism) pair of {@code experiment}; fails at the first that cannot release. */
    public static void check(Experiment experiment) {
        Map<DataSource, Map<Integer, Dataset>> probes = new IdentityHashMap<>();
        Set<List<Object>> checked = new HashSet<>();
        List<MechanismConfig> entries = experiment.mechanisms();
        for (Cell cell : experiment.cells()) {
            Dataset probe = probes.computeIfAbsent(cell.data(), source -> new java.util.HashMap<>())
                    .computeIfAbsent(cell.n(), n -> probe(cell));
            checkEstimator(cell, probe);
            for (int m = 0; m < entries.size(); m++) {
                Mechanism mechanism = cell.mechanisms().get(m);
                List<Object> key = List.of(mechanism, cell.geometry(), cell.data(), cell.n(), cell.releaseBudget());
                if (checked.add(key)) {
                    calibrate(experiment, cell, m, probe);
                }
            }
        }
        checkFirstReplicates(experiment);
    }

    /** {@link ReplicateCheck} on replicate 0 of every cell: the records the run reads first, from its own stream. */
    private static void checkFirstReplicates(Experiment experiment) {
        StreamLayout streams = experiment.streams();
        for (Cell cell : experiment.cells()) {
            try {
                Dataset data = ReplicateCheck.draw(experiment, cell, 0, streams);
                double[] estimate = ReplicateCheck.estimate(experiment, cell, 0, data);
                ReplicateCheck.measureOnce(experiment, cell, 0, data, estimate);
            } catch (ExperimentFailure e) {
                String key = e.key().isEmpty() ? "data" : e.key().split("[ ,]")[0];
                throw new ConfigException(key, e.getMessage(), e);
            }
        }
    }

    private static Dataset probe(Cell cell) {
        try {
            return cell.data().probe(cell.n());
        } catch (RuntimeException e) {
            throw new ConfigException("data", String.format("the data source fails in cell {%s}: %s", cell.describe(),
                    message(e)), e);
        }
    }

    private static void checkEstimator(Cell cell, Dataset probe) {
        try {
            cell.estimator().forBall(cell.geometry(), probe.ball().center(), probe.ball().radius())
                    .estimate(cell.geometry(), probe.points());
        } catch (RuntimeException e) {
            throw new ConfigException("estimator", String.format("the estimator fails in cell {%s}: %s",
                    cell.describe(), message(e)), e);
        }
    }

    private static void calibrate(Experiment experiment, Cell cell, int m, Dataset probe) {
        MechanismConfig entry = experiment.mechanisms().get(m);
        try {
            cell.mechanisms().get(m).calibrate(cell.estimator(), cell.geometry(), probe.ball(), probe.points().length,
                    cell.budget(), cell.unit());
        } catch (RuntimeException e) {
            String cause = message(e);
            throw new ConfigException(entry.path(), String.format(Locale.ROOT, "mechanism '%s'%s cannot release in "
                    + "cell {%s}: %s (change %s)", entry.name(), entry.label().equals(entry.name()) ? ""
                    : " (label '" + entry.label() + "')", cell.describe(), cause, keyToChange(experiment, entry, e)),
                    e);
        }
    }

    /**
     * The configuration keys to change after a refusal: the ones for the public inputs the refusal names
     * ({@link PublicInputException#inputs}: epsilon, delta, the data ball, the geometry, ...), then always the
     * mechanism's own parameters. A refusal that names no input points at the parameters only.
     */
    static String keyToChange(Experiment experiment, MechanismConfig entry, Throwable error) {
        Set<String> keys = new LinkedHashSet<>();
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof PublicInputException refusal) {
                refusal.inputs().forEach(input -> keys.add(configKey(experiment, entry, input)));
                break;
            }
        }
        keys.add(entry.path() + ".params");
        return String.join(", ", keys);
    }

    /** The configuration key that sets {@code input}. */
    private static String configKey(Experiment experiment, MechanismConfig entry, PublicInput input) {
        ExperimentConfig config = experiment.config();
        return switch (input) {
            case EPSILON -> "sweep.epsilon";
            case DELTA -> "sweep.delta";
            case N -> "sweep.n";
            // the sensitivity, and with it the noise scale, is proportional to the data ball's radius
            case RADIUS -> config.data().isFile() || config.data().parameters().containsKey("radius") ? "data.radius"
                    : ReplicateCheck.dataKeys(config);
            case CENTER -> "data.center";
            case GEOMETRY -> "geometry";
            case ESTIMATOR -> config.estimator().path();
            case MECHANISM -> entry.path();
        };
    }

    private static String message(Throwable e) {
        String message = e.getMessage();
        return (message == null || message.isBlank() ? e.getClass().getSimpleName() : message)
                .replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
