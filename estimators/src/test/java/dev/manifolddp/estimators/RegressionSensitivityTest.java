package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import org.junit.jupiter.api.Test;

/** Regression sensitivities and tau against hand-computed values (arithmetic in the comments), and every refusal. */
class RegressionSensitivityTest {

    private static final double EXACT = 1e-15;
    private static final CovariateRange PUBLIC = new CovariateRange(0, 1, true);
    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final Geometry kendall = Geometries.parse("kendall:landmarks=5");
    private final Geometry spd = Geometries.parse("spd/affine-invariant:k=2");

    @Test
    void nonNegativeLowerCurvatureGivesTwoTauOverN() {
        // Unit sphere, kl = 1: Delta_p = Delta_v = 2 (1.2) / 20 = 0.12; joint = 0.12 sqrt 2 = 0.16970562748477141.
        assertThat(RegressionSensitivity.footpoint(sphere, 1.2, 0.3, 20)).isCloseTo(0.12, within(EXACT));
        assertThat(RegressionSensitivity.shootingVector(sphere, 1.2, 0.3, 20)).isCloseTo(0.12, within(EXACT));
        assertThat(RegressionSensitivity.joint(sphere, 1.2, 0.3, 20)).isCloseTo(0.16970562748477141, within(EXACT));
        // Kendall k = 5, kl = 1: tau_m does not enter; 2 (0.7) / 100 = 0.014.
        assertThat(RegressionSensitivity.footpoint(kendall, 0.7, 0.15, 100)).isCloseTo(0.014, within(EXACT));
        assertThat(RegressionSensitivity.shootingVector(kendall, 0.7, 99, 100)).isCloseTo(0.014, within(EXACT));
    }

    @Test
    void negativeLowerCurvatureUsesCoshAndEquationFortyFour() {
        // SPD(2) affine-invariant, kl = -1/2, tau = 1, tau_m = 0.5, n = 50:
        // a = sqrt(1/2) (1.5) = 1.0606601717798213, 2a = 2.1213203435596426, cosh(2a) = 4.2310089832902791,
        // sinh(2a) = 4.1111357331865171.
        // Delta_p = (2/50) cosh(2a) = 0.16924035933161116;
        // Delta_v = (1/50) sinh(2a)/a = (1/50)(4.1111357331865171 / 1.0606601717798213) = 0.077520318808387070;
        // joint = hypot = 0.18614966842529383.
        assertThat(RegressionSensitivity.footpoint(spd, 1, 0.5, 50)).isCloseTo(0.16924035933161116, within(1e-15));
        assertThat(RegressionSensitivity.shootingVector(spd, 1, 0.5, 50)).isCloseTo(0.07752031880838707,
                within(1e-15));
        assertThat(RegressionSensitivity.joint(spd, 1, 0.5, 50)).isCloseTo(0.18614966842529383, within(1e-15));
        // Theorem D.1's printed statement would give (2/50) sinh(sqrt(1/2))/sqrt(1/2) = 0.0434, much smaller:
        // the implementation follows eq. (44), which the proof derives.
        double printed = 2.0 / 50 * Math.sinh(Math.sqrt(0.5)) / Math.sqrt(0.5);
        assertThat(RegressionSensitivity.shootingVector(spd, 1, 0.5, 50)).isGreaterThan(1.5 * printed);
    }

    @Test
    void defaultTauIsSpeedPlusFootpointRadiusPlusDataRadius() {
        // 0.5 + 0.2 + 0.3 = 1.0 on S^2 (inj pi); SPD has no injectivity limit: 3 + 2 + 1 = 6.
        assertThat(RegressionSensitivity.defaultTau(sphere, 0.3, 0.2, 0.5, PUBLIC)).isCloseTo(1.0, within(EXACT));
        assertThat(RegressionSensitivity.defaultTau(spd, 1, 2, 3, PUBLIC)).isCloseTo(6.0, within(EXACT));
        // Kendall: r = 0.15 <= pi/16, V = 0.4 < pi/4, tau = 0.4 + 0.15 + 0.15 = 0.7 < pi/2.
        assertThat(RegressionSensitivity.defaultTau(kendall, 0.15, 0.15, 0.4, PUBLIC)).isCloseTo(0.7,
                within(EXACT));
        // A public footpoint (Rp = 0) and a zero speed are allowed.
        assertThat(RegressionSensitivity.defaultTau(sphere, 0.3, 0, 0, PUBLIC)).isCloseTo(0.3, within(EXACT));
    }

