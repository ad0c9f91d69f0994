package dev.manifolddp.mechanisms.regression;

import static dev.manifolddp.mechanisms.regression.SphereRegressionData.M0;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.R;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.RP;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.SPHERE;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.V;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.GeodesicRegressionEstimator;
import dev.manifolddp.estimators.RegressionDomain;
import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.KNormGradient;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SigmaRule;
import dev.manifolddp.mechanisms.RiemannianLaplace;
import org.junit.jupiter.api.Test;

/**
 * Geodesic regression on the one estimator SPI: the K-norm gradient mechanism releases
 * {@link GeodesicRegressionEstimator} on its tangent-bundle parameter space with the law, the calibration and the
 * very draws of {@link PrivateGeodesicRegression}'s joint method (same target, same chain, same random stream), and
 * the mechanisms that need more than a gradient refuse it by name.
 */
class RegressionEstimatorKngTest {

    private static final PrivacyBudget BUDGET = PrivacyBudget.pure(1);

    private static KNormGradient kng() {
        return KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(2_000).thin(100).build();
    }

    private static Estimator estimator() {
        return new GeodesicRegressionEstimator(0, 1, RP, V, Double.NaN);
    }

    @Test
    void kngOnTheTangentBundleDrawsWhatTheJointMethodDraws() {
        for (int seed = 1; seed <= 3; seed++) {
            SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(50 + seed, 0));
            Release<RegressionEstimate> joint = SphereRegressionData.builder().build()
                    .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(50 + seed, 1));
            KNormGradient kng = kng();
            Calibration calibration = kng.calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 40, BUDGET);
            Release<double[]> release = kng.release(calibration, data.records(), SphereRegressionData.rng(50 + seed,
                    1));

            double[] packed = release.value();
            double[] p = java.util.Arrays.copyOf(packed, 3);
            double[] v = java.util.Arrays.copyOfRange(packed, 3, 6);
            assertThat(p).containsExactly(joint.value().scaledFootpoint());
            assertThat(v).containsExactly(joint.value().scaledShootingVector());
            assertThat(release.sigma()).isEqualTo(joint.sigma());
            assertThat(release.sensitivity()).isEqualTo(joint.sensitivity());
            assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC).isEqualTo(joint.guarantee());
            assertThat(release.parameters().get("parameterSpace")).isEqualTo("tangent-bundle(" + SPHERE.spec() + ")");
        }
    }

    @Test
    void thePaperSigmaRuleIsKulkarniAndSotosJointScaleAndIsLabelledUnproven() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(57, 0));
        Release<RegressionEstimate> joint = SphereRegressionData.builder().sigmaRule(SigmaRule.parse("paper")).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(57, 1));
        KNormGradient kng = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(2_000).thin(100)
                .sigmaRule(SigmaRule.parse("paper")).build();
        Calibration calibration = kng.calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 40, BUDGET);
        assertThat(calibration.guarantee()).isEqualTo(Guarantee.UNPROVEN);
        Release<double[]> release = kng.release(calibration, data.records(), SphereRegressionData.rng(57, 1));
        assertThat(java.util.Arrays.copyOf(release.value(), 3)).containsExactly(joint.value().scaledFootpoint());
        assertThat(java.util.Arrays.copyOfRange(release.value(), 3, 6))
                .containsExactly(joint.value().scaledShootingVector());
        assertThat(release.sigma()).isEqualTo(joint.sigma()).isEqualTo(release.sensitivity() / BUDGET.epsilon());
        assertThat(release.guarantee()).isEqualTo(joint.guarantee()).isEqualTo(Guarantee.UNPROVEN);
    }

    /**
     * A record of the regression is a (response, covariate) pair, and the sensitivity bounds the replacement of both
     * (any response of the ball, any covariate of the public range): the unit of privacy says so, at one record and
     * for subjects, and the sentence of a covariate-free estimator is not used.
     */
    @Test
    void theUnitOfPrivacyNamesTheResponseAndItsCovariate() {
        Calibration record = kng().calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 40, BUDGET);
        assertThat(record.unitOfPrivacy()).isEqualTo(Release.ONE_PAIR)
                .contains("any covariate of the estimator's public range");
        Calibration subjects = kng().calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 40, BUDGET,
                dev.manifolddp.mechanisms.PrivacyUnit.subjects(3));
        assertThat(subjects.unitOfPrivacy()).startsWith("one subject (up to 3 records)")
                .contains("each replaced by any other response of the public ball with any covariate of the "
                        + "estimator's public range").doesNotContain("point of the public ball");
        assertThat(dev.manifolddp.mechanisms.PrivacyUnit.subjects(3).describe())
                .contains("each replaced by any other point of the public ball");
    }

    @Test
    void theSensitivityIsTheJointOneOfTheRegressionBounds() {
        double tau = V + RP + R;
        RegressionDomain domain = new RegressionDomain(R, RP, V);
        double expected = Math.hypot(RegressionSensitivity.footpoint(SPHERE, tau, domain, 40),
                RegressionSensitivity.shootingVector(SPHERE, tau, domain, 40));
        Calibration calibration = kng().calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 40, BUDGET);
        assertThat(calibration.sensitivity()).isEqualTo(expected);
        assertThat(calibration.sigma()).isEqualTo(2 * expected / BUDGET.epsilon());
        assertThat(calibration.guarantee()).isEqualTo(Guarantee.MCMC);
    }

    @Test
    void mechanismsThatNeedMoreRefuseItByName() {
        DataBall ball = DataBall.declared(M0, R);
        assertThatThrownBy(() -> RiemannianLaplace.builder().build().calibrate(estimator(), SPHERE, ball, 40, BUDGET))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("geodesic-regression");
        assertThatThrownBy(() -> KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build()
                .calibrate(estimator(), SPHERE, ball, 40, BUDGET))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tangent-bundle(" + SPHERE.spec() + ")");
    }

    @Test
    void recordsAreCheckedBeforeTheDraw() {
        SphereRegressionData data = SphereRegressionData.draw(20, SphereRegressionData.rng(60, 0));
        KNormGradient kng = kng();
        Calibration calibration = kng.calibrate(estimator(), SPHERE, DataBall.declared(M0, R), 20, BUDGET);
        double[][] outsideRange = data.records();
        outsideRange[6][3] = 1.5;
        assertThatThrownBy(() -> kng.release(calibration, outsideRange, SphereRegressionData.rng(60, 1)))
                .hasMessageContaining("record 7").hasMessageContaining("covariate range [0.0, 1.0]");
        double[][] shortRecord = data.records();
        shortRecord[2] = new double[] {0, 0, 1};
        assertThatThrownBy(() -> kng.release(calibration, shortRecord, SphereRegressionData.rng(60, 1)))
                .hasMessageContaining("record 3 needs 4 values");
        double[][] outsideBall = data.records();
        outsideBall[4] = new double[] {1, 0, 0, 0.5};
        assertThatThrownBy(() -> kng.release(calibration, outsideBall, SphereRegressionData.rng(60, 1)))
                .hasMessageContaining("row 5");
    }
}
