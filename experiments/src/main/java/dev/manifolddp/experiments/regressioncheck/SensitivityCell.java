package dev.manifolddp.experiments.regressioncheck;

/**
 * One (geometry, n) setting of a regression-sensitivity check, with its theoretical sensitivities computed before
 * anything is drawn (Kulkarni and Soto 2025, Theorem 3.3 and eq. (44); {@code RegressionSensitivity}).
 *
 * @param index   the cell's index, in output order; also its random stream
 * @param domain  the geometry and its public domain
 * @param n       records per dataset
 * @param deltaP  Delta_p
 * @param deltaV  Delta_v
 * @param delta   the joint {@code sqrt(Delta_p^2 + Delta_v^2)}
 */
public record SensitivityCell(int index, DomainCheck domain, int n, double deltaP, double deltaV, double delta) {
}
