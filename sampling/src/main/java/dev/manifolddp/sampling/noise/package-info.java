/**
 * Floating-point-safe noise (Mironov 2012): exact samplers of discrete laws (two-sided geometric, discrete Gaussian
 * after Canonne, Kamath, Steinke 2020, and the l2 K-norm Laplace on the integer lattice) and the power-of-two grid
 * through which a private value and its noise meet. Proofs of the accounted losses: docs/floating-point-noise.md.
 */
package dev.manifolddp.sampling.noise;
