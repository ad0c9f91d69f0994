package dev.manifolddp.experiments.audit;

import dev.manifolddp.experiments.spi.AuditChunks;
import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws the audit's releases. Release {@code i} on role {@code role} (0 = D, 1 = D') of pair {@code p} is a pure
 * function of the setup, the mechanism and {@code (p, role, i)}: it uses seeded stream
 * {@code (cell, i)} with {@code cell = 1 + 2p + role} (stream (0, 0) chose the directions) and a fresh copy of the
 * data set. The loop can therefore run on any number of threads, or on a distributed engine, with the same result;
 * it runs in chunks ({@link #chunk}) on the task grid of every study ({@link CellGrid}) or an engine
 * ({@link AuditChunks}), each chunk written to its own slots of the {@link ReleaseTable}.
 *
 * <p><b>A release that fails is an outcome.</b> Every release is calibrated from the public inputs
 * ({@link #calibrate}; a refusal there is a configuration error and ends the audit) and then drawn; a
 * {@link RuntimeException} from the draw, after the mechanism read the records, is recorded as the outcome "failed"
 * of that release. A user who calls the mechanism sees the failure just as they would see a value, and whether it
 * happens may depend on the data: the event statistics compare it across the two data sets like any other event
 * (issue 21: KNG's fixed proposal budget failed with probability near 1 on one data set of a pair and never on the
 * other, and the abort this used to cause hid it). Errors ({@link Error}) still end the audit.
 */
final class AuditSampler {

    /** Releases per parallel task and per progress step. */
    static final int CHUNK = 250;

    /** The chunk value of a release that failed, and of one that did not. */
    private static final double FAILED = 1;
    private static final double RELEASED = 0;

    private AuditSampler() {
    }

    /** The stream cell of (pair, role). */
    static long cell(int pair, int role) {
        return 1 + 2L * pair + role;
    }

    /**
     * The calibration every release of {@code mechanism} is drawn under: the setup's estimator on its geometry,
     * public ball, n and budget, from public inputs only.
     *
     * @throws IllegalArgumentException when the mechanism refuses the configuration (before any release)
     */
    static Calibration calibrate(AuditSetup setup, Mechanism mechanism) {
        try {
            return mechanism.calibrate(setup.estimator(), setup.geometry(), ball(setup), setup.n(),
                    setup.budget());
        } catch (IllegalArgumentException e) {
            // the mechanism names the quantity; the user set it through these flags
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--mechanism %s refused the audit with "
                    + "--epsilon %s, --delta %s, --radius %s, --n %d: %s", mechanism.name(), setup.budget().epsilon(),
                    setup.budget().delta(), setup.radius(), setup.n(), e.getMessage()), e);
        }
    }

    /**
     * Release {@code index} on role {@code role} of {@code pair}: the pure function the audit is made of. The
     * mechanism is calibrated afresh for it, as a caller of {@code Mechanism.release} would.
     *
     * @throws RuntimeException what the draw threw: the outcome "failed" ({@link #chunk} records it as such)
     */
    static Release<double[]> release(AuditSetup setup, Mechanism mechanism, BoundaryPair pair, int role,
            int index) {
        return draw(calibrate(setup, mechanism), setup, mechanism, pair, role, index);
    }

    /** Release {@code index} on role {@code role} of {@code pair} under {@code calibration}. */
    private static Release<double[]> draw(Calibration calibration, AuditSetup setup, Mechanism mechanism,
            BoundaryPair pair, int role, int index) {
        UniformRandomProvider random = RandomStreams.seeded(setup.seed()).stream(cell(pair.index(), role), index);
        double[][] source = pair.dataSet(role);
        double[][] data = new double[source.length][];
        for (int i = 0; i < source.length; i++) {
            data[i] = source[i].clone();   // a mechanism that wrote into its input must not corrupt the audit
        }
        return mechanism.release(calibration, data, random);
    }

    /**
     * What release {@code index} on role {@code role} of {@code pair} threw, as one line ({@code Type: message}), or
     * null when it did not fail. It draws the release again: a pure function gives the same outcome, so a failure
     * counted in a chunk computed anywhere can be described on the driver.
     */
    static String failure(AuditSetup setup, Mechanism mechanism, BoundaryPair pair, int role, int index) {
        Calibration calibration = calibrate(setup, mechanism);
        try {
            draw(calibration, setup, mechanism, pair, role, index);
            return null;
        } catch (RuntimeException failure) {
            return failure.getClass().getSimpleName() + ": " + failure.getMessage();
        }
    }

    private static DataBall ball(AuditSetup setup) {
        return DataBall.declared(setup.centre(), setup.radius());
    }

    /** The number of progress steps {@link #fill} reports for one mechanism. */
    static long steps(AuditSetup setup) {
        return 2L * setup.pairs() * chunks(setup.releases());
    }

    /** The chunk tasks of one mechanism: (pair, role, chunk) for every pair, both roles and every chunk. */
    static int tasks(AuditSetup setup, int pairs) {
        return pairs * 2 * chunks(setup.releases());
    }

    /** Draws every release of {@code mechanism} on {@code threads} threads and stores its coordinates. */
    static ReleaseTable fill(AuditSetup setup, Mechanism mechanism, List<BoundaryPair> pairs,
            ReleaseCoordinates coordinates, int threads, Runnable progressStep) {
        ReleaseTable table = new ReleaseTable(coordinates, pairs.size(), setup.releases());
        // the one task grid of every study: one cell of chunk tasks, each writing its own slots of the table
        CellGrid.run(threads, "mdp-audit", 1, tasks(setup, pairs.size()), Progress.none(), (cell, task) -> {
            place(setup, table, task, chunk(setup, mechanism, pairs, coordinates, task));
            progressStep.run();
        });
        return table;
    }

    /** The table of chunks computed elsewhere ({@link AuditChunks}), {@code chunks[task]} from {@link #chunk}. */
    static ReleaseTable fill(AuditSetup setup, List<BoundaryPair> pairs, ReleaseCoordinates coordinates,
            double[][] chunks) {
        ReleaseTable table = new ReleaseTable(coordinates, pairs.size(), setup.releases());
        if (chunks.length != tasks(setup, pairs.size())) {
            throw new IllegalStateException(String.format("the audit engine returned %d chunks where %d were asked",
                    chunks.length, tasks(setup, pairs.size())));
        }
        for (int task = 0; task < chunks.length; task++) {
            place(setup, table, task, chunks[task]);
        }
        return table;
    }

    /**
     * Chunk task {@code task}'s releases (its pair, role and chunk are {@code task / chunks / 2},
     * {@code (task / chunks) % 2} and {@code task % chunks}) as coordinates: system by system in
     * {@link ReleaseCoordinates#systems()} order, release by release (NaN for a release that failed), then one value
     * per release, 1 when it failed and 0 when it did not.
     */
    static double[] chunk(AuditSetup setup, Mechanism mechanism, List<BoundaryPair> pairs,
            ReleaseCoordinates coordinates, int task) {
        int chunks = chunks(setup.releases());
        int chunk = task % chunks;
        int role = (task / chunks) % 2;
        BoundaryPair pair = pairs.get(task / chunks / 2);
        double[] tangent = new double[coordinates.pointLength()];
        CoordinateSystem[] systems = coordinates.systems();
        int width = 0;
        for (CoordinateSystem system : systems) {
            width += coordinates.dimension(system);
        }
        int from = chunk * CHUNK;
        int to = Math.min(setup.releases(), from + CHUNK);
        int count = to - from;
        double[] rows = new double[count * (width + 1)];
        double[][] row = new double[systems.length][];
        for (int s = 0; s < systems.length; s++) {
            row[s] = new double[coordinates.dimension(systems[s])];
        }
        for (int i = from; i < to; i++) {
            Calibration calibration = calibrate(setup, mechanism);
            double[] value;
            try {
                value = draw(calibration, setup, mechanism, pair, role, i).value();
            } catch (RuntimeException failure) {
                value = null;   // the outcome "failed": see the class comment
            }
            rows[count * width + (i - from)] = value == null ? FAILED : RELEASED;
            int offset = 0;
            for (int s = 0; s < systems.length; s++) {
                int dimension = row[s].length;
                if (value == null) {
                    Arrays.fill(row[s], Double.NaN);
                } else {
                    coordinates.coordinates(systems[s], value, tangent, row[s]);
                }
                System.arraycopy(row[s], 0, rows, offset * count + (i - from) * dimension, dimension);
                offset += dimension;
            }
        }
        return rows;
    }

    /** Copies a {@link #chunk} into its slots of {@code table}. */
    private static void place(AuditSetup setup, ReleaseTable table, int task, double[] rows) {
        int chunks = chunks(setup.releases());
        int chunk = task % chunks;
        int role = (task / chunks) % 2;
        int pair = task / chunks / 2;
        int from = chunk * CHUNK;
        int count = Math.min(setup.releases(), from + CHUNK) - from;
        int offset = 0;
        for (CoordinateSystem system : table.systems()) {
            int dimension = table.dimension(system);
            System.arraycopy(rows, offset * count, table.block(system, pair, role), from * dimension,
                    count * dimension);
            offset += dimension;
        }
        boolean[] failed = table.failed(pair, role);
        for (int i = 0; i < count; i++) {
            failed[from + i] = rows[offset * count + i] == FAILED;
        }
    }

    private static int chunks(int releases) {
        return (releases + CHUNK - 1) / CHUNK;
    }
}
