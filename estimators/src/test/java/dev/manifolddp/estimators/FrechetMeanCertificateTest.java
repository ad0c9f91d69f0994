package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.sphere.SphereGeometry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A critical point of the Frechet function is reported as the converged mean only when the data certify it
 * ({@link FrechetMeanCertificate}): data outside every ball of Assumption 1 are flagged with a reason, data inside
 * one are never flagged (including data whose mean is far from the ball's centre, which need the enclosing-ball
 * search).
 */
class FrechetMeanCertificateTest {

    private static final Geometry S2 = Geometries.parse("sphere:d=2");

    /** The reported defect: every one of three points 120 degrees apart on the equator is a critical point. */
    @Test
    void threePointsOneHundredTwentyDegreesApartAreNotReportedAsConverged() {
        double[][] data = equator(3, 0);
        FrechetMeanResult result = FrechetMean.builder().geometry(S2).build().fit(data);
        // The gradient at data[0] vanishes by symmetry, so the descent stops at once on a data point...
        assertThat(result.iterations()).isZero();
        assertThat(result.gradientNorm()).isLessThan(1e-12);
        assertThat(S2.distance(result.mean(), data[0])).isLessThan(1e-12);
        // ...which is a critical point, not the mean: it must not be reported as converged.
        assertThat(result.converged()).isFalse();
        assertThat(result.reason()).contains("do not lie in a ball of radius < 0.785398")
                .contains("Assumption 1").contains("2.09440 apart").contains("several critical points");
        assertThatThrownBy(result::requireConverged).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("do not lie in a ball");
        assertThat(result.toString()).contains("reason=");
    }

    @Test
    void aCriticalPointAwayFromTheDataIsNotReportedAsConverged() {
        // From the north pole the three logs have equal length and cancel: a critical point (a maximum of F
        // along the meridians), at distance pi/2 from every data point.
        FrechetMeanResult result = FrechetMean.builder().geometry(S2).start(new double[] {0, 0, 1}).build()
                .fit(equator(3, 0.3));
        assertThat(result.gradientNorm()).isLessThan(1e-12);
        assertThat(result.converged()).isFalse();
        assertThat(result.reason()).isNotEmpty();
    }

    @Test
    void kendallShapesFartherApartThanTwiceTheLimitAreFlagged() {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        double[] base = TestPoints.base(kendall);
        double[] direction = BallData.randomUnitTangent(kendall, base, new SplittableRandom(3));
        // Two shapes 0.9 apart: every ball holding both has radius >= 0.45 > pi/8, the limit on Kendall's space.
        double[][] data = {kendall.exp(base, scale(direction, 0.45)), kendall.exp(base, scale(direction, -0.45))};
        FrechetMeanResult result = FrechetMean.builder().geometry(kendall).tolerance(1e-12).build().fit(data);
        assertThat(result.gradientNorm()).isLessThan(1e-12);
        assertThat(result.converged()).isFalse();
        assertThat(result.reason()).contains("do not lie in a ball of radius < 0.392699");
    }

    /**
     * Nine points at one end of a diameter of a ball of radius just below pi/4 and one at the other: the mean sits
     * a tenth of the way along (Sum_i log(m, x_i) = 0 on the great circle), about 1.41 from the far point, so
     * only the smallest-enclosing-ball search can certify it.
     */
    @Test
    void unbalancedDataNearTheLimitAreCertifiedThroughTheEnclosingBall() {
        double r = Math.PI / 4 - 1e-4;
        double[][] data = new double[10][];
        for (int i = 0; i < 9; i++) {
            data[i] = new double[] {Math.sin(r), 0, Math.cos(r)};
        }
        data[9] = new double[] {-Math.sin(r), 0, Math.cos(r)};
        FrechetMeanResult result = FrechetMean.builder().geometry(S2).tolerance(1e-13).build().fit(data);
        assertThat(result.converged()).as(result.reason()).isTrue();
        assertThat(result.reason()).isEmpty();
        double angle = r - 2 * r / 10;
        double[] expected = {Math.sin(angle), 0, Math.cos(angle)};
        assertThat(S2.distance(result.mean(), expected)).isLessThan(1e-10);
        assertThat(S2.distance(result.mean(), data[9])).isGreaterThan(Math.PI / 4);
    }

