package dev.manifolddp.experiments.audit;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;
import java.util.Optional;

/**
 * Maps a released value to the coordinates the auditor's statistics read, in each {@link CoordinateSystem} the
 * geometry offers. A value that cannot be read in a system gets NaN coordinates there, and NaN lies in no event.
 * Immutable and thread-safe; the {@code out} forms need caller-owned scratch.
 */
final class ReleaseCoordinates {

    /** How far from a point of the manifold a release may be and still be read intrinsically. */
    static final double POINT_TOLERANCE = 1e-7;

    private final Geometry geometry;
    private final double[] centre;
    private final double[][] basis;
    private final AmbientEmbedding ambient;
    private final double[] centreAmbient;
    /** For an estimand on another space: the estimator (bound to the ball) and the data's manifold; else null. */
    private final Estimator estimator;
    private final Geometry dataSpace;

    ReleaseCoordinates(Geometry geometry, double[] centre) {
        this(geometry, centre, null, null);
    }

    /**
     * Coordinates on an estimator's parameter space {@code geometry} about {@code centre}, for releases of an
     * estimand whose space is not the data's manifold {@code dataSpace}: the public direction of a pair is then the
     * one between the estimates of its two (public) data sets.
     */
    ReleaseCoordinates(Geometry geometry, double[] centre, Estimator estimator, Geometry dataSpace) {
        this.estimator = estimator;
        this.dataSpace = dataSpace;
        this.geometry = geometry;
        this.centre = centre.clone();
        Optional<TangentBasis> tangentBasis = geometry.capability(TangentBasis.class);
        this.basis = tangentBasis.map(b -> b.basis(centre)).orElse(null);
        Optional<AmbientEmbedding> embedding = geometry.capability(AmbientEmbedding.class);
        this.ambient = embedding.orElse(null);
        this.centreAmbient = ambient == null ? null : ambient.toAmbient(centre);
    }

    /**
     * The systems this geometry offers: intrinsic with a tangent basis, ambient with an embedding, and the packed
     * coordinates when it has neither (a tangent bundle).
     */
    CoordinateSystem[] systems() {
        if (basis == null && ambient == null) {
            return new CoordinateSystem[] {CoordinateSystem.PACKED};
        }
        if (basis == null) {
            return new CoordinateSystem[] {CoordinateSystem.AMBIENT};
        }
        return ambient == null ? new CoordinateSystem[] {CoordinateSystem.INTRINSIC}
                : new CoordinateSystem[] {CoordinateSystem.INTRINSIC, CoordinateSystem.AMBIENT};
    }

    /** The number of coordinates in {@code system}. */
    int dimension(CoordinateSystem system) {
        return switch (system) {
            case INTRINSIC -> basis.length;
            case AMBIENT -> ambient.ambientDimension();
            case PACKED -> centre.length;
        };
    }

    /** Writes the coordinates of {@code value} in {@code system} into {@code out} (NaN when unreadable). */
    void coordinates(CoordinateSystem system, double[] value, double[] tangentScratch, double[] out) {
        if (system == CoordinateSystem.INTRINSIC) {
            intrinsic(value, tangentScratch, out);
        } else if (system == CoordinateSystem.PACKED) {
            for (int i = 0; i < out.length; i++) {
                // a value of another length (a bug of the mechanism) lies in no event
                out[i] = value.length == centre.length && Double.isFinite(value[i]) ? value[i] - centre[i]
                        : Double.NaN;
            }
        } else {
            ambient.toAmbient(value, out);
            for (int i = 0; i < out.length; i++) {
                out[i] -= centreAmbient[i];
            }
        }
    }

    private void intrinsic(double[] value, double[] tangent, double[] out) {
        if (geometry.pointViolation(value, POINT_TOLERANCE).isPresent()
                || !(geometry.distance(centre, value) < geometry.injectivityRadius())) {
            Arrays.fill(out, Double.NaN);
            return;
        }
        geometry.log(centre, value, tangent);
        for (int i = 0; i < basis.length; i++) {
            out[i] = geometry.inner(centre, tangent, basis[i]);
        }
    }

    /**
     * The public direction from D' towards D in {@code system}: the pair's unit tangent coordinates intrinsically,
     * the unit vector from the far to the near boundary point in ambient coordinates.
     */
    double[] direction(CoordinateSystem system, BoundaryPair pair) {
        if (estimator != null) {
            return estimateDirection(system, pair);
        }
        if (system == CoordinateSystem.INTRINSIC) {
            return pair.coordinates().clone();
        }
        double[] near = ambient.toAmbient(pair.near());
        double[] far = ambient.toAmbient(pair.far());
        double norm = 0;
        for (int i = 0; i < near.length; i++) {
            near[i] -= far[i];
            norm += near[i] * near[i];
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < near.length; i++) {
            near[i] /= norm;
        }
        return near;
    }

    /**
     * The unit vector from the estimate of D' to the estimate of D in {@code system} (both data sets are public, so
     * is the direction); the first axis when the two estimates coincide (the pair then cannot separate the releases
     * along any direction).
     */
    private double[] estimateDirection(CoordinateSystem system, BoundaryPair pair) {
        double[] scratch = new double[pointLength()];
        double[] near = new double[dimension(system)];
        double[] far = new double[dimension(system)];
        coordinates(system, estimator.estimate(dataSpace, pair.data()), scratch, near);
        coordinates(system, estimator.estimate(dataSpace, pair.neighbour()), scratch, far);
        double norm = 0;
        for (int i = 0; i < near.length; i++) {
            near[i] -= far[i];
            norm += near[i] * near[i];
        }
        norm = Math.sqrt(norm);
        if (!(norm > 0)) {
            Arrays.fill(near, 0);
            near[0] = 1;
            return near;
        }
        for (int i = 0; i < near.length; i++) {
            near[i] /= norm;
        }
        return near;
    }

    /** The length of a point array (the tangent scratch size). */
    int pointLength() {
        return centre.length;
    }
}
