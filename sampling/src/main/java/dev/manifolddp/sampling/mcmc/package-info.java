/**
 * Metropolis-Hastings on a geometry (or in the coordinates of its isometric chart, {@link
 * dev.manifolddp.sampling.mcmc.ChartSpace}), the papers' proposal kernels with their symmetry properties, and the chain
 * diagnostics (Geyer effective sample size, split R-hat).
 */
package dev.manifolddp.sampling.mcmc;
