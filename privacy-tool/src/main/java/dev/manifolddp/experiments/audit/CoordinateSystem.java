package dev.manifolddp.experiments.audit;

import java.util.Locale;

/** Where a release's statistic is computed. */
public enum CoordinateSystem {
    /**
     * {@code log_c(x)} in the orthonormal tangent basis at the centre c: for releases that are points of the manifold
     * within the injectivity radius of c (others fall outside every event).
     */
    INTRINSIC,
    /**
     * {@code toAmbient(x) - toAmbient(c)}: for geometries with ambient coordinates; it also reads releases that are
     * not points of the manifold (an extrinsic mechanism without projection).
     */
    AMBIENT,
    /**
     * {@code x - c}, the value's own coordinates less the centre's: for parameter spaces with neither a tangent basis
     * nor ambient coordinates, such as the tangent bundle of a regression, whose packed {@code [p..., v...]} is read
     * as it is (any function of a release is a valid event).
     */
    PACKED;

    /** The name written in audit.json. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
