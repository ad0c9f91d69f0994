/**
 * Private geodesic regression: the footpoint and shooting vector of a geodesic fit released by the K-norm gradient
 * mechanism on the tangent bundle ({@link dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression}; the proofs
 * are in {@code docs/private-regression.md}).
 */
package dev.manifolddp.mechanisms.regression;
