package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Every public entry of the regression refuses bad input with a message that names it and gives the value. */
class GeodesicRegressionInputTest {

    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final double[] x = {0.0, 0.5, 1.0};
    private final double[][] y = {{0, 0, 1}, {0, 0.6, 0.8}, {0, 1, 0}};

    @Test
    void builderRefusesBadSettings() {
        refused(() -> GeodesicRegression.builder().build(), "geometry");
        refused(() -> GeodesicRegression.builder().geometry(null), "geometry");
        refused(() -> GeodesicRegression.builder().covariateRange(1, 1), "covariate range");
        refused(() -> GeodesicRegression.builder().covariateRange(Double.NaN, 1), "covariate range");
        refused(() -> GeodesicRegression.builder().tolerance(0), "tolerance");
        refused(() -> GeodesicRegression.builder().tolerance(Double.POSITIVE_INFINITY), "tolerance");
        refused(() -> GeodesicRegression.builder().maxIterations(0), "maxIterations");
        refused(() -> GeodesicRegression.builder().start(new double[] {0, 0, 1}, null), "start");
        // Point and tangent checks are the geometry's own (GeometryChecks): they give the offending norm.
        refusedNaming(() -> GeodesicRegression.builder().geometry(sphere).start(new double[] {0, 0, 2},
                new double[3]).build(), "start footpoint");
        refusedNaming(() -> GeodesicRegression.builder().geometry(sphere).start(new double[] {0, 0, 1},
                new double[] {0, 0, 1}).build(), "start shootingVector");
        refused(() -> GeodesicRegression.builder().geometry(new HiddenCapabilities(sphere, TangentBasis.class))
                .build(), "TangentBasis");
        refused(() -> GeodesicRegression.builder().geometry(new HiddenCapabilities(sphere, ParallelTransport.class))
                .build(), "ParallelTransport");
    }

    @Test
    void fitRefusesBadRecords() {
        GeodesicRegression regression = GeodesicRegression.builder().geometry(sphere).build();
        refused(() -> regression.fit(null, y), "x is null");
        refused(() -> regression.fit(x, null), "y is null");
        refused(() -> regression.fit(new double[0], new double[0][]), "empty");
        refused(() -> regression.fit(new double[] {0, 1}, y), "one entry per record");
        refused(() -> regression.fit(new double[] {0, Double.NaN, 1}, y), "x[1]");
        refusedNaming(() -> regression.fit(x, new double[][] {{0, 0, 1}, {0, 0, 3}, {0, 1, 0}}), "y[1]");
        refused(() -> regression.fit(new double[] {2, 2, 2}, y), "every covariate equals 2");
        GeodesicRegression bounded = GeodesicRegression.builder().geometry(sphere).covariateRange(0, 0.9).build();
        refused(() -> bounded.fit(x, y), "x[2] lies outside the public covariate range");
    }

    @Test
    void resultAccessorsRefuseBadIndicesAndArrays() {
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(sphere).build().fit(x, y);
        refused(() -> fit.footpointGradient(3, new double[3]), "record index");
        refused(() -> fit.velocityGradient(0, new double[2]), "out must be an array of length 3");
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(sphere, x, y);
        refused(() -> field.recordGradients(-1, y[0], new double[3], null, null), "record index");
        refused(() -> GeodesicRegressionGradient.of(sphere, x, new double[2][]), "one entry per record");
    }

    private static void refusedNaming(ThrowingCallable call, String fragment) {
        assertThatThrownBy(call).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(fragment);
    }

    private static void refused(ThrowingCallable call, String fragment) {
        assertThatThrownBy(call).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(fragment)
                .hasMessageContaining("Provided");
    }
}
