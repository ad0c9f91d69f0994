package dev.manifolddp.mechanisms.regression;

import static dev.manifolddp.mechanisms.regression.SphereRegressionData.M0;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.R;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.RP;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.SPHERE;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.V;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SigmaRule;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** Guarantee labels, recorded parameters, the public chain start, the output mapping and input validation. */
class PrivateGeodesicRegressionTest {

    private static final PrivacyBudget BUDGET = PrivacyBudget.pure(1);

    @Test
    void negativeCurvatureCalibratesAtTheDomainsGeodesicLength() {
        // Issue 23, item 3: affine-invariant SPD(2) (kl = -1/2), r = Rp = 0.5, V = 1, tau = 2. The Jacobi factors at
        // the geodesic length V give n Delta = 6.654051800114401 (arithmetic in RegressionSensitivityTest); the
        // paper's length 2 (tau_m + tau) = 5 gave 71.37.
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double[] identity = {1, 0, 0, 1};
        double[][] responses = new double[8][];
        double[] covariates = new double[8];
        for (int i = 0; i < 8; i++) {
            double a = 0.05 * (i - 3.5);
            responses[i] = new double[] {Math.exp(a), 0, 0, Math.exp(-a)};
            covariates[i] = i / 7.0;
        }
        Release<RegressionEstimate> release = PrivateGeodesicRegression.builder().geometry(spd)
                .domain(identity, 0.5, 0.5, 1).covariateRange(0, 1).burnIn(10).thin(1).build()
                .release(covariates, responses, BUDGET, SphereRegressionData.rng(9, 0));
        assertThat((double) release.parameters().get("tau")).isEqualTo(2.0);
        assertThat(release.sensitivity()).isCloseTo(6.654051800114401 / 8, within(1e-15));
        assertThat(release.sensitivity()).isLessThanOrEqualTo(10.0 / 8);
        assertThat(release.sigma()).isCloseTo(2 * 6.654051800114401 / 8, within(1e-14));
    }