    /**
     * No false alarms: data drawn in balls of Assumption 1 (radius up to 0.999 of the limit, clustered at the
     * boundary so the mean is often far from the centre) are always certified. Seeded; deterministic.
     */
    @Test
    void dataInsideABallOfAssumptionOneAreAlwaysCertified() {
        SplittableRandom random = new SplittableRandom(2026);
        for (Geometry geometry : new Geometry[] {S2, Geometries.parse("sphere:d=4,radius=3"),
                Geometries.parse("kendall:landmarks=6")}) {
            double limit = SensitivityBounds.assumption1RadiusLimit(geometry);
            for (int set = 0; set < 60; set++) {
                double r = limit * (set % 3 == 0 ? 0.999 : 0.5 + 0.49 * random.nextDouble());
                double[] anchor = geometry instanceof SphereGeometry sphere
                        ? scale(TestPoints.base(geometry), sphere.radius()) : TestPoints.base(geometry);
                double[] centre = BallData.randomCenter(geometry, anchor, 1.0, random);
                int n = 2 + random.nextInt(25);
                double[][] data = new double[n][];
                double[] u = BallData.randomUnitTangent(geometry, centre, random);
                for (int i = 0; i < n; i++) {
                    data[i] = set % 2 == 0
                            ? BallData.inBall(geometry, centre, r, random)
                            // two clusters at the boundary, unbalanced at random
                            : geometry.exp(centre, scale(u, (random.nextDouble() < 0.8 ? 1 : -1) * r * (1 - 1e-9)));
                }
                FrechetMeanResult result = FrechetMean.builder().geometry(geometry).step(1).tolerance(1e-12)
                        .maxIterations(5000).build().fit(data);
                assertThat(result.converged()).as("%s set %d r = %s: %s", geometry.spec(), set, r, result.reason())
                        .isTrue();
            }
        }
    }

    @Test
    void nonPositivelyCurvedGeometriesNeedNoCertificate() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[][] far = {{1, 0, 0, 1}, {Math.exp(6), 0, 0, Math.exp(-6)}, {Math.exp(-5), 0, 0, 1}};
        FrechetMeanResult result = FrechetMean.builder().geometry(spd).tolerance(1e-10).build().fit(far);
        assertThat(result.converged()).isTrue();
        assertThat(result.reason()).isEmpty();
    }

    @Test
    void theFiveArgumentConstructorKeepsItsMeaning() {
        FrechetMeanResult limit = new FrechetMeanResult(new double[] {0, 0, 1}, 500, 0.1, false, "gradient-descent");
        assertThat(limit.reason()).isEqualTo(FrechetMeanResult.ITERATION_LIMIT);
        assertThat(new FrechetMeanResult(new double[] {0, 0, 1}, 3, 0, true, "closed-form").reason()).isEmpty();
        assertThatThrownBy(() -> new FrechetMeanResult(new double[] {1}, 1, 0, true, "closed-form", "why"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
        assertThatThrownBy(() -> new FrechetMeanResult(new double[] {1}, 1, 0, false, "closed-form", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
    }

    /** n points equally spaced on the equator, rotated by {@code phase}. */
    private static double[][] equator(int n, double phase) {
        double[][] data = new double[n][];
        for (int i = 0; i < n; i++) {
            double angle = phase + 2 * Math.PI * i / n;
            data[i] = new double[] {Math.cos(angle), Math.sin(angle), 0};
        }
        return data;
    }

    private static double[] scale(double[] v, double factor) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= factor;
        }
        return out;
    }
}
