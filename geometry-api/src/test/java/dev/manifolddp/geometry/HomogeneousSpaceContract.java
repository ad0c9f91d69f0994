package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.function.Function;

/**
 * The promise of the {@link HomogeneousSpace} marker, checked for every geometry that claims it (run by
 * {@link GeometryContractTest}): the normalising constant {@code Z(eta) = int exp(-rho(x, eta)/sigma) dV(x)} of the
 * Riemannian Laplace does not depend on the centre eta. The Riemannian Laplace mechanism relies on it to use
 * {@code sigma = Delta/epsilon} instead of {@code 2 Delta/epsilon}: a wrong claim halves the noise of a release.
 *
 * <p>In geodesic polar coordinates {@code Z(eta) = int exp(-t/sigma) A_eta(t) dt} with {@code A_eta(t)} the volume of
 * the geodesic sphere of radius t about eta, so Z is the same for every sigma exactly when {@code A_eta(t)} is the same
 * for every t (a Laplace transform determines its function). The check compares
 * {@code A_eta(t) / t^(d-1) = int R_eta(t, u) du} ({@link ExpJacobian}, from the geometry's own exp) between random
 * centres at three radii, inside the injectivity radius. The integral over directions is a mean over antithetic pairs
 * of random directions, with the same coordinates at every centre: exact when R does not depend on the direction
 * (two-point homogeneous spaces), a Monte Carlo estimate otherwise (SPD), compared within 4.5 standard errors.
 */
public final class HomogeneousSpaceContract {

    private static final int CENTRES = 3;
    private static final int PAIRS = 12;
    private static final double[] RADII = {0.25, 0.6, 1.0};

    private HomogeneousSpaceContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        geometry.capability(HomogeneousSpace.class).orElseThrow();
        Random random = new Random(71);
        int d = geometry.dimension();
        double[][] directions = new double[PAIRS][];
        for (int j = 0; j < PAIRS; j++) {
            directions[j] = ExpJacobian.randomDirection(d, random);
        }
        double[][] mean = new double[CENTRES][RADII.length];
        double[][] error = new double[CENTRES][RADII.length];
        double reach = reach(geometry);
        for (int c = 0; c < CENTRES; c++) {
            ExpJacobian polar = new ExpJacobian(geometry, points.apply(random), random);
            for (int r = 0; r < RADII.length; r++) {
                ExpJacobian.SphericalMean estimate = polar.sphericalMean(directions, RADII[r] * reach);
                mean[c][r] = estimate.mean();
                error[c][r] = estimate.error();
            }
        }
        for (int c = 1; c < CENTRES; c++) {
            for (int r = 0; r < RADII.length; r++) {
                double allowed = 4.5 * Math.hypot(error[0][r], error[c][r]) + 1e-6 * mean[0][r];
            assertThat(mean[c][r]).as("%s claims HomogeneousSpace, but the volume of the geodesic sphere of "
                        + "radius %.4g (over t^(d-1)) is %.8g about one random point and %.8g about another "
                        + "(Monte Carlo standard errors %.2g, %.2g): the Laplace normaliser depends on the centre, "
                        + "and sigma = Delta/epsilon is not epsilon-DP", geometry.spec(), RADII[r] * reach,
                        mean[0][r], mean[c][r], error[0][r], error[c][r])
                        .isCloseTo(mean[0][r], org.assertj.core.data.Offset.offset(allowed));
            }
        }
    }

    /** Two curvature radii (2 when flat), inside 0.8 times the injectivity radius. */
    static double reach(Geometry geometry) {
        return Math.min(2 * ExpJacobian.curvatureRadius(geometry), 0.8 * geometry.injectivityRadius());
    }
}