    @Test
    void jointReleaseIsMcmcAndRecordsTheCalibration() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(1, 0));
        Release<RegressionEstimate> release = SphereRegressionData.builder().build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(1, 1));
        assertThat(release.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(release.mechanism()).isEqualTo(PrivateGeodesicRegression.NAME);
        double tau = V + RP + R;
        double deltaP = 2 * tau / 40;   // S^2: kl = 1 >= 0, Theorem 3.3 and eq. (44) both give 2 tau / n
        double delta = Math.sqrt(2) * deltaP;
        assertThat(release.parameters().get("tau")).isEqualTo(RegressionSensitivity.defaultTau(SPHERE, R, RP, V,
                new dev.manifolddp.estimators.CovariateRange(0, 1, true)));
        assertThat((double) release.parameters().get("tau")).isCloseTo(tau, within(1e-15));
        assertThat((double) release.parameters().get("footpointSensitivity")).isCloseTo(deltaP, within(1e-15));
        assertThat((double) release.parameters().get("shootingVectorSensitivity")).isCloseTo(deltaP, within(1e-15));
        assertThat((double) release.parameters().get("jointSensitivity")).isCloseTo(delta, within(1e-15));
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        assertThat(release.sigma()).isCloseTo(2 * delta / 1, within(1e-15));
        assertThat(release.parameters()).containsEntry("method", "joint").containsEntry("dataRadius", R)
                .containsEntry("footpointRadius", RP).containsEntry("maxSpeed", V)
                .containsEntry("covariateRange", List.of(0.0, 1.0)).containsEntry("covariateRangePublic", true)
                .containsEntry("domainCenter", List.of(0.0, 0.0, 1.0)).containsKey("proposalScale");
        assertThat(release.sigmaRule()).isEqualTo("proven");
        assertThat(release.budget()).isEqualTo(BUDGET);
        assertThat(release.sampler().isMcmc()).isTrue();
        assertThat(release.diagnostics().values()).containsKey("jointAcceptanceRate");
        assertThat(release.parameters().keySet()).noneMatch(key -> key.contains("Acceptance"));
        RegressionEstimate value = release.value();
        assertThat(SPHERE.distance(M0, value.scaledFootpoint())).isLessThanOrEqualTo(RP);
        assertThat(SPHERE.norm(value.scaledFootpoint(), value.scaledShootingVector())).isLessThanOrEqualTo(V + 1e-12);
    }

    @Test
    void paperMethodAndPaperSigmaAreUnproven() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(2, 0));
        Release<RegressionEstimate> paper = SphereRegressionData.builder().method(RegressionMethod.PAPER)
                .footpointShare(0.25).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(2, 1));
        assertThat(paper.guarantee()).isEqualTo(Guarantee.UNPROVEN);
        assertThat(paper.warnings()).anyMatch(w -> w.contains("Delta_p does not bound"));
        double deltaP = 2 * (V + RP + R) / 40;
        assertThat((double) paper.parameters().get("epsilonFootpoint")).isCloseTo(0.25, within(1e-15));
        assertThat((double) paper.parameters().get("epsilonShootingVector")).isCloseTo(0.75, within(1e-15));
        assertThat((double) paper.parameters().get("sigmaFootpoint")).isCloseTo(2 * deltaP / 0.25, within(1e-14));
        assertThat((double) paper.parameters().get("sigmaShootingVector")).isCloseTo(2 * deltaP / 0.75,
                within(1e-14));
        assertThat(paper.diagnostics().values()).containsKeys("footpointAcceptanceRate",
                "shootingVectorAcceptanceRate", "fitIterations");
        // the public-vector method: the same two steps with the first-step vector held at 0 (public): proven target,
        // so only the chain's approximation lowers the label; no non-private fit is computed
        Release<RegressionEstimate> sequential = SphereRegressionData.builder().method(RegressionMethod.PUBLIC_VECTOR)
                .footpointShare(0.25).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(2, 2));
        assertThat(sequential.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(sequential.warnings()).noneMatch(w -> w.contains("Delta_p does not bound"));
        assertThat((double) sequential.parameters().get("sigmaFootpoint")).isCloseTo(2 * deltaP / 0.25,
                within(1e-14));
        assertThat(sequential.diagnostics().values()).containsKeys("footpointAcceptanceRate",
                "shootingVectorAcceptanceRate").doesNotContainKey("fitIterations");
        assertThat(SPHERE.distance(M0, paper.value().scaledFootpoint())).isLessThanOrEqualTo(RP);

        Release<RegressionEstimate> paperSigma = SphereRegressionData.builder().sigmaRule(SigmaRule.PAPER).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(2, 2));
        assertThat(paperSigma.guarantee()).isEqualTo(Guarantee.UNPROVEN);
        assertThat(paperSigma.sigma()).isCloseTo(Math.sqrt(2) * deltaP, within(1e-15));
        assertThat(paperSigma.sigmaRule()).isEqualTo("paper");
    }

    /** The guarantee stated before any data are read is the one every release states (issue 21). */
    @Test
    void thePlannedGuaranteeIsTheReleasedOne() {
        SphereRegressionData data = SphereRegressionData.draw(30, SphereRegressionData.rng(4, 0));
        List<PrivateGeodesicRegression> configurations = List.of(SphereRegressionData.builder().build(),
                SphereRegressionData.builder().method(RegressionMethod.PAPER).footpointShare(0.5).build(),
                SphereRegressionData.builder().method(RegressionMethod.PUBLIC_VECTOR).footpointShare(0.5).build(),
                SphereRegressionData.builder().sigmaRule(SigmaRule.PAPER).build(),
                SphereRegressionData.builder().dataDerivedTau().nonPrivate(true).build(),
                SphereRegressionData.builder().dataDerivedCovariateRange().nonPrivate(true).build());
        int stream = 1;
        for (PrivateGeodesicRegression mechanism : configurations) {
            Release<RegressionEstimate> release = mechanism.release(data.covariates(), data.responses(), BUDGET,
                    SphereRegressionData.rng(4, stream++));
            assertThat(mechanism.plannedGuarantee()).as(mechanism.method() + " " + mechanism.sigmaRule())
                    .isEqualTo(release.guarantee());
        }
    }

    @Test
    void dataDerivedTauOrRangeIsNotPrivateAndNeedsTheFlag() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(3, 0));
        assertThatThrownBy(() -> SphereRegressionData.builder().dataDerivedTau().build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tau")
                .hasMessageContaining("Provided value: nonPrivate = false");
        assertThatThrownBy(() -> SphereRegressionData.builder().dataDerivedCovariateRange().build())
                .hasMessageContaining("covariate range").hasMessageContaining("nonPrivate = false");

        Release<RegressionEstimate> dataTau = SphereRegressionData.builder().dataDerivedTau().nonPrivate(true).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(3, 1));
        assertThat(dataTau.guarantee()).isEqualTo(Guarantee.NOT_PRIVATE);
        assertThat(dataTau.dataDerived()).isTrue();
        assertThat(dataTau.warnings()).anyMatch(w -> w.startsWith("NOT PRIVATE: tau"));
        // the largest residual at the fit: well below the domain's V + Rp + r, hence a smaller sensitivity
        assertThat((double) dataTau.parameters().get("tau")).isBetween(0.01, V + RP + R);

        Release<RegressionEstimate> dataRange = SphereRegressionData.builder().dataDerivedCovariateRange()
                .nonPrivate(true).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(3, 2));
        assertThat(dataRange.guarantee()).isEqualTo(Guarantee.NOT_PRIVATE);
        assertThat(dataRange.parameters()).containsEntry("covariateRangePublic", false);

        Release<RegressionEstimate> publicTau = SphereRegressionData.builder().tau(1.5).build()
                .release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(3, 3));
        assertThat(publicTau.guarantee()).isEqualTo(Guarantee.MCMC);
        assertThat(publicTau.parameters()).containsEntry("tau", 1.5).containsEntry("tauSource", "public");
    }

    /** A chain of 0 burn-in and 1 step releases within one proposal of (m0, 0), never the fit. */
    @Test
    void theChainStartsAtTheCentreNotAtTheFit() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(4, 0));
        PrivateGeodesicRegression oneStep = SphereRegressionData.builder().burnIn(0).thin(1).build();
        int moved = 0;
        for (int k = 0; k < 40; k++) {
            Release<RegressionEstimate> release = oneStep.release(data.covariates(), data.responses(),
                    PrivacyBudget.pure(1), SphereRegressionData.rng(4, 1 + k));
            double scale = ((Number) release.parameters().get("proposalScale")).doubleValue();
            RegressionEstimate value = release.value();
            double rho = SPHERE.distance(M0, value.scaledFootpoint());
            double speed = SPHERE.norm(value.scaledFootpoint(), value.scaledShootingVector());
            // one Gaussian move of scale s in d = 2 coordinates per block: |a|, |b| <= 6 s with probability 1 - 1e-8
            assertThat(rho).isLessThanOrEqualTo(6 * scale);
            assertThat(speed).isLessThanOrEqualTo(6 * scale);
            if (rho > 0) {
                moved++;
            }
        }
        assertThat(moved).as("one-step chains that accepted their move").isGreaterThan(0);
        assertThat(oneStep.release(data.covariates(), data.responses(), BUDGET, SphereRegressionData.rng(4, 0))
                .parameters().get("chainStart")).asString().startsWith("(m0, 0)");
    }

    /** The caller's parametrisation is the same geodesic: exp(footpoint, x w) = exp(p', ((x - lo)/width) v'). */
    @Test
    void estimateIsMappedBackToTheCallersCovariate() {
        SphereRegressionData data = SphereRegressionData.draw(30, SphereRegressionData.rng(5, 0));
        double low = 10;
        double high = 14;
        double[] covariates = new double[data.covariates().length];
        for (int i = 0; i < covariates.length; i++) {
            covariates[i] = low + (high - low) * data.covariates()[i];
        }
        RegressionEstimate value = SphereRegressionData.builder().covariateRange(low, high).build()
                .release(covariates, data.responses(), BUDGET, SphereRegressionData.rng(5, 1)).value();
        for (double x : new double[] {0, 10, 12.5, 14}) {
            double[] caller = SPHERE.exp(value.footpoint(), SphereRegressionData.scaled(value.shootingVector(), x));
            double[] rescaled = SPHERE.exp(value.scaledFootpoint(),
                    SphereRegressionData.scaled(value.scaledShootingVector(), (x - low) / (high - low)));
            assertThat(SPHERE.distance(caller, rescaled)).as("x = %s", x).isLessThan(1e-6);
        }
        assertThat(SPHERE.distance(value.scaledFootpoint(), SPHERE.exp(value.footpoint(),
                SphereRegressionData.scaled(value.shootingVector(), low)))).isLessThan(1e-6);
    }

    @Test
    void inputsAreValidatedByName() {
        SphereRegressionData data = SphereRegressionData.draw(20, SphereRegressionData.rng(6, 0));
        PrivateGeodesicRegression mechanism = SphereRegressionData.builder().build();
        UniformRandomProvider rng = SphereRegressionData.rng(6, 1);
        double[] outsideRange = data.covariates().clone();
        outsideRange[3] = 1.5;
        assertThatThrownBy(() -> mechanism.release(outsideRange, data.responses(), BUDGET, rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("covariates[3]")
                .hasMessageContaining("public covariate range").hasMessageContaining("Provided value: 1.5");
        double[][] outsideBall = data.responses().clone();
        outsideBall[7] = SPHERE.exp(M0, new double[] {0.5, 0, 0});
        assertThatThrownBy(() -> mechanism.release(data.covariates(), outsideBall, BUDGET, rng))
                .hasMessageContaining("responses[7]").hasMessageContaining("outside the public data ball")
                .hasMessageContaining("Provided value");
        double[][] notAPoint = data.responses().clone();
        notAPoint[2] = new double[] {0, 0, 2};
        assertThatThrownBy(() -> mechanism.release(data.covariates(), notAPoint, BUDGET, rng))
                .hasMessageContaining("responses[2]").hasMessageContaining("not a point");
        assertThatThrownBy(() -> mechanism.release(new double[3], data.responses(), BUDGET, rng))
                .hasMessageContaining("one entry per record");
        assertThatThrownBy(() -> mechanism.release(data.covariates(), data.responses(), null, rng))
                .hasMessageContaining("budget");

        // V beyond the focal distance pi/2 of S^2, Rp making tau reach the injectivity radius, too small a tau
        assertThatThrownBy(() -> SphereRegressionData.builder().domain(M0, R, RP, 1.6).build())
                .hasMessageContaining("maxSpeed").hasMessageContaining("Provided value: 1.6");
        assertThatThrownBy(() -> SphereRegressionData.builder().domain(M0, R, 2.5, V).build())
                .hasMessageContaining("injectivity radius").hasMessageContaining("tau = maxSpeed + footpointRadius");
        assertThatThrownBy(() -> SphereRegressionData.builder().tau(0.5).build())
                .hasMessageContaining("tau must bound").hasMessageContaining("Provided value: 0.5");
        assertThatThrownBy(() -> SphereRegressionData.builder().domain(M0, R, 0, V).build())
                .hasMessageContaining("footpointRadius").hasMessageContaining("Provided value: 0");
        assertThatThrownBy(() -> SphereRegressionData.builder().domain(M0, 0.5, RP, V).build())
                .hasMessageContaining("radius limit").hasMessageContaining("Provided value: 0.5");
        assertThatThrownBy(() -> PrivateGeodesicRegression.builder().geometry(SPHERE).domain(M0, R, RP, V).build())
                .hasMessageContaining("covariate range");
        assertThatThrownBy(() -> SphereRegressionData.builder().footpointShare(1).build())
                .hasMessageContaining("footpointShare").hasMessageContaining("Provided value: 1");
        assertThatThrownBy(() -> SphereRegressionData.builder().sigmaRule(new SigmaRule.Scaled(2)).build())
                .hasMessageContaining("sigmaRule").hasMessageContaining("scaled:2");

        // Kendall's shape space, kmax = 4: the data radius is limited to pi/16
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        double[] shape = kendall.capability(LandmarkShapes.class).orElseThrow()
                .preshape(new double[] {0, 0, 1, 0, 1, 1, 0, 1, 0.5, 1.7});
        assertThatThrownBy(() -> PrivateGeodesicRegression.builder().geometry(kendall)
                .domain(shape, Math.PI / 16 * 1.01, 0.1, 0.1).covariateRange(0, 1).build())
                .hasMessageContaining("radius limit").hasMessageContaining("pi/(8 sqrt(kmax))");
        assertThat(PrivateGeodesicRegression.builder().geometry(kendall).domain(shape, Math.PI / 16, 0.1, 0.1)
                .covariateRange(0, 1).build().tau()).isCloseTo(Math.PI / 16 + 0.2, within(1e-15));
    }

    /** The joint target and the chain reuse their arrays: 10 000 more steps allocate (almost) nothing more. */
    @Test
    void releaseStepsDoNotAllocate() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean)
                || !bean.isThreadAllocatedMemorySupported()) {
            return;
        }
        SphereRegressionData data = SphereRegressionData.draw(20, SphereRegressionData.rng(7, 0));
        PrivateGeodesicRegression shortChain = SphereRegressionData.builder().burnIn(1_000).thin(10).build();
        PrivateGeodesicRegression longChain = SphereRegressionData.builder().burnIn(11_000).thin(10).build();
        UniformRandomProvider rng = SphereRegressionData.rng(7, 1);
        long thread = Thread.currentThread().getId();
        long shortBytes = Long.MAX_VALUE;
        long longBytes = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = bean.getThreadAllocatedBytes(thread);
            shortChain.release(data.covariates(), data.responses(), BUDGET, rng);
            long middle = bean.getThreadAllocatedBytes(thread);
            longChain.release(data.covariates(), data.responses(), BUDGET, rng);
            long after = bean.getThreadAllocatedBytes(thread);
            shortBytes = Math.min(shortBytes, middle - before);
            longBytes = Math.min(longBytes, after - middle);
        }
        assertThat(longBytes - shortBytes).as("bytes allocated by 10 000 extra steps").isLessThan(10_000);
    }
}
