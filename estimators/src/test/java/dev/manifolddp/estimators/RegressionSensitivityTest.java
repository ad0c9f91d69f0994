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
        RegressionDomain sphereDomain = new RegressionDomain(0.3, 0.2, 0.5);
        assertThat(RegressionSensitivity.footpoint(sphere, 1.2, sphereDomain, 20)).isCloseTo(0.12, within(EXACT));
        assertThat(RegressionSensitivity.shootingVector(sphere, 1.2, sphereDomain, 20)).isCloseTo(0.12,
                within(EXACT));
        assertThat(RegressionSensitivity.joint(sphere, 1.2, sphereDomain, 20)).isCloseTo(0.16970562748477141,
                within(EXACT));
        // Kendall k = 5, kl = 1: the radii do not enter; 2 (0.7) / 100 = 0.014.
        RegressionDomain kendallDomain = new RegressionDomain(0.15, 0.15, 0.4);
        assertThat(RegressionSensitivity.footpoint(kendall, 0.7, kendallDomain, 100)).isCloseTo(0.014,
                within(EXACT));
        assertThat(RegressionSensitivity.shootingVector(kendall, 0.7, kendallDomain, 100)).isCloseTo(0.014,
                within(EXACT));
    }

    @Test
    void negativeLowerCurvatureEvaluatesTheJacobiFactorsAtTheDomainsGeodesicLength() {
        // Issue 23, item 3: SPD(2) affine-invariant, kl = -1/2, r = Rp = 0.5, V = 1, tau = V + Rp + r = 2, n = 1.
        // c = sqrt(1/2) V = 0.70710678118654752, cosh(c) = 1.2605918365213562, sinh(c) = 0.7675231451261164.
        // Delta_p = 2 tau cosh(c) = 5.042367346085425; Delta_v = 2 tau sinh(c)/c = 4.3417665650904285;
        // joint = hypot = 6.654051800114401 (the paper's length 2 (tau_m + tau) = 5 gave 71.37052321257535).
        RegressionDomain domain = new RegressionDomain(0.5, 0.5, 1);
        double tau = RegressionSensitivity.defaultTau(spd, 0.5, 0.5, 1, PUBLIC);
        assertThat(tau).isEqualTo(2);
        assertThat(RegressionSensitivity.footpoint(spd, tau, domain, 1)).isCloseTo(5.042367346085425,
                within(1e-14));
        assertThat(RegressionSensitivity.shootingVector(spd, tau, domain, 1)).isCloseTo(4.3417665650904285,
                within(1e-14));
        assertThat(RegressionSensitivity.joint(spd, tau, domain, 1)).isCloseTo(6.654051800114401, within(1e-14));
        // The acceptance: at most 10/n (here at n = 50).
        assertThat(RegressionSensitivity.joint(spd, tau, domain, 50)).isLessThanOrEqualTo(10.0 / 50);
        // V = 0: both factors are 1 (the limit of sinh(c)/c), so 2 tau / n.
        RegressionDomain still = new RegressionDomain(0.5, 0.5, 0);
        assertThat(RegressionSensitivity.shootingVector(spd, 1, still, 4)).isEqualTo(0.5);
        assertThat(RegressionSensitivity.footpoint(spd, 1, still, 4)).isEqualTo(0.5);
    }

    @Test
    void flatGeometryWithoutCutLocusGivesTheExactFlatSuprema() {
        // Log-Euclidean SPD(2) is flat with infinite injectivity radius.
        Geometry flat = Geometries.parse("spd/log-euclidean:k=2");
        // r = Rp = 0.5, V = 1, tau = 2: Delta_p = 2r + V = 2; Delta_v: s = (r - Rp)/(2V) = 0, V + Rp + r = 2.
        RegressionDomain equal = new RegressionDomain(0.5, 0.5, 1);
        assertThat(RegressionSensitivity.footpoint(flat, 2, equal, 1)).isEqualTo(2.0);
        assertThat(RegressionSensitivity.shootingVector(flat, 2, equal, 1)).isEqualTo(2.0);
        // r = 1, Rp = 0.2, V = 1: s = 0.8 / 2 = 0.4, (0.6)(0.2) + (1.4)(1) + (0.84)(1) = 2.36; Delta_p = 3.
        RegressionDomain wide = new RegressionDomain(1, 0.2, 1);
        assertThat(RegressionSensitivity.footpoint(flat, 2.2, wide, 2)).isCloseTo(1.5, within(EXACT));
        assertThat(RegressionSensitivity.shootingVector(flat, 2.2, wide, 2)).isCloseTo(1.18, within(EXACT));
        // r = 1, Rp = 0, V = 0.1: s clamps to 1, value 2r = 2.
        assertThat(RegressionSensitivity.flatShootingVectorSupremum(new RegressionDomain(1, 0, 0.1)))
                .isCloseTo(2.0, within(EXACT));
        // A smaller (non-private, data-derived) tau still caps it at 2 tau / n.
        assertThat(RegressionSensitivity.footpoint(flat, 0.25, equal, 1)).isEqualTo(0.5);
        assertThat(RegressionSensitivity.isFlatWithoutCutLocus(spd)).isFalse();
        assertThat(RegressionSensitivity.isFlatWithoutCutLocus(sphere)).isFalse();
    }

    @Test
    void aSpeedWhoseJacobiFactorOverflowsIsRefusedByName() {
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(spd, 1, new RegressionDomain(0.5, 0.5, 2000), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("maxSpeed is too long")
                .hasMessageContaining("Provided value: 2000");
        assertThatThrownBy(() -> RegressionSensitivity.shootingVector(spd, 1, new RegressionDomain(0.5, 0.5, 2000),
                1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sinh(sqrt(-kl) maxSpeed)");
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
        RegressionDomain small = new RegressionDomain(0.1, 0.1, 0.1);
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(kendall, 1.6, small, 10))
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
        RegressionSensitivity.requireReach(sphere, 1.5);
        assertThatThrownBy(() -> RegressionSensitivity.requireReach(sphere, 1.6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("focal");
        // The sensitivities check it too: the factor 1 is not proven past the focal distance.
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(sphere, 3, new RegressionDomain(0.3, 0.3, 1.6), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("focal");
        // SPD (kmax = 0): any finite speed; the factors are evaluated at it.
        RegressionSensitivity.requireReach(spd, 100);
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
        RegressionDomain domain = new RegressionDomain(0.3, 0.2, 0.5);
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(sphere, 1, domain, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("n, the public number")
                .hasMessageEndingWith("Provided value: 0");
        assertThatThrownBy(() -> RegressionSensitivity.shootingVector(sphere, 0, domain, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tau, the public bound");
        assertThatThrownBy(() -> RegressionSensitivity.joint(sphere, 1, null, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("domain is null");
        assertThatThrownBy(() -> new RegressionDomain(0.3, -0.1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("footpointRadius must be")
                .hasMessageEndingWith("Provided value: -0.1");
        assertThatThrownBy(() -> new RegressionDomain(Double.NaN, 0.1, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("dataRadius (r)");
        assertThatThrownBy(() -> RegressionSensitivity.footpoint(null, 1, domain, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("geometry is null");
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, Double.NaN, 0.5, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("footpointRadius must be");
        assertThatThrownBy(() -> RegressionSensitivity.defaultTau(sphere, 0.3, 0.2, -1, PUBLIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("maxSpeed must be");
    }
}
