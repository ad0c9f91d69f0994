package dev.manifolddp.geometry;

/**
 * The exponential growth rate of the manifold's volume: the smallest {@code gamma >= 0} such that the volume of the
 * geodesic sphere of radius t about any point grows no faster than {@code exp(gamma t)} times a polynomial in t. It
 * decides whether a Riemannian Laplace law {@code ∝ exp(-rho(x, eta)/sigma)} exists on the whole manifold: it does
 * exactly when {@code sigma < 1/gamma} (every sigma when gamma = 0: compact and flat spaces). The Laplace on a space
 * of exponential volume growth (SPD with the affine-invariant metric, hyperbolic space) is otherwise no distribution at
 * all, and a sampler would only wander.
 *
 * <p>A geometry without this capability still has a sufficient bound from its curvature: Bishop-Gromov comparison
 * with constant curvature {@code kmin < 0} gives {@code gamma <= (d - 1) sqrt(-kmin)} ({@link #fromCurvature}).
 * Declaring the capability replaces that bound by the exact rate.
 */
public interface VolumeGrowth {

    /** The exponential growth rate gamma, {@code >= 0}. */
    double exponentialRate();

    /**
     * The rate a geometry declares, or the Bishop-Gromov bound {@code (d - 1) sqrt(-kmin)} from its curvature (0 when
     * {@code kmin >= 0}).
     */
    static double of(Geometry geometry) {
        return geometry.capability(VolumeGrowth.class).map(VolumeGrowth::exponentialRate)
                .orElseGet(() -> fromCurvature(geometry));
    }

    /** {@code (d - 1) sqrt(-kmin)} for {@code kmin < 0}, else 0. */
    static double fromCurvature(Geometry geometry) {
        double kmin = geometry.curvature().min();
        return kmin < 0 ? (geometry.dimension() - 1) * Math.sqrt(-kmin) : 0;
    }

    /**
     * The largest scale for which {@code exp(-rho/sigma)} is integrable (exclusive), {@code 1/gamma}; positive
     * infinity when gamma = 0.
     */
    static double laplaceScaleLimit(Geometry geometry) {
        double rate = of(geometry);
        return rate > 0 ? 1 / rate : Double.POSITIVE_INFINITY;
    }
}
