/**
 * Randomness for ManifoldDP: reproducible and secure random streams ({@code .random}), exact samplers of
 * the Riemannian and Euclidean Laplace and the chart Gaussian ({@code .exact}), Metropolis-Hastings on any geometry
 * ({@code .mcmc}) and the papers' synthetic data generators ({@code .data}). Only the geometry API and its
 * capabilities are used; no concrete geometry is named.
 */
package dev.manifolddp.sampling;
