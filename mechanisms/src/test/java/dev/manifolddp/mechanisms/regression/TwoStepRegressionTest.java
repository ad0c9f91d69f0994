package dev.manifolddp.mechanisms.regression;

import static dev.manifolddp.mechanisms.regression.SphereRegressionData.M0;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.R;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.RP;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.SPHERE;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.V;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.GeodesicRegressionEstimator;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SigmaRule;
import dev.manifolddp.mechanisms.TwoStepRegressionProvider;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code two-step-regression}: the two-step releases on the one mechanism SPI draw what
 * {@link PrivateGeodesicRegression}'s methods draw, bit for bit, with the same public scales and guarantee, from a
 * calibration that reads no record; it refuses estimators that are not regressions.
 */
class TwoStepRegressionTest {

    private static final PrivacyBudget BUDGET = PrivacyBudget.pure(1.2);

    private static Mechanism mechanism(String method, String share, String sigmaRule) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("method", method);
        parameters.put("footpoint-share", share);
        parameters.put("sigma-rule", sigmaRule);
        parameters.put("burn-in", "2000");
        parameters.put("thin", "100");
        return new TwoStepRegressionProvider().create(parameters);
    }

    @Test
    void bothMethodsDrawThePairsOfThePrivateRegressionBitForBit() {
        Estimator estimator = new GeodesicRegressionEstimator(0, 1, RP, V, Double.NaN);
        for (RegressionMethod method : List.of(RegressionMethod.PUBLIC_VECTOR, RegressionMethod.PAPER)) {
            for (String rule : List.of("proven", "paper")) {
                SphereRegressionData data = SphereRegressionData.draw(30, SphereRegressionData.rng(70, 0));
                Release<RegressionEstimate> expected = SphereRegressionData.builder().method(method)
                        .sigmaRule(SigmaRule.parse(rule)).footpointShare(0.3).build()
                        .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(70, 1));
                Mechanism mechanism = mechanism(method.configName(), "0.3", rule);
                Calibration calibration = mechanism.calibrate(estimator, SPHERE, DataBall.declared(M0, R), 30,
                        BUDGET);
                Release<double[]> release = mechanism.release(calibration, data.records(),
                        SphereRegressionData.rng(70, 1));
                String what = method.configName() + ", sigma rule " + rule;
                assertThat(Arrays.copyOf(release.value(), 3)).as(what)
                        .containsExactly(expected.value().scaledFootpoint());
                assertThat(Arrays.copyOfRange(release.value(), 3, 6)).as(what)
                        .containsExactly(expected.value().scaledShootingVector());
                assertThat(release.sigma()).as(what).isEqualTo(expected.sigma());
                assertThat(release.sensitivity()).as(what).isEqualTo(expected.sensitivity());
                assertThat(release.guarantee()).as(what).isEqualTo(expected.guarantee());
                for (String key : List.of("footpointSensitivity", "shootingVectorSensitivity", "footpointShare",
                        "epsilonFootpoint", "epsilonShootingVector", "sigmaFootpoint", "sigmaShootingVector", "tau",
                        "burnIn", "thin", "chains", "stepFactor", "proposalScaleMixture")) {
                    assertThat(release.parameters().get(key)).as(what + ": " + key)
                            .isEqualTo(expected.parameters().get(key));
                }
                assertThat(release.sampler().acceptanceRate()).as(what)
                        .isEqualTo(expected.sampler().acceptanceRate());
            }
        }
    }

    @Test
    void theGuaranteeIsDecidedByTheCalibrationAlone() {
        Estimator estimator = new GeodesicRegressionEstimator(0, 1, RP, V, Double.NaN);
        DataBall ball = DataBall.declared(M0, R);
        assertThat(mechanism("public-vector", "0.5", "proven").calibrate(estimator, SPHERE, ball, 40, BUDGET)
                .guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(mechanism("paper", "0.5", "proven").calibrate(estimator, SPHERE, ball, 40, BUDGET).guarantee())
                .isEqualTo(Guarantee.UNPROVEN);
        assertThat(mechanism("public-vector", "0.5", "paper").calibrate(estimator, SPHERE, ball, 40, BUDGET)
                .guarantee()).isEqualTo(Guarantee.UNPROVEN);
    }

    @Test
    void refusalsNameWhatToChange() {
        DataBall ball = DataBall.declared(M0, R);
        assertThatThrownBy(() -> mechanism("public-vector", "0.5", "proven").calibrate(FrechetMeanEstimator.DEFAULT,
                SPHERE, ball, 40, BUDGET)).hasMessageContaining("two-step-regression")
                .hasMessageContaining("frechet-mean");
        assertThatThrownBy(() -> mechanism("joint", "0.5", "proven")).hasMessageContaining("kng on the tangent bundle");
        assertThatThrownBy(() -> mechanism("both", "0.5", "proven")).hasMessageContaining("parameter 'method'")
                .hasMessageContaining("public-vector");
        assertThatThrownBy(() -> mechanism("paper", "1", "proven")).hasMessageContaining("footpoint-share");
        assertThatThrownBy(() -> mechanism("paper", "0.5", "scaled:0.5")).hasMessageContaining("proven or paper");
    }
}
