package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import java.util.Optional;

/**
 * Brings a release onto the manifold for intrinsic measures: a point stays as it is; an array off the manifold (an
 * unprojected ambient release) is replaced by its projection through {@link AmbientEmbedding} where one exists.
 */
final class OnManifold {

    /** Relative tolerance for "is a point"; far above rounding drift, far below any noise a mechanism adds. */
    static final double TOLERANCE = 1e-7;

    /** A point and whether it was obtained by projection. */
    record Located(double[] point, boolean projected) {
    }

    private OnManifold() {
    }

    /** The release itself, its projection, or empty when it is off the manifold and cannot be projected. */
    static Optional<Located> locate(Geometry geometry, double[] release) {
        for (double value : release) {
            if (!Double.isFinite(value)) {
                return Optional.empty();
            }
        }
        if (geometry.pointViolation(release, TOLERANCE).isEmpty()) {
            return Optional.of(new Located(release, false));
        }
        Optional<AmbientEmbedding> embedding = geometry.capability(AmbientEmbedding.class);
        if (embedding.isEmpty()) {
            return Optional.empty();
        }
        double[] projected = new double[release.length];
        if (!embedding.get().project(embedding.get().toAmbient(release), projected)) {
            return Optional.empty();
        }
        if (geometry.pointViolation(projected, TOLERANCE).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(new Located(projected, true));
    }
}
