package dev.manifolddp.experiments.audit;

import java.util.EnumMap;
import java.util.Map;

/**
 * The outcome of every release of one mechanism, by pair, role (0 for D, 1 for D') and release index: whether it
 * failed, and the coordinates of its value by coordinate system (row {@code i} of a block holds release {@code i};
 * NaN for a release that failed, which therefore lies in no half-line event). Filled by {@link AuditSampler} with each
 * release written to its own slot, so the contents do not depend on the order releases are computed in.
 */
final class ReleaseTable {

    private final int releases;
    private final Map<CoordinateSystem, Integer> dimensions = new EnumMap<>(CoordinateSystem.class);
    private final Map<CoordinateSystem, double[][][]> blocks = new EnumMap<>(CoordinateSystem.class);
    private final boolean[][][] failed;

    ReleaseTable(ReleaseCoordinates coordinates, int pairs, int releases) {
        this.releases = releases;
        for (CoordinateSystem system : coordinates.systems()) {
            int dimension = coordinates.dimension(system);
            dimensions.put(system, dimension);
            blocks.put(system, new double[pairs][2][releases * dimension]);
        }
        this.failed = new boolean[pairs][2][releases];
    }

    int releases() {
        return releases;
    }

    Iterable<CoordinateSystem> systems() {
        return blocks.keySet();
    }

    int dimension(CoordinateSystem system) {
        return dimensions.get(system);
    }

    /** The block of (pair, role): release i occupies {@code [i * dimension, (i + 1) * dimension)}. */
    double[] block(CoordinateSystem system, int pair, int role) {
        return blocks.get(system)[pair][role];
    }

    /** Which releases of (pair, role) failed: entry i for release i. */
    boolean[] failed(int pair, int role) {
        return failed[pair][role];
    }

    /** How many of releases {@code [from, to)} of (pair, role) failed. */
    long failures(int pair, int role, int from, int to) {
        boolean[] flags = failed[pair][role];
        long count = 0;
        for (int i = from; i < to; i++) {
            if (flags[i]) {
                count++;
            }
        }
        return count;
    }
}
