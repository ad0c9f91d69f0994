/**
 * Non-private estimators on Riemannian manifolds and the sensitivity bounds that private mechanisms calibrate
 * against (each class cites the paper of its formula, keys in {@code docs/references.md}).
 *
 * <ul>
 *   <li>{@link dev.manifolddp.estimators.FrechetMean}: the sample Frechet mean by Riemannian gradient descent, or in
 *       closed form when the geometry offers {@link dev.manifolddp.geometry.ClosedFormMean}.</li>
 *   <li>{@link dev.manifolddp.estimators.GradientField}: the norm of an objective's Riemannian gradient, the quantity
 *       the K-norm gradient mechanism exponentiates; {@link dev.manifolddp.estimators.FrechetGradient} is the one of
 *       the Frechet functional.</li>
 *   <li>{@link dev.manifolddp.estimators.SensitivityBounds}: global sensitivities of the mean under the papers'
 *       assumptions.</li>
 *   <li>{@link dev.manifolddp.estimators.GeodesicRegression}: Fletcher's geodesic regression by Riemannian
 *       Levenberg-Marquardt with Jacobi-field Jacobians (or least squares in an isometric chart), with its per-record
 *       gradient fields {@link dev.manifolddp.estimators.GeodesicRegressionGradient} and the numerical fallback
 *       {@link dev.manifolddp.estimators.NumericalJacobiFields}.</li>
 * </ul>
 *
 * <p>Only the geometry API is used here; concrete manifolds are reached through
 * {@link dev.manifolddp.geometry.Geometry} and its capabilities.
 */
package dev.manifolddp.estimators;
