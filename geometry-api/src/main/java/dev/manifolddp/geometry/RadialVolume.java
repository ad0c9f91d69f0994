package dev.manifolddp.geometry;

/**
 * The Riemannian volume in geodesic polar coordinates, for manifolds on which it is the same around every point
 * and in every direction (two-point homogeneous spaces: spheres, complex projective spaces such as Kendall's shape
 * space, hyperbolic spaces). Writing {@code x = exp(p, theta u)} with u a unit tangent vector, the volume element is
 * {@code J(theta) d theta du} on {@code 0 <= theta <= maxRadius()} with u uniform on the unit sphere of T_p.
 *
 * <p>This is what an exact sampler of a radial law such as the Riemannian Laplace {@code ∝ exp(-rho(x, p)/sigma)}
 * needs ({@code docs/exact-sampling.md}): with {@code gamma = }{@link #ratioGrowthRate()}, draw theta from
 * {@code exp(-theta (1/sigma - gamma)) theta^(d-1)} (a Gamma(d, rate 1/sigma - gamma) law), accept it with
 * probability {@code volumeRatio(theta) exp(-gamma theta)} (at most 1 by the definition of gamma), and pick u
 * uniformly. Under curvature {@code >= 0} the ratio is at most 1 and gamma = 0 (Bishop's comparison); under negative
 * curvature the ratio grows without bound (hyperbolic space of curvature -1: {@code (sinh theta / theta)^(d-1) <=
 * exp((d-1) theta)}), gamma is positive, and the Laplace exists only for {@code sigma < 1/gamma}. The geometry states
 * the law; the samplers live in the {@code sampling} module, so geometry modules need no random-number library.
 */
public interface RadialVolume {

    /**
     * The largest geodesic radius: the distance to the cut locus (pi R on a sphere, pi/2 on Kendall, positive
     * infinity on a Hadamard manifold such as hyperbolic space).
     */
    double maxRadius();

    /**
     * {@code J(theta) / theta^(d-1)}: the volume element relative to the Euclidean one of the tangent space, 1 at
     * theta = 0, at most {@code exp(ratioGrowthRate() theta)} on [0, maxRadius()] (in [0, 1] when the curvature is
     * {@code >= 0}), and 0 beyond a finite {@link #maxRadius()}.
     */
    double volumeRatio(double theta);

    /**
     * The smallest {@code gamma >= 0} with {@code volumeRatio(theta) <= exp(gamma theta)} for every theta: 0 (the
     * default) when the ratio never exceeds 1, i.e. under curvature {@code >= 0}; {@code (d - 1) sqrt(-kappa)} on a
     * space of constant curvature {@code kappa < 0} (since {@code sinh t <= t e^t}). It is the rate by which a Gamma
     * proposal must be slowed to dominate the radial law, and {@code 1/gamma} bounds the Laplace scales.
     */
    default double ratioGrowthRate() {
        return 0;
    }
}
