/**
 * Synthetic data generators of the papers' simulations (Soto et al. 2022, supplement §2; Reimherr et al. 2021,
 * supplement §1; Utpala et al. 2023, §6.1); each returns its data with the public ball they lie in.
 */
package dev.manifolddp.sampling.data;
