package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBundle;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link GeodesicRegressionEstimator}: records {@code [y..., x]}, the value on the tangent bundle, and the pieces a
 * mechanism reads (gradient field, sensitivity, public domain) agree with {@link GeodesicRegression},
 * {@link GeodesicRegressionGradient} and {@link RegressionSensitivity}.
 */
class GeodesicRegressionEstimatorTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final double[] M0 = {0, 0, 1};
    private static final double R = Math.PI / 8;

    /** n records along a geodesic through the ball with a little noise, covariates in [2, 5]. */
    private static double[][] records(int n, long seed) {
        Random random = new Random(seed);
        double[] p = SPHERE.exp(M0, new double[] {-0.1, 0.05, 0});
        double[] v = SPHERE.projectToTangent(p, new double[] {0.08, 0.02, 0});
        double[][] records = new double[n][];
        for (int i = 0; i < n; i++) {
            double x = 2 + 3 * random.nextDouble();
            double[] onCurve = SPHERE.exp(p, new double[] {(x - 2) * v[0], (x - 2) * v[1], (x - 2) * v[2]});
            double[] noise = SPHERE.projectToTangent(onCurve, new double[] {0.02 * random.nextGaussian(),
                    0.02 * random.nextGaussian(), 0.02 * random.nextGaussian()});
            double[] y = SPHERE.exp(onCurve, noise);
            records[i] = new double[] {y[0], y[1], y[2], x};
        }
        return records;
    }

    private static Estimator bound() {
        return new GeodesicRegressionEstimator(2, 5, Double.NaN, Double.NaN, Double.NaN).forBall(SPHERE, M0, R);
    }

    @Test
    void aValuePredictsThePointOfItsGeodesicOnTheCallersCovariate() {
        double[][] records = records(40, 3);
        Estimator estimator = bound();
        double[] value = estimator.estimate(SPHERE, records);
        ResponsePrediction prediction = estimator.capability(ResponsePrediction.class).orElseThrow();
        // describe's geodesic on the caller's covariate (a different reparametrisation path) predicts the same points
        @SuppressWarnings("unchecked")
        List<Double> footpoint = (List<Double>) estimator.describe(SPHERE, value).get("footpoint");
        @SuppressWarnings("unchecked")
        List<Double> velocity = (List<Double>) estimator.describe(SPHERE, value).get("shootingVector");
        for (double x : new double[] {2, 2.7, 3.5, 5, 6.5}) {
            double[] step = new double[3];
            for (int j = 0; j < 3; j++) {
                step[j] = x * velocity.get(j);
            }
            double[] expected = SPHERE.exp(footpoint.stream().mapToDouble(Double::doubleValue).toArray(), step);
            assertThat(SPHERE.distance(prediction.predict(SPHERE, value, x), expected)).as("x = %s", x)
                    .isLessThan(1e-12);
        }
        // at the range's low end the prediction is the packed footpoint itself (rescaled covariate 0)
        assertThat(prediction.predict(SPHERE, value, 2)).containsExactly(TangentBundle.of(SPHERE).footpoint(value));
        assertThatThrownBy(() -> prediction.predict(SPHERE, value, Double.NaN))
                .hasMessageContaining("covariate to predict at must be finite");
        assertThatThrownBy(() -> prediction.predict(SPHERE, new double[3], 2)).isInstanceOf(
                IllegalArgumentException.class);
        assertThat(FrechetMeanEstimator.DEFAULT.capability(ResponsePrediction.class)).isEmpty();
    }

    @Test
    void theEstimateIsTheRegressionOnTheRescaledCovariateAndItsGradientVanishesThere() {
        double[][] records = records(60, 1);
        Estimator estimator = bound();
        double[] value = estimator.estimate(SPHERE, records);
        GeodesicRegressionEstimator regression = (GeodesicRegressionEstimator) estimator;
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(SPHERE).covariateRange(2, 5)
                .start(M0, new double[3]).build()
                .fit(regression.covariates(SPHERE, records), regression.responses(SPHERE, records));
        assertThat(estimator.parameterSpace(SPHERE)).isEqualTo(TangentBundle.of(SPHERE));
        assertThat(TangentBundle.of(SPHERE).footpoint(value)).containsExactly(fit.scaledFootpoint());
        assertThat(TangentBundle.of(SPHERE).vector(value)).containsExactly(fit.scaledShootingVector());
        assertThat(estimator.gradientField(SPHERE, records).gradientNorm(value)).isLessThan(1e-9);
        // away from the fit the field is the Sasaki norm of (grad_p E, grad_v E)
        double[] elsewhere = TangentBundle.of(SPHERE).pack(M0, new double[] {0.05, 0, 0});
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(SPHERE, scaled(regression.covariates(SPHERE,
                records)), regression.responses(SPHERE, records));
        double[] gp = new double[3];
        double[] gv = new double[3];
        field.gradient(M0, new double[] {0.05, 0, 0}, gp, gv);
        assertThat(estimator.gradientField(SPHERE, records).gradientNorm(elsewhere))
                .isEqualTo(Math.sqrt(SPHERE.inner(M0, gp, gp) + SPHERE.inner(M0, gv, gv)));
    }

    private static double[] scaled(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = (x[i] - 2) / 3;
        }
        return out;
    }

    @Test
    void describeGivesTheGeodesicOnTheCallersCovariate() {
        double[][] records = records(60, 2);
        Estimator estimator = bound();
        Map<String, Object> fields = estimator.describe(SPHERE, estimator.estimate(SPHERE, records));
        GeodesicRegressionEstimator regression = (GeodesicRegressionEstimator) estimator;
        GeodesicRegressionResult fit = GeodesicRegression.builder().geometry(SPHERE).covariateRange(2, 5)
                .start(M0, new double[3]).build()
                .fit(regression.covariates(SPHERE, records), regression.responses(SPHERE, records));
        @SuppressWarnings("unchecked")
        List<Double> footpoint = (List<Double>) fields.get("footpoint");
        for (int j = 0; j < 3; j++) {
            assertThat(footpoint.get(j)).isCloseTo(fit.footpoint()[j], within(1e-12));
        }
    }

    @Test
    void sensitivityAndDomainAreThePublicRegressionBounds() {
        double rp = 0.3;
        double v = 0.4;
        Estimator estimator = new GeodesicRegressionEstimator(0, 1, rp, v, Double.NaN);
        RegressionDomain domain = new RegressionDomain(R, rp, v);
        double tau = v + rp + R;
        assertThat(estimator.gradientSensitivity(SPHERE, R, 50)).isEqualTo(Math.hypot(
                RegressionSensitivity.footpoint(SPHERE, tau, domain, 50),
                RegressionSensitivity.shootingVector(SPHERE, tau, domain, 50)));
        Estimator.BundleDomain box = estimator.bundleDomain(SPHERE, M0, R, 50).orElseThrow();
        assertThat(box.footpointRadius()).isEqualTo(rp);
        assertThat(box.maxSpeed()).isEqualTo(v);
        // the defaults: Rp = r, V = 2r
        Estimator.BundleDomain defaults = new GeodesicRegressionEstimator(0, 1, Double.NaN, Double.NaN, Double.NaN)
                .bundleDomain(SPHERE, M0, R, 50).orElseThrow();
        assertThat(defaults.footpointRadius()).isEqualTo(R);
        assertThat(defaults.maxSpeed()).isEqualTo(2 * R);
        assertThat(estimator.estimateSensitivity(SPHERE, R, 50)).isEmpty();
    }

    @Test
    void invalidPublicValuesAndRecordsAreRefusedByName() {
        assertThatThrownBy(() -> new GeodesicRegressionEstimator(0, 1, -1, Double.NaN, Double.NaN))
                .hasMessageContaining("footpoint-radius");
        assertThatThrownBy(() -> new GeodesicRegressionEstimator(0, 1, Double.NaN, Double.NaN, 0.1)
                .forBall(SPHERE, M0, R)).hasMessageContaining("tau");
        assertThatThrownBy(() -> new GeodesicRegressionEstimatorProvider().create(Map.of("covariate-low", "3",
                "covariate-high", "1"))).hasMessageContaining("covariate-high");
        double[][] records = records(5, 3);
        records[3][3] = 7;
        assertThatThrownBy(() -> ((CovariateRecords) bound()).covariates(SPHERE, records))
                .hasMessageContaining("record 4").hasMessageContaining("[2.0, 5.0]");
        assertThatThrownBy(() -> bound().estimate(SPHERE, new double[][] {{0, 0, 1}}))
                .hasMessageContaining("record 1 needs 4 values");
    }
}
