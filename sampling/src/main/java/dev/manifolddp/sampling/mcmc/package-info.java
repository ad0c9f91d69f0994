/**
 * Metropolis-Hastings on a geometry, the papers' proposal kernels with their symmetry properties, and the chain
 * diagnostics (Geyer effective sample size, split R-hat).
 */
package dev.manifolddp.sampling.mcmc;
