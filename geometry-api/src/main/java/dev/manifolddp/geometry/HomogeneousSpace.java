package dev.manifolddp.geometry;

/**
 * A marker: the isometry group acts transitively, so every point looks like every other (spheres, SPD(k) with either
 * metric, Kendall's shape space). On such a space the normalising constant of the Riemannian Laplace
 * {@code ∝ exp(-rho(x, eta)/sigma)} does not depend on the centre eta, and {@code sigma = Delta/epsilon} suffices for
 * epsilon-DP (Reimherr et al. 2021); without it a mechanism must use {@code 2 Delta/epsilon}.
 */
public interface HomogeneousSpace {
}
