package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input at every mechanism's public entry. */
class InputValidationTest {

    /** A mechanism with a geometry it works on and data in a public ball. */
    record Case(String name, Mechanism mechanism, Geometry geometry, GeneratedData data, PrivacyBudget budget) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        UniformRandomProvider rng = Fixtures.rng(60, 0);
        GeneratedData cap = Fixtures.sphereCap(12, Fixtures.CAP_RADIUS, rng);
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        GeneratedData matrices = new RandomSpdGenerator(2, 0.25).generate(12, rng);
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        GeneratedData shapes = new GeodesicBallGenerator(kendall, Fixtures.polygonShape(kendall), 0.3)
                .generate(12, rng);
        PrivacyBudget pure = PrivacyBudget.pure(1);
        PrivacyBudget approximate = PrivacyBudget.approximate(0.5, 1e-6);
        KNormGradient.Builder shortChain = KNormGradient.builder().burnIn(100).thin(10);
        return Stream.of(
                new Case("kng", shortChain.build(), Fixtures.sphere(), cap, pure),
                new Case("riemannian-laplace", RiemannianLaplace.builder().build(), Fixtures.sphere(), cap, pure),
                new Case("euclidean-laplace", EuclideanLaplace.builder().build(), Fixtures.sphere(), cap, pure),
                new Case("extrinsic-gaussian", ExtrinsicGaussian.builder().build(), Fixtures.sphere(), cap,
                        approximate),
                new Case("tangent-gaussian", TangentGaussian.builder().build(), spd, matrices, approximate),
                new Case("landmark-laplace", LandmarkLaplace.builder().build(), kendall, shapes, pure));
    }

    private static double[][] copy(double[][] points) {
        return Arrays.stream(points).map(double[]::clone).toArray(double[][]::new);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validInputsRelease(Case c) {
        Release<double[]> release = c.mechanism().release(c.geometry(), c.data().points(), Fixtures.ball(c.data()),
                c.budget(), Fixtures.rng(61, 0));
        assertThat(release.mechanism()).isEqualTo(c.name());
        // exact KNG's proposal cap costs a delta below the smallest positive double here (alpha is large)
        assertThat(release.budget()).isEqualTo(c.name().equals("kng")
                ? new PrivacyBudget(c.budget().epsilon(), Double.MIN_VALUE) : c.budget());
        assertThat(release.sensitivity()).isPositive();
        assertThat(release.sigma()).isPositive();
        assertThat(release.randomSource()).isNotBlank();
        assertThat(release.parameters()).containsEntry("n", 12).containsEntry("geometry", c.geometry().spec());
        assertThat(release.guarantee().isProven()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void dataOutsideTheBallIsListedByRow(Case c) {
        double[][] points = copy(c.data().points());
        // declare a ball half as large: some rows fall outside
        DataBall small = DataBall.declared(c.data().center(), c.data().radius() / 4);
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), points, small, c.budget(), Fixtures.rng(62, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("outside the declared ball")
                .hasMessageContaining("row ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void emptyDataAndPointsOffTheManifoldAreRefused(Case c) {
        DataBall ball = Fixtures.ball(c.data());
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), new double[0][], ball, c.budget(),
                Fixtures.rng(63, 0))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        double[][] points = copy(c.data().points());
        // off the unit sphere, not symmetric, not centred: off every manifold here
        points[1][1] += 0.5;
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), points, ball, c.budget(), Fixtures.rng(63, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("record 2 is not a point");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void nullArgumentsAreNamed(Case c) {
        DataBall ball = Fixtures.ball(c.data());
        double[][] points = c.data().points();
        assertThatThrownBy(() -> c.mechanism().release(null, points, ball, c.budget(), Fixtures.rng(64, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("geometry must not be null");
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), points, null, c.budget(), Fixtures.rng(64, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ball must not be null");
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), points, ball, null, Fixtures.rng(64, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("budget must not be null");
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), points, ball, c.budget(), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("random must not be null");
    }

    /** A ball measured from the data needs the non-private flag, and the release records it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void dataDerivedBallsNeedTheNonPrivateFlag(Case c) {
        DataBall derived = DataBall.fromData(c.geometry(), c.data().center(), c.data().points());
        assertThatThrownBy(() -> c.mechanism().release(c.geometry(), c.data().points(), derived, c.budget(),
                Fixtures.rng(65, 0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-private: true").hasMessageEndingWith("Provided value: dataDerived = true");
        Mechanism flagged = Mechanisms.create(c.name(), java.util.Map.of("non-private", "true"));
        if (flagged instanceof KNormGradient) {
            flagged = KNormGradient.builder().burnIn(100).thin(10).nonPrivate(true).build();
        }
        Release<double[]> release = flagged.release(c.geometry(), c.data().points(), derived, c.budget(),
                Fixtures.rng(65, 1));
        assertThat(release.dataDerived()).isTrue();
        assertThat(release.guarantee().isProven()).isFalse();
        assertThat(release.parameters()).containsEntry("nonPrivate", true);
        assertThat(release.warnings()).anyMatch(w -> w.startsWith("NOT PRIVATE: the data ball's radius"));
    }

    @Test
    void budgetsOutsideTheirRangeAreRefused() {
        assertThatThrownBy(() -> PrivacyBudget.pure(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("epsilon").hasMessageEndingWith("Provided value: 0.0");
        assertThatThrownBy(() -> PrivacyBudget.pure(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("Provided value: -1.0");
        assertThatThrownBy(() -> PrivacyBudget.approximate(1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delta").hasMessageEndingWith("Provided value: 1.0");
        assertThatThrownBy(() -> PrivacyBudget.approximate(1, -0.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delta");
        assertThatThrownBy(() -> PrivacyBudget.approximate(1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delta");
    }

    /** A geometry without the capability a mechanism needs: the message names the capability. */
    @Test
    void missingCapabilitiesAreNamed() {
        UniformRandomProvider rng = Fixtures.rng(66, 0);
        GeneratedData cap = Fixtures.sphereCap(12, Fixtures.CAP_RADIUS, rng);
        DataBall ball = Fixtures.ball(cap);
        Geometry bare = new HiddenCapabilities(Fixtures.sphere(), AmbientEmbedding.class, TangentBasis.class,
                IsometricChart.class, LandmarkShapes.class);
        PrivacyBudget approximate = PrivacyBudget.approximate(0.5, 1e-6);
        assertThatThrownBy(() -> KNormGradient.builder().build().release(bare, cap.points(), ball,
                PrivacyBudget.pure(1), rng)).hasMessageContaining("TangentBasis");
        assertThatThrownBy(() -> EuclideanLaplace.builder().build().release(bare, cap.points(), ball,
                PrivacyBudget.pure(1), rng)).hasMessageContaining("AmbientEmbedding");
        assertThatThrownBy(() -> ExtrinsicGaussian.builder().build().release(bare, cap.points(), ball, approximate,
                rng)).hasMessageContaining("AmbientEmbedding");
        assertThatThrownBy(() -> TangentGaussian.builder().build().release(bare, cap.points(), ball, approximate,
                rng)).hasMessageContaining("IsometricChart");
        assertThatThrownBy(() -> LandmarkLaplace.builder().build().release(bare, cap.points(), ball,
                PrivacyBudget.pure(1), rng)).hasMessageContaining("LandmarkShapes");
    }
}
