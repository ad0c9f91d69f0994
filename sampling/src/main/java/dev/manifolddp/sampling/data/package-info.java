/**
 * Synthetic data generators of the papers (MATH §4); each returns its data with the public ball they lie in.
 */
package dev.manifolddp.sampling.data;
