package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** The tangent Gaussian on log-Euclidean SPD(3) (d = 6). KS tests at alpha = 1e-3 with fixed seeds. */
class TangentGaussianTest {

    private static final Geometry SPD = Geometries.parse("spd/log-euclidean:k=3");
    private static final int N = 40;

    private static GeneratedData data(UniformRandomProvider rng) {
        return new RandomSpdGenerator(3, 0.25).generate(N, rng);
    }

    /** Utpala et al. 2023, Thm 4: rho_LE(release, mean)^2 / sigma^2 ~ chi^2_d exactly, for either calibration. */
    @ParameterizedTest
    @EnumSource(GaussianCalibration.Method.class)
    void squaredErrorOverSigmaSquaredIsChiSquared(GaussianCalibration.Method method) {
        UniformRandomProvider rng = Fixtures.rng(1, method.ordinal());
        GeneratedData data = data(rng);
        DataBall ball = Fixtures.ball(data);
        double[] mean = SPD.capability(ClosedFormMean.class).orElseThrow().mean(data.points());
        TangentGaussian mechanism = TangentGaussian.builder().calibration(method).build();
        PrivacyBudget budget = PrivacyBudget.approximate(0.5, 1e-6);
        double[] statistic = new double[1500];
        for (int i = 0; i < statistic.length; i++) {
            Release<double[]> release = mechanism.release(SPD, data.points(), ball, budget, rng);
            double rho = SPD.distance(release.value(), mean);
            statistic[i] = rho * rho / (release.sigma() * release.sigma());
        }
        ChiSquaredDistribution chi = ChiSquaredDistribution.of(6);
        Fixtures.assertFollows("rho^2/sigma^2 (" + method + ")", statistic, chi::cumulativeProbability);
    }

    @Test
    void releaseRecordsTheCalibration() {
        UniformRandomProvider rng = Fixtures.rng(2, 0);
        GeneratedData data = data(rng);
        double r = data.radius();
        PrivacyBudget budget = PrivacyBudget.approximate(0.5, 1e-6);
        Release<double[]> analytic = TangentGaussian.builder().build()
                .release(SPD, data.points(), Fixtures.ball(data), budget, rng);
        // Delta = 2r/n with r = sqrt(3)/4 (Utpala et al. 2023, Thm 3)
        double delta = 2 * Math.sqrt(3) * 0.25 / N;
        assertThat(analytic.sensitivity()).isCloseTo(delta, within(1e-15));
        // discrete Gaussian on the grid g Z^6: proven sigma for the grid sensitivity Delta + sqrt(6) g (zCDP, Canonne,
        // Kamath, Steinke 2020), rounded up to the lattice parameter sqrt(2) s0 g
        double continuous = GaussianCalibration.analyticSigma(0.5, 1e-6, delta);
        double granularity = Math.scalb(1.0, Math.getExponent(continuous) - 20);
        assertThat(analytic.parameters()).containsEntry("granularity", granularity)
                .containsEntry("continuousSigma", continuous);
        double proven = GaussianCalibration.discreteSigma(0.5, 1e-6, delta + Math.sqrt(6) * granularity);
        assertThat(analytic.sigma()).isBetween(proven, proven * (1 + 0x1p-18));
        assertThat(analytic.sigma() / continuous).isBetween(1.0, 1.12);
        assertThat(analytic.budget()).isEqualTo(budget);
        assertThat(analytic.sigmaRule()).isEqualTo("proven");
        assertThat(analytic.sampler().method()).isEqualTo(SamplerReport.Method.DIRECT);
        assertThat(analytic.guarantee().isProven()).isTrue();
        assertThat(analytic.parameters()).containsEntry("calibration", "analytic").containsEntry("ballRadius", r);
        assertThat(SPD.pointViolation(analytic.value(), 1e-9)).isEmpty();

        Release<double[]> classical = TangentGaussian.builder().calibration(GaussianCalibration.Method.CLASSICAL)
                .build().release(SPD, data.points(), Fixtures.ball(data), budget, rng);
        // sigma = Delta sqrt(2 ln(1.25/delta)) / epsilon
        // (here larger than the discrete proven sigma, so it decides), at the grid sensitivity
        double classicalGrid = Math.scalb(1.0, Math.getExponent(delta * Math.sqrt(2 * Math.log(1.25e6)) / 0.5) - 20);
        double classicalSigma = (delta + Math.sqrt(6) * classicalGrid) * Math.sqrt(2 * Math.log(1.25e6)) / 0.5;
        assertThat(classical.sigma()).isBetween(classicalSigma, classicalSigma * (1 + 0x1p-18));

        // paper = proven for this mechanism: same sigma, still private
        Release<double[]> paper = TangentGaussian.builder().sigmaRule(SigmaRule.PAPER).build()
                .release(SPD, data.points(), Fixtures.ball(data), budget, rng);
        assertThat(paper.sigma()).isEqualTo(analytic.sigma());
        assertThat(paper.sigmaRule()).isEqualTo("paper");
        assertThat(paper.guarantee().isProven()).isTrue();
        // half the proven scale is recorded as not private
        Release<double[]> scaled = TangentGaussian.builder().sigmaRule(SigmaRule.parse("scaled:0.5")).build()
                .release(SPD, data.points(), Fixtures.ball(data), budget, rng);
        assertThat(scaled.sigma()).isCloseTo(0.5 * analytic.sigma(), within(analytic.sigma() * 0x1p-18));
        assertThat(scaled.guarantee().isProven()).isFalse();
    }

    @Test
    void rejectsBudgetsTheGaussianCannotMeet() {
        UniformRandomProvider rng = Fixtures.rng(3, 0);
        GeneratedData data = data(rng);
        TangentGaussian classical = TangentGaussian.builder().calibration(GaussianCalibration.Method.CLASSICAL)
                .build();
        assertThatThrownBy(() -> classical.release(SPD, data.points(), Fixtures.ball(data),
                PrivacyBudget.approximate(1.0, 1e-6), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("epsilon < 1").hasMessageContaining("Provided value: 1.0");
        assertThatThrownBy(() -> TangentGaussian.builder().build().release(SPD, data.points(), Fixtures.ball(data),
                PrivacyBudget.pure(1.0), rng)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("delta").hasMessageContaining("Provided value: delta = 0");
    }

    @Test
    void needsAnIsometricChart() {
        UniformRandomProvider rng = Fixtures.rng(4, 0);
        GeneratedData cap = Fixtures.sphereCap(20, Fixtures.CAP_RADIUS, rng);
        assertThatThrownBy(() -> TangentGaussian.builder().build().release(Fixtures.sphere(), cap.points(),
                Fixtures.ball(cap), PrivacyBudget.approximate(0.5, 1e-6), rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IsometricChart")
                .hasMessageContaining("Provided value: sphere");
    }
}
