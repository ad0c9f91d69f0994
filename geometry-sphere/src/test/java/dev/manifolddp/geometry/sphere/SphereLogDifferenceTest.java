package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LogDifferenceBound;
import dev.manifolddp.geometry.ValidatingGeometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The chord bound on {@code sup |log_x y - log_x y'|} over a cap (docs/sensitivity-bounds.md §3) against the supremum
 * itself, found by a search over x, y, y' in the cap of S^2 (random restarts and a shrinking compass search over the
 * three points' polar coordinates; interior points are allowed, the optimum lies on the boundary). On S^d the three
 * points span a great S^2 that meets the cap in a cap of radius at most r, so S^2 is the worst case.
 */
class SphereLogDifferenceTest {

    /** The tightness the proof achieves at r <= 0.6 on the unit sphere (3.2% at 0.6; the issue asks for 10%). */
    private static final double STATED_RATIO = 1.035;

    @Test
    void chordBoundLiesAboveTheSupremumAndWithinTheStatedRatio() {
        for (double r : new double[] {0.1, Math.PI / 8, 0.6}) {
            double supremum = supremum(1, r, 60, 7);
            double bound = bound(1, r);
            assertThat(supremum).as("r = %s", r).isLessThanOrEqualTo(bound);
            assertThat(bound / supremum).as("r = %s", r).isLessThanOrEqualTo(STATED_RATIO);
            // the curvature-only Rauch bound 2r g(2r) also holds, and the chord bound is below it
            double rauch = 2 * r * CurvatureFunctions.rauchFactor(2 * r, 1);
            assertThat(supremum).isLessThanOrEqualTo(rauch);
            assertThat(bound).isLessThan(rauch);
        }
    }

    /** The issue's numbers: sup = 1.0265 * 2r at r = pi/8 on S^2 (Theorem 2: 1.2146 * 2r; Rauch: 1.1107 * 2r). */
    @Test
    void supremumAtPiOverEightMatchesTheIssue() {
        double r = Math.PI / 8;
        assertThat(supremum(1, r, 60, 11) / (2 * r)).isBetween(1.0264, 1.0266);
        assertThat(bound(1, r) / (2 * r)).isBetween(1.0398, 1.0399);
        assertThat(CurvatureFunctions.rauchFactor(2 * r, 1)).isBetween(1.1107, 1.1108);
    }

    /** Near the Assumption 1 limit pi/4 and on a sphere of radius 3: the bound scales with R and still holds. */
    @Test
    void boundHoldsNearTheLimitAndScalesWithTheRadius() {
        double r = 0.78;
        double supremum = supremum(1, r, 40, 13);
        assertThat(supremum).isLessThanOrEqualTo(bound(1, r));
        assertThat(bound(1, r) / supremum).isLessThanOrEqualTo(1.07);
        assertThat(supremum(3, 3 * 0.6, 30, 17)).isLessThanOrEqualTo(bound(3, 3 * 0.6));
        assertThat(bound(3, 3 * 0.6)).isCloseTo(3 * bound(1, 0.6), org.assertj.core.data.Offset.offset(1e-13));
    }

    /**
     * The bound with x in a larger cap (docs/kng-normaliser.md §2: the KNG's density domain B_R around the data cap
     * B_r) against the searched supremum, at the radii the decoupled calibration chooses.
     */
    @Test
    void wideCapBoundLiesAboveTheSupremum() {
        double r = Math.PI / 8;
        for (double[] radii : new double[][] {{0.45, r}, {0.6, r}, {0.7, r}, {0.6, 0.2}, {1.2, 0.3}}) {
            double supremum = supremum(1, radii[0], radii[1], 40, 19);
            double bound = SphereLogDifference.bound(1, radii[0], radii[1]).orElseThrow();
            assertThat(supremum).as("R = %s, r = %s", radii[0], radii[1]).isLessThanOrEqualTo(bound);
            // within 10% where the KNG uses it (R below pi/4); 11% at R = 1.2
            assertThat(bound / supremum).as("tightness at R = %s, r = %s", radii[0], radii[1])
                    .isLessThanOrEqualTo(radii[0] < Math.PI / 4 ? 1.1 : 1.12);
        }
    }

    @Test
    void outsideTheProofTheCapabilityIsEmptyAndBadRadiiAreRefused() {
        assertThat(SphereLogDifference.bound(1, Math.PI / 4)).isEmpty();
        assertThat(SphereLogDifference.bound(2, Math.PI / 2 + 1e-9)).isEmpty();
        assertThatThrownBy(() -> SphereLogDifference.bound(1, Double.NaN))
                .hasMessageEndingWith("Provided value: NaN");
        assertThatThrownBy(() -> SphereLogDifference.bound(1, 0)).hasMessageEndingWith("Provided value: 0.0");
    }

    @Test
    void theCapabilitySurvivesTheValidatingDecorator() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        Geometry validating = ValidatingGeometry.wrap(sphere);
        assertThat(validating.capability(LogDifferenceBound.class).orElseThrow().logDifferenceBound(0.6))
                .hasValue(bound(1, 0.6));
    }

    private static double bound(double sphereRadius, double r) {
        Geometry sphere = Geometries.parse("sphere:d=2,radius=" + sphereRadius);
        return sphere.capability(LogDifferenceBound.class).orElseThrow().logDifferenceBound(r).orElseThrow();
    }

    /** The largest |log_x y - log_x y'| the search finds in the cap of radius r around the north pole. */
    private static double supremum(double sphereRadius, double r, int restarts, long seed) {
        return supremum(sphereRadius, r, r, restarts, seed);
    }

    /** The same search with x in the concentric cap of radius {@code xRadius} (the KNG's larger density domain). */
    private static double supremum(double sphereRadius, double xRadius, double r, int restarts, long seed) {
        Geometry sphere = Geometries.parse("sphere:d=2,radius=" + sphereRadius);
        SplittableRandom random = new SplittableRandom(seed);
        double best = 0;
        for (int restart = 0; restart < restarts; restart++) {
            double[] q = new double[6];
            for (int i = 0; i < 3; i++) {
                q[i] = random.nextDouble(-2, 2);
                q[3 + i] = random.nextDouble(0, 2 * Math.PI);
            }
            double value = objective(sphere, sphereRadius, xRadius, r, q);
            for (double step = 0.5; step > 1e-9; step /= 2) {
                boolean improved = true;
                while (improved) {
                    improved = false;
                    for (int i = 0; i < 6; i++) {
                        for (double sign : new double[] {1, -1}) {
                            q[i] += sign * step;
                            double trial = objective(sphere, sphereRadius, xRadius, r, q);
                            if (trial > value) {
                                value = trial;
                                improved = true;
                            } else {
                                q[i] -= sign * step;
                            }
                        }
                    }
                }
            }
            best = Math.max(best, value);
        }
        return best;
    }

    /**
     * q[0..2] map to polar radii in [0, xRadius] (x) and [0, r] (y, y') through sin (so the boundary is reached
     * smoothly), q[3..5] are angles.
     */
    private static double objective(Geometry sphere, double sphereRadius, double xRadius, double r, double[] q) {
        double[][] points = new double[3][];
        for (int i = 0; i < 3; i++) {
            double polar = (i == 0 ? xRadius : r) * (0.5 + 0.5 * Math.sin(q[i])) / sphereRadius;
            points[i] = new double[] {sphereRadius * Math.sin(polar) * Math.cos(q[3 + i]),
                    sphereRadius * Math.sin(polar) * Math.sin(q[3 + i]), sphereRadius * Math.cos(polar)};
        }
        double[] u = sphere.log(points[0], points[1]);
        double[] v = sphere.log(points[0], points[2]);
        double[] difference = new double[3];
        for (int c = 0; c < 3; c++) {
            difference[c] = u[c] - v[c];
        }
        return sphere.norm(points[0], difference);
    }
}
