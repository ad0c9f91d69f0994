package dev.manifolddp.geometry;

/**
 * The Riemannian volume in geodesic polar coordinates, for manifolds on which it is the same around every point
 * and in every direction (two-point homogeneous spaces: spheres, complex projective spaces such as Kendall's shape
 * space). Writing {@code x = exp(p, theta u)} with u a unit tangent vector, the volume element is
 * {@code J(theta) d theta du} on {@code 0 <= theta <= maxRadius()} with u uniform on the unit sphere of T_p.
 *
 * <p>This is what an exact sampler of a radial law such as the Riemannian Laplace {@code ∝ exp(-rho(x, p)/sigma)}
 * needs: draw theta from {@code exp(-theta/sigma) theta^(d-1)} (a Gamma(d, sigma) law), accept it with probability
 * {@link #volumeRatio(double)}, and pick u uniformly ({@code docs/exact-sampling.md}). The geometry states the law; the
 * sampler lives in the {@code sampling} module, so geometry modules need no random-number library.
 */
public interface RadialVolume {

    /** The largest geodesic radius: the distance to the cut locus (pi R on a sphere, pi/2 on Kendall). */
    double maxRadius();

    /**
     * {@code J(theta) / theta^(d-1)}: the volume element relative to the Euclidean one of the tangent space, in
     * [0, 1] on [0, maxRadius()] and 1 at theta = 0; 0 beyond {@link #maxRadius()}.
     */
    double volumeRatio(double theta);
}
