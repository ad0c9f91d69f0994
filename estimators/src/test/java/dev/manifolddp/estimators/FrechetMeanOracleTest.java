package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import org.junit.jupiter.api.Test;

/**
 * Frechet means against geomstats 2.8.0 and the oracle's independent Karcher iteration / mpmath closed form
 * ({@code geomstats_frechet_mean.json}; {@code reference_mean} is the recommended target).
 */
class FrechetMeanOracleTest {

    private static final double MEAN_TOLERANCE = 1e-9;
    private static final double GRADIENT_TOLERANCE = 1e-12;

    private static FrechetMean tight(Geometry geometry, FrechetMean.Method method) {
        return FrechetMean.builder().geometry(geometry).tolerance(1e-12).maxIterations(1000).method(method).build();
    }

    @Test
    void sphereMatchesReference() {
        checkIterative("FM-S2-n50", Geometries.parse("sphere:d=2"));
    }

    @Test
    void spdAffineInvariantMatchesReference() {
        checkIterative("FM-SPD2-affine-n30", Geometries.parse("spd/affine-invariant:k=2"));
    }

    @Test
    void kendallMatchesReferenceShape() {
        JsonNode oracle = FrechetOracle.caseById("FM-Kendall2D-k10-n20");
        Geometry geometry = Geometries.parse("kendall:landmarks=10");
        double[][] data = FrechetOracle.points(oracle.get("points"));
        FrechetMeanResult result = tight(geometry, FrechetMean.Method.AUTO).fit(data);

        assertThat(result.method()).as("the default runs Newton where the Hessian is known")
                .isEqualTo(FrechetMean.NEWTON);
        assertThat(result.converged()).isTrue();
        assertThat(result.gradientNorm()).isLessThan(GRADIENT_TOLERANCE);
        // The mean is a shape: its pre-shape representative depends on the start, so compare shapes.
        double[] reference = FrechetOracle.flat(oracle.get("reference_mean"));
        assertThat(geometry.distance(result.mean(), reference)).isLessThan(MEAN_TOLERANCE);
        checkResiduals(oracle, geometry, data, result);
    }

    @Test
    void logEuclideanUsesClosedFormAndGradientDescentAgrees() {
        JsonNode oracle = FrechetOracle.caseById("FM-SPD3-logeuclid-n30");
        Geometry geometry = Geometries.parse("spd/log-euclidean:k=3");
        double[][] data = FrechetOracle.points(oracle.get("points"));
        double[] reference = FrechetOracle.flat(oracle.get("reference_mean"));

        FrechetMeanResult closed = tight(geometry, FrechetMean.Method.AUTO).fit(data);
        assertThat(closed.method()).isEqualTo(FrechetMean.CLOSED_FORM);
        assertThat(closed.iterations()).isZero();
        assertThat(closed.converged()).isTrue();
        assertClose(closed.mean(), reference);
        assertThat(closed.gradientNorm()).isLessThan(GRADIENT_TOLERANCE);

        FrechetMeanResult descent = FrechetMean.builder().geometry(geometry).tolerance(1e-12).maxIterations(1000)
                .forceGradientDescent(true).method(FrechetMean.Method.GRADIENT).build().fit(data);
        assertThat(descent.method()).isEqualTo(FrechetMean.GRADIENT_DESCENT);
        assertThat(descent.converged()).isTrue();
        assertThat(descent.iterations()).isPositive();
        assertClose(descent.mean(), reference);
        assertClose(descent.mean(), closed.mean());
        checkResiduals(oracle, geometry, data, closed);
    }

    private static void checkIterative(String id, Geometry geometry) {
        JsonNode oracle = FrechetOracle.caseById(id);
        double[][] data = FrechetOracle.points(oracle.get("points"));
        // the papers' descent, and the default (Newton: every geometry checked here has the Hessian capability)
        for (FrechetMean.Method method : new FrechetMean.Method[] {FrechetMean.Method.GRADIENT,
                FrechetMean.Method.AUTO}) {
            FrechetMeanResult result = tight(geometry, method).fit(data);
            assertThat(result.method()).isEqualTo(method == FrechetMean.Method.GRADIENT ? FrechetMean.GRADIENT_DESCENT
                    : FrechetMean.NEWTON);
            assertThat(result.converged()).isTrue();
            assertThat(result.iterations()).isBetween(1, 1000);
            assertThat(result.gradientNorm()).isLessThan(GRADIENT_TOLERANCE);
            assertClose(result.mean(), FrechetOracle.flat(oracle.get("reference_mean")));
            checkResiduals(oracle, geometry, data, result);
        }
    }

    /**
     * The oracle's {@code residual_norm} is {@code |(1/n) sum_i log(m, x_i)|_m} in mpmath, i.e. our gradient norm:
     * at geomstats' loose default estimate it is far from 0 (a real check of the formula), at the reference it is
     * ~1e-16. {@code mean_sq_dist} = 2 F(m).
     */
    private static void checkResiduals(JsonNode oracle, Geometry geometry, double[][] data, FrechetMeanResult result) {
        FrechetGradient gradient = new FrechetGradient(geometry, data);
        JsonNode loose = oracle.get("geomstats_default");
        double[] looseEstimate = FrechetOracle.flat(loose.get("estimate"));
        double expectedLoose = loose.get("residual_norm").asDouble();
        assertThat(gradient.gradientNorm(looseEstimate)).isCloseTo(expectedLoose,
                within(1e-12 + 1e-9 * expectedLoose));

        assertThat(gradient.gradientNorm(FrechetOracle.flat(oracle.get("reference_mean"))))
                .isLessThan(GRADIENT_TOLERANCE);
        assertThat(gradient.gradientNorm(result.mean())).isCloseTo(result.gradientNorm(), within(1e-15));

        double meanSquaredDistance = referenceBlock(oracle).get("mean_sq_dist").asDouble();
        assertThat(2 * gradient.objective(result.mean())).isCloseTo(meanSquaredDistance,
                within(1e-12 * Math.max(1, meanSquaredDistance)));
    }

    private static JsonNode referenceBlock(JsonNode oracle) {
        return oracle.has("closed_form") ? oracle.get("closed_form") : oracle.get("independent_numpy");
    }

    /** Coordinate-wise, scaled by the magnitude of the entries (SPD entries reach ~2). */
    private static void assertClose(double[] actual, double[] expected) {
        assertThat(actual).hasSameSizeAs(expected);
        double scale = 1;
        for (double value : expected) {
            scale = Math.max(scale, Math.abs(value));
        }
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).as("entry %d", i).isCloseTo(expected[i], within(MEAN_TOLERANCE * scale));
        }
    }
}
