/**
 * Exact samplers: the Riemannian Laplace by polar rejection on radially homogeneous geometries
 * ({@link dev.manifolddp.sampling.exact.RadialLaplaceSampler}) or through an isometric chart
 * ({@link dev.manifolddp.sampling.exact.ChartLaplaceSampler}), the Euclidean K-norm Laplace and the chart Gaussian;
 * {@link dev.manifolddp.sampling.exact.ExactLaplaceSamplers#find} picks one for a geometry. The K-norm gradient
 * mechanism is drawn exactly by rejection from a Laplace envelope
 * ({@link dev.manifolddp.sampling.exact.ExactKngSampler}, with a fixed-budget mode against the timing channel).
 */
package dev.manifolddp.sampling.exact;
