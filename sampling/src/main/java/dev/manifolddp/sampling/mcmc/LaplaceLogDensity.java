package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;

/**
 * The Riemannian Laplace target {@code log f(x) = -rho(x, center) / sigma} (Reimherr et al. 2021), for
 * Metropolis-Hastings where no exact sampler exists. Allocation-free when the geometry's distance is. Immutable.
 */
public final class LaplaceLogDensity implements LogDensity {

    private final Geometry geometry;
    private final double[] center;
    private final double sigma;

    /** The Laplace of location {@code center} (a point of {@code geometry}) and scale {@code sigma > 0}. */
    public LaplaceLogDensity(Geometry geometry, double[] center, double sigma) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.center = Arguments.requirePoint(geometry, "center", center).clone();
        this.sigma = Arguments.requirePositiveFinite("sigma", sigma);
    }

    @Override
    public double logDensity(double[] x) {
        return -geometry.distance(center, x) / sigma;
    }
}
