package dev.manifolddp.experiments.audit;

import java.util.EnumMap;
import java.util.Map;

/**
 * The coordinates of every release of one mechanism, by coordinate system, pair, role (0 for D, 1 for D') and
 * release index; row {@code i} of a block holds release {@code i}. Filled by {@link AuditSampler} with each release
 * written to its own slot, so the contents do not depend on the order releases are computed in.
 */
final class ReleaseTable {

    private final int releases;
    private final Map<CoordinateSystem, Integer> dimensions = new EnumMap<>(CoordinateSystem.class);
    private final Map<CoordinateSystem, double[][][]> blocks = new EnumMap<>(CoordinateSystem.class);

    ReleaseTable(ReleaseCoordinates coordinates, int pairs, int releases) {
        this.releases = releases;
        for (CoordinateSystem system : coordinates.systems()) {
            int dimension = coordinates.dimension(system);
            dimensions.put(system, dimension);
            blocks.put(system, new double[pairs][2][releases * dimension]);
        }
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
}
