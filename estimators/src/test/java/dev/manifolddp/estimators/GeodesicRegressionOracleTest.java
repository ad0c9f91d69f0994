package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * geomstats' geodesic regression cases ({@code oracles/geomstats_geodesic_regression.json}, copied from the shared
 * oracles; see their README): the fit must match {@code refined_optimum} (a tight least-squares solution whose
 * gradient norm is about 2e-12) to 1e-6 in the footpoint and the shooting vector and to 1e-9 relative in the
 * energy. The oracle's intercept is the geodesic at x = 0 of the unscaled covariate and its coef the velocity per
 * unit of x, which is what {@link GeodesicRegressionResult#footpoint()} and {@code shootingVector()} report.
 */
class GeodesicRegressionOracleTest {

    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("GR-S2-n20", "sphere:d=2"),
                Arguments.of("GR-SPD2-affine-n20", "spd/affine-invariant:k=2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesTheRefinedOptimum(String id, String spec) {
        OracleCase c = OracleCase.load(id, spec);
        Geometry geometry = c.geometry();
        JsonNode node = c.node();
        double[] x = c.x();
        double[][] y = c.y();
        JsonNode optimum = node.get("refined_optimum");

        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(geometry).build().fit(x, y);

        assertThat(fit.converged()).as(fit.toString()).isTrue();
        assertThat(fit.gradientNorm()).isLessThan(1e-10);
        assertThat(fit.method()).isEqualTo(GeodesicRegression.LEVENBERG_MARQUARDT);
        assertThat(fit.start()).isEqualTo(GeodesicRegression.FRECHET_MEAN_START);
        assertThat(fit.startIsDataDerived()).isTrue();
        assertThat(fit.covariateRange().isPublic()).isFalse();
        assertClose(fit.footpoint(), FrechetOracle.flat(optimum.get("intercept")), 1e-6, "footpoint");
        assertClose(fit.shootingVector(), FrechetOracle.flat(optimum.get("coef")), 1e-6, "shooting vector");
        double energy = optimum.get("energy_mpmath").asDouble();
        assertThat(fit.energy()).isCloseTo(energy, within(1e-9 * energy));
        // The energy of the reported (unscaled) parameters is the same.
        assertThat(energy(geometry, fit.footpoint(), fit.shootingVector(), x, y)).isCloseTo(energy,
                within(1e-9 * energy));
    }

    /**
     * geomstats' default fit centres the covariate: its intercept is the geodesic at {@code x = mean_x}. Moving the
     * footpoint to {@code mean_x} gives it back (to geomstats' CG accuracy), and its energy matches ours.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCentredInterceptIsTheGeodesicAtTheMeanCovariate(String id, String spec) {
        OracleCase c = OracleCase.load(id, spec);
        Geometry geometry = c.geometry();
        JsonNode node = c.node();
        double[] x = c.x();
        double[][] y = c.y();
        JsonNode centred = node.get("geomstats_centered_default");
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(geometry).build().fit(x, y);
        double meanX = centred.get("mean_x").asDouble();
        double[] atMean = geometry.exp(fit.footpoint(), scaled(fit.shootingVector(), meanX));
        assertClose(atMean, FrechetOracle.flat(centred.get("intercept")), 1e-4, "geodesic at mean_x");
        double energy = centred.get("energy").asDouble();
        assertThat(fit.energy()).isLessThanOrEqualTo(energy * (1 + 1e-12));
        assertThat(fit.energy()).isCloseTo(energy, within(1e-9 * energy));
    }

    /** A public range containing the data and a public start give the same optimum, recorded as public. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void publicRangeAndStartGiveTheSameOptimum(String id, String spec) {
        OracleCase c = OracleCase.load(id, spec);
        Geometry geometry = c.geometry();
        JsonNode node = c.node();
        double[] x = c.x();
        double[][] y = c.y();
        JsonNode optimum = node.get("refined_optimum");
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(geometry).covariateRange(-1, 2)
                .start(FrechetOracle.flat(node.get("true_intercept")), FrechetOracle.flat(node.get("true_coef")))
                .build().fit(x, y);
        assertThat(fit.converged()).as(fit.toString()).isTrue();
        assertThat(fit.covariateRange().isPublic()).isTrue();
        assertThat(fit.startIsDataDerived()).isFalse();
        assertThat(fit.start()).isEqualTo(GeodesicRegression.PUBLIC_START);
        assertClose(fit.footpoint(), FrechetOracle.flat(optimum.get("intercept")), 1e-6, "footpoint");
        assertClose(fit.shootingVector(), FrechetOracle.flat(optimum.get("coef")), 1e-6, "shooting vector");
        // The rescaled footpoint is the geodesic at x = low = -1, its vector (high - low) times the velocity there.
        assertClose(fit.scaledFootpoint(), geometry.exp(fit.footpoint(), scaled(fit.shootingVector(), -1)), 1e-9,
                "scaled footpoint");
        assertThat(geometry.norm(fit.scaledFootpoint(), fit.scaledShootingVector()))
                .isCloseTo(3 * geometry.norm(fit.footpoint(), fit.shootingVector()), within(1e-9));
    }

    /** One oracle case with its geometry and records. */
    record OracleCase(Geometry geometry, JsonNode node, double[] x, double[][] y) {
        static OracleCase load(String id, String spec) {
            JsonNode node = caseById(id);
            return new OracleCase(Geometries.parse(spec), node, FrechetOracle.flat(node.get("x")),
                    FrechetOracle.points(node.get("y")));
        }
    }

    static double energy(Geometry geometry, double[] p, double[] v, double[] x, double[][] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            double d = geometry.distance(geometry.exp(p, scaled(v, x[i])), y[i]);
            sum += d * d;
        }
        return sum / (2 * x.length);
    }

    static double[] scaled(double[] v, double s) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= s;
        }
        return out;
    }

    static void assertClose(double[] actual, double[] expected, double tolerance, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < actual.length; i++) {
            assertThat(actual[i]).as("%s[%d]", what, i).isCloseTo(expected[i], within(tolerance));
        }
    }

    static JsonNode caseById(String id) {
        try (InputStream in = GeodesicRegressionOracleTest.class
                .getResourceAsStream("/oracles/geomstats_geodesic_regression.json")) {
            if (in == null) {
                throw new AssertionError("missing test resource oracles/geomstats_geodesic_regression.json");
            }
            for (JsonNode node : new ObjectMapper().readTree(in).get("cases")) {
                if (node.get("id").asText().equals(id)) {
                    return node;
                }
            }
            throw new AssertionError("no oracle case " + id);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
