package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LogDifferenceBound;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Sensitivity bounds against hand-computed values (arithmetic in the comments). */
class SensitivityBoundsTest {

    private static final double EXACT = 1e-15;
    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
    private final Geometry kendall = Geometries.parse("kendall:landmarks=10");

    /** Every mean bound is evaluated at the admitted radius r (1 + ADMITTED_SLACK) = r (1 + 1e-12). */
    private static final double ADMITTED = 1 + SensitivityBounds.ADMITTED_SLACK;

    @Test
    void kngMeanOnTheUnitSphere() {
        // r = pi/8 (admitted: pi/8 (1 + 1e-12)), n = 100: the chord bound (docs/sensitivity-bounds.md §3)
        // 2 sin(r) sqrt(g(2r) g(2 asin(sin(r)/2))), g(a) = a / sin a, = 1.03986 (2r) = 0.816704453237039 (mpmath,
        // 30 digits); Delta = 0.00816704453237039. Soto et al. 2022, Theorem 2 gave 2 (pi/8)(2 - pi/4)/100 =
        // 0.009539460517268117 (16.8% more).
        assertThat(SensitivityBounds.kngMean(sphere, Math.PI / 8, 100)).isCloseTo(0.00816704453237039,
                within(EXACT));
    }

    @Test
    void laplaceMeanOnTheUnitSphere() {
        // Same r, n: Delta = 0.816704453237039 / (100 h_max(2r, 1)), h = (pi/4) cot(pi/4) = pi/4 at the admitted
        // radius: 0.010398604062233013 (was (2 - pi/4)/100 = 0.012146018366025517).
        assertThat(SensitivityBounds.laplaceMean(sphere, Math.PI / 8, 100)).isCloseTo(0.010398604062233013,
                within(EXACT));
    }

    @Test
    void theMeanBoundIsTheSmallerOfRauchAndTheGeometrysOwn() {
        // The sphere's capability is below 2r g(2r) = 2 (pi/8)(pi/4)/sin(pi/4) = 0.8723580...: it is the one used.
        double r = Math.PI / 8;
        double rauch = 2 * r * ADMITTED * CurvatureFunctions.rauchFactor(2 * r * ADMITTED, 1);
        double own = sphere.capability(LogDifferenceBound.class).orElseThrow()
                .logDifferenceBound(r * ADMITTED).orElseThrow();
        assertThat(own).isLessThan(rauch);
        assertThat(SensitivityBounds.logDifference(sphere, r)).isEqualTo(own);
        // and both are below Theorem 2's 2r (2 - h_max(2r, 1)) = 0.9539460517268117
        assertThat(SensitivityBounds.theorem2LogDifference(sphere, r)).isCloseTo(0.9539460517268117, within(EXACT))
                .isGreaterThan(rauch);
    }

    @Test
    void kendallUsesKmaxFourThroughRauch() {
        // r = 0.3, n = 409, kmax = 4, no own capability: 2r g(2r sqrt(4)) = 0.6 (1.2 / sin 1.2) at the admitted
        // radius; KNG 0.0018887525475606616 (Theorem 2 gave 0.002249581198178221); Laplace divides by
        // h = 1.2 cot(1.2) = 0.4665354832418459: 0.004048464940846481 (was 0.004821886606665817).
        assertThat(SensitivityBounds.kngMean(kendall, 0.3, 409)).isCloseTo(0.0018887525475606616, within(EXACT));
        assertThat(SensitivityBounds.laplaceMean(kendall, 0.3, 409)).isCloseTo(0.004048464940846481,
                within(EXACT));
    }

