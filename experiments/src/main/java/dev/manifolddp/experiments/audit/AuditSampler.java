package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws the audit's releases. Release {@code i} on role {@code role} (0 = D, 1 = D') of pair {@code p} is a pure
 * function of the setup, the mechanism and {@code (p, role, i)}: it uses seeded stream
 * {@code (cell, i)} with {@code cell = 1 + 2p + role} (stream (0, 0) chose the directions) and a fresh copy of the
 * data set. The loop can therefore run on any number of threads, or on a distributed engine, with the same result;
 * here it runs in chunks on a fork-join pool, each release written to its own slot of the {@link ReleaseTable}.
 */
final class AuditSampler {

    /** Releases per parallel task and per progress step. */
    static final int CHUNK = 250;

    private AuditSampler() {
    }

    /** The stream cell of (pair, role). */
    static long cell(int pair, int role) {
        return 1 + 2L * pair + role;
    }

    /** Release {@code index} on role {@code role} of {@code pair}: the pure function the audit is made of. */
    static Release<double[]> release(AuditSetup setup, Mechanism mechanism, BoundaryPair pair, int role,
            int index) {
        UniformRandomProvider random = RandomStreams.seeded(setup.seed()).stream(cell(pair.index(), role), index);
        double[][] source = pair.dataSet(role);
        double[][] data = new double[source.length][];
        for (int i = 0; i < source.length; i++) {
            data[i] = source[i].clone();   // a mechanism that wrote into its input must not corrupt the audit
        }
        return mechanism.release(setup.geometry(), data, DataBall.declared(setup.centre(), setup.radius()),
                setup.budget(), random);
    }

    /** The number of progress steps {@link #fill} reports for one mechanism. */
    static long steps(AuditSetup setup) {
        return 2L * setup.directions() * chunks(setup.releases());
    }

    /** Draws every release of {@code mechanism} and stores its coordinates. */
    static ReleaseTable fill(AuditSetup setup, Mechanism mechanism, List<BoundaryPair> pairs,
            ReleaseCoordinates coordinates, ForkJoinPool pool, Runnable progressStep) {
        ReleaseTable table = new ReleaseTable(coordinates, pairs.size(), setup.releases());
        int chunks = chunks(setup.releases());
        int tasks = pairs.size() * 2 * chunks;
        try {
            pool.submit(() -> IntStream.range(0, tasks).parallel().forEach(task -> {
                int chunk = task % chunks;
                int role = (task / chunks) % 2;
                BoundaryPair pair = pairs.get(task / chunks / 2);
                fillChunk(setup, mechanism, pair, role, chunk, coordinates, table);
                progressStep.run();
            })).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the audit was interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
        return table;
    }

    private static void fillChunk(AuditSetup setup, Mechanism mechanism, BoundaryPair pair, int role, int chunk,
            ReleaseCoordinates coordinates, ReleaseTable table) {
        double[] tangent = new double[coordinates.pointLength()];
        double[][] rows = new double[CoordinateSystem.values().length][];
        for (CoordinateSystem system : table.systems()) {
            rows[system.ordinal()] = new double[table.dimension(system)];
        }
        int from = chunk * CHUNK;
        int to = Math.min(setup.releases(), from + CHUNK);
        for (int i = from; i < to; i++) {
            double[] value = release(setup, mechanism, pair, role, i).value();
            for (CoordinateSystem system : table.systems()) {
                int dimension = table.dimension(system);
                double[] row = rows[system.ordinal()];
                coordinates.coordinates(system, value, tangent, row);
                System.arraycopy(row, 0, table.block(system, pair.index(), role), i * dimension, dimension);
            }
        }
    }

    private static int chunks(int releases) {
        return (releases + CHUNK - 1) / CHUNK;
    }
}
