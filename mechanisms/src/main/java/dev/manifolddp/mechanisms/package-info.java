/**
 * Differentially private releases of the Frechet mean: privacy budgets and calibrations, the {@link
 * dev.manifolddp.mechanisms.Release} record, and the mechanisms (K-norm gradient, Riemannian Laplace, tangent
 * Gaussian, Euclidean Laplace, extrinsic Gaussian, landmark Laplace), each a {@link
 * dev.manifolddp.mechanisms.Mechanism} with a builder and a {@link dev.manifolddp.mechanisms.MechanismProvider}
 * found by {@link dev.manifolddp.mechanisms.Mechanisms}.
 */
package dev.manifolddp.mechanisms;