    @Test
    void sphereOfRadiusTwo() {
        // R = 2: kmax = 1/4, inj = 2 pi; Assumption 1 limit (1/2) min{2 pi, pi / (2 * 1/2)} = pi/2.
        // r = 1, n = 10: the chord bound R 2 sin(r/R) sqrt(g(2r/R) g(2 asin(sin(r/R)/2))) / n = 0.21321206499187405
        // (Rauch alone: 0.23767902115594699; Theorem 2: 2 (2 - cot 1) / 10 = 0.2715814768131339).
        Geometry big = Geometries.parse("sphere:d=2,radius=2");
        assertThat(SensitivityBounds.assumption1RadiusLimit(big)).isCloseTo(Math.PI / 2, within(EXACT));
        assertThat(SensitivityBounds.kngMean(big, 1, 10)).isCloseTo(0.21321206499187405, within(EXACT));
    }

    @Test
    void nonPositiveCurvatureGivesTwoROverN() {
        // SPD affine-invariant: kmax = 0, h_max = 1, so both bounds are 2r/n at the admitted radius:
        // 2 (1.5)(1 + 1e-12) / 50 = 0.06 (1 + 1e-12), which 2r is the supremum of (x = y on the boundary).
        assertThat(SensitivityBounds.kngMean(spd, 1.5, 50)).isCloseTo(0.06 * ADMITTED, within(EXACT))
                .isGreaterThan(0.06);
        assertThat(SensitivityBounds.laplaceMean(spd, 1.5, 50)).isCloseTo(0.06 * ADMITTED, within(EXACT));
        // Any finite radius satisfies Assumption 1 there: 2 (1000) / 1 = 2000.
        assertThat(SensitivityBounds.kngMean(spd, 1000, 1)).isCloseTo(2000, within(1e-8));
        assertThat(SensitivityBounds.assumption1RadiusLimit(spd)).isInfinite();
    }

    @Test
    void euclideanStyleBounds() {
        // Ambient radius of B_{pi/8} on S^2: 2 sin(pi/16); Delta = 2 * 2 sin(pi/16) / 100 = 0.00780361288064513.
        assertThat(SensitivityBounds.ambientEuclideanMean(2 * Math.sin(Math.PI / 16), 100))
                .isCloseTo(0.00780361288064513, within(EXACT));
        // Utpala et al. 2023, Fig. 1, k = 5: r = sqrt(5)/4, n = 500: 2 (sqrt(5)/4) / 500 = sqrt(5)/1000 = 0.00223606797749979.
        assertThat(SensitivityBounds.logEuclideanMean(Math.sqrt(5) / 4, 500)).isCloseTo(0.00223606797749979,
                within(EXACT));
        // Landmark range 0.1, n = 409: 0.2 / 409 = 0.000488997555012225.
        assertThat(SensitivityBounds.landmarkCoordinate(0.1, 409)).isCloseTo(0.000488997555012225, within(EXACT));
    }