    @Test
    void radiusLimitIsPiOverEightRootKmax() {
        // Unit sphere: pi/8 = 0.39269908169872414 passes, just above fails.
        RegressionSensitivity.requireRadiusLimit(sphere, Math.PI / 8);
        assertThatThrownBy(() -> RegressionSensitivity.requireRadiusLimit(sphere, Math.PI / 8 + 1e-12))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value")
                .hasMessageContaining("0.39269908169872414");
        // Kendall, kmax = 4: pi/16 = 0.19634954084936207.
        RegressionSensitivity.requireRadiusLimit(kendall, Math.PI / 16);
        assertThatThrownBy(() -> RegressionSensitivity.requireRadiusLimit(kendall, 0.2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0.19634954084936207")
                .hasMessageContaining("Provided value: 0.2");
        // Sphere of radius 2: kmax = 1/4, limit pi/(8 * 1/2) = pi/4.
        Geometry big = Geometries.parse("sphere:d=2,radius=2");
        RegressionSensitivity.requireRadiusLimit(big, Math.PI / 4);
        assertThatThrownBy(() -> RegressionSensitivity.requireRadiusLimit(big, 0.8))
                .isInstanceOf(IllegalArgumentException.class);
        // SPD: kmax = 0, no limit.
        RegressionSensitivity.requireRadiusLimit(spd, 1e6);
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> RegressionSensitivity.requireRadiusLimit(spd, bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("r, the radius");
        }
    }

    @Test
    void tauMustStayInsideTheInjectivityRadius() {
        // Kendall: inj = pi/2 = 1.5707963267948966.
        RegressionSensitivity.requireInsideInjectivityRadius(kendall, 1.57);
        assertThatThrownBy(() -> RegressionSensitivity.requireInsideInjectivityRadius(kendall, Math.PI / 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("injectivity radius")
                .hasMessageContaining("Provided value: 1.5707963267948966");
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(kendall, 1.6, 0.1, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tau must stay below");
        // Domain whose triangle bound crosses pi/2 on Kendall: 0.7 + 0.5 + 0.19 = 1.39 passes, 0.7 + 0.7 + 0.19 fails.
        RegressionSensitivity.defaultTau(kendall, 0.19, 0.5, 0.7, PUBLIC);
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(kendall, 0.19, 0.7, 0.7, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tau = maxSpeed + footpointRadius + r");
    }

    @Test
    void speedMustEndBeforeTheFirstFocalPointWhenKmaxIsPositive() {
        // Kendall: pi/(2 sqrt 4) = pi/4 = 0.7853981633974483.
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(kendall, 0.1, 0.1, 0.8, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxSpeed must be < pi/(2")
                .hasMessageContaining("0.7853981633974483").hasMessageContaining("Provided value: 0.8");
        // Sphere: pi/2.
        RegressionSensitivity.requireReach(sphere, 1.5, 2, 0.3);
        assertThatThrownBy(() -> RegressionSensitivity.requireReach(sphere, 1.6, 2, 0.3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("focal");
        // The paper's length bound: V <= 2 (tau_m + tau) = 2 (0.1 + 0.2) = 0.6 on SPD.
        RegressionSensitivity.requireReach(spd, 0.6, 0.2, 0.1);
        assertThatThrownBy(() -> RegressionSensitivity.requireReach(spd, 0.61, 0.2, 0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 (tauM + tau)");
    }

    @Test
    void aSmallerTauThanTheDomainsIsRefusedALargerOneKept() {
        assertThat(RegressionSensitivity.publicTau(sphere, 1.5, 0.3, 0.2, 0.5, PUBLIC)).isEqualTo(1.5);
        assertThatThrownBy(() -> RegressionSensitivity.publicTau(sphere, 0.9, 0.3, 0.2, 0.5, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tau >= maxSpeed")
                .hasMessageContaining("Provided value: 0.9");
        assertThatThrownBy(() -> RegressionSensitivity.publicTau(sphere, 4, 0.3, 0.2, 0.5, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("injectivity radius");
    }

    @Test
    void dataDerivedRangeAndTauAreRefusedUnlessNonPrivate() {
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, 0.2, 0.5,
                new CovariateRange(0, 1, false)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("public covariate range");
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, 0.2, 0.5, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: null");

        // Two records on the unit sphere: at (p, v) = (north, 0) the residuals are the distances 0.1 and 0.25.
        double[] north = {0, 0, 1};
        double[][] y = {{Math.sin(0.1), 0, Math.cos(0.1)}, {0, Math.sin(0.25), Math.cos(0.25)}};
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(sphere, new double[] {0, 1}, y);
        double[] zero = new double[3];
        assertThatThrownBy(() -> RegressionSensitivity.dataDerivedTau(field, north, zero, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not private")
                .hasMessageContaining("Provided value: nonPrivate = false");
        assertThat(RegressionSensitivity.dataDerivedTau(field, north, zero, true)).isCloseTo(0.25, within(1e-14));
    }

    @Test
    void badArgumentsNameThemselves() {
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(sphere, 1, 0.3, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("n, the public number")
                .hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> RegressionSensitivity.shootingVector(sphere, 0, 0.3, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tau, the public bound");
        assertThatThrownBy(() -> RegressionSensitivity.joint(sphere, 1, -0.1, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tauM must be");
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(null, 1, 0.1, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("geometry is null");
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, Double.NaN, 0.5, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("footpointRadius must be");
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, 0.2, -1, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("maxSpeed must be");
    }
}