    @Test
    void assumptionOneIsEnforced() {
        // Unit sphere: (1/2) min{pi, pi/2} = pi/4 = 0.785398...; r = 0.8 is outside.
        assertThat(SensitivityBounds.assumption1RadiusLimit(sphere)).isCloseTo(Math.PI / 4, within(EXACT));
        assertThatThrownBy(() -> SensitivityBounds.requireAssumption1(sphere, 0.8))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Assumption 1")
                .hasMessageContaining("0.78539816339744").hasMessageEndingWith("Provided value: 0.8");
        assertThatThrownBy(() -> SensitivityBounds.kngMean(sphere, 0.8, 100))
                .hasMessageEndingWith("Provided value: 0.8");
        assertThatThrownBy(() -> SensitivityBounds.laplaceMean(sphere, Math.PI / 4, 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Assumption 1");
        SensitivityBounds.requireAssumption1(sphere, 0.78);
        // Kendall: (1/2) min{pi/2, pi/(2 * 2)} = pi/8 = 0.3927.
        assertThat(SensitivityBounds.assumption1RadiusLimit(kendall)).isCloseTo(Math.PI / 8, within(EXACT));
        assertThatThrownBy(() -> SensitivityBounds.kngMean(kendall, 0.4, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Assumption 1");
    }

    @Test
    void invalidArgumentsAreRejected() {
        assertThatThrownBy(() -> SensitivityBounds.kngMean(sphere, 0.3, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> SensitivityBounds.laplaceMean(sphere, -0.1, 10))
                .hasMessageEndingWith("Provided value: -0.1");
        assertThatThrownBy(() -> SensitivityBounds.kngMean(spd, Double.POSITIVE_INFINITY, 10))
                .hasMessageEndingWith("Provided value: Infinity");
        assertThatThrownBy(() -> SensitivityBounds.kngMean(spd, Double.NaN, 10))
                .hasMessageEndingWith("Provided value: NaN");
        assertThatThrownBy(() -> SensitivityBounds.kngMean(null, 0.1, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("geometry");
        assertThatThrownBy(() -> SensitivityBounds.ambientEuclideanMean(0, 10))
                .hasMessageEndingWith("Provided value: 0.0");
        assertThatThrownBy(() -> SensitivityBounds.ambientEuclideanMean(1, -3))
                .hasMessageEndingWith("Provided value: -3");
        assertThatThrownBy(() -> SensitivityBounds.logEuclideanMean(-1, 10))
                .hasMessageEndingWith("Provided value: -1.0");
        assertThatThrownBy(() -> SensitivityBounds.landmarkCoordinate(Double.NaN, 10))
                .hasMessageEndingWith("Provided value: NaN");
        assertThatThrownBy(() -> SensitivityBounds.empiricalTangentBound(sphere, new double[0][]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> SensitivityBounds.empiricalTangentBound(sphere,
                new double[][] {{0, 0, 1}, {0, 0, -1}})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cut locus");
    }

    /**
     * Reimherr et al. 2021, suppl. §2.1 / Fig. 1: a grid on the boundary of B_r(north) of the unit sphere, footpoint x_1 on it. The point
     * opposite x_1 on the boundary has |log(x_1, .)| = 2r and log(x_1, x_1) = 0, so the maximum is >= 2r; Theorem 2
     * (Karcher's Jacobi-field estimate) bounds it by 2r (2 - h_max(2r, 1)), and docs/sensitivity-bounds.md §3 by the smaller logDifference.
     */
    @Test
    void empiricalBoundOnTheSphereBoundaryGrid() {
        for (double r : new double[] {0.1, 0.4, 0.7}) {
            int m = 360;
            double[][] grid = new double[m][];
            for (int i = 0; i < m; i++) {
                double angle = 2 * Math.PI * i / m;
                grid[i] = new double[] {Math.sin(r) * Math.cos(angle), Math.sin(r) * Math.sin(angle), Math.cos(r)};
            }
            double bound = SensitivityBounds.empiricalTangentBound(sphere, grid);
            double theorem = 2 * r * (2 - (2 * r) / Math.tan(2 * r));
            assertThat(bound).as("r = %s", r).isGreaterThanOrEqualTo(2 * r - 1e-12).isLessThanOrEqualTo(theorem)
                    .isLessThanOrEqualTo(SensitivityBounds.logDifference(sphere, r));
        }
    }

    /** In a flat geometry the logs at x_1 are chart differences, so the bound is the data's diameter. */
    @Test
    void empiricalBoundInAFlatGeometryIsTheDiameter() {
        Geometry logEuclidean = Geometries.parse("spd/log-euclidean:k=3");
        SplittableRandom random = new SplittableRandom(5);
        double[][] points = BallData.inBall(logEuclidean, TestPoints.base(logEuclidean), 1.0, 25, random);
        double diameter = 0;
        for (double[] a : points) {
            for (double[] b : points) {
                diameter = Math.max(diameter, logEuclidean.distance(a, b));
            }
        }
        assertThat(SensitivityBounds.empiricalTangentBound(logEuclidean, points)).isCloseTo(diameter,
                within(1e-12));
        assertThat(SensitivityBounds.empiricalTangentBound(logEuclidean, new double[][] {points[0]})).isZero();
    }
}
