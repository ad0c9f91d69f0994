package dev.manifolddp.mechanisms.regression;

import static dev.manifolddp.mechanisms.regression.SphereRegressionData.M0;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.P;
import static dev.manifolddp.mechanisms.regression.SphereRegressionData.SPHERE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.ProposalScales;
import dev.manifolddp.mechanisms.Release;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 23's regression chains: at a large epsilon the joint release's chain, started at the public (m0, 0), reaches
 * the true footpoint with the default ladder of scales and stays at its start with the single scale; the two-step
 * release records one ladder per chain.
 */
class RegressionProposalScalesTest {

    @Test
    void theJointChainLeavesItsPublicStartAtLargeEpsilonOnlyWithTheLadder() {
        SphereRegressionData data = SphereRegressionData.draw(400, SphereRegressionData.rng(31, 0));
        double start = SPHERE.distance(M0, P);
        double[] errors = new double[2];
        for (ProposalScales scales : ProposalScales.values()) {
            Release<RegressionEstimate> release = SphereRegressionData.builder().burnIn(6_000).proposalScales(scales)
                    .build().release(data.covariates(), data.responses(), PrivacyBudget.pure(1000),
                            SphereRegressionData.rng(31, 1));
            errors[scales.ordinal()] = SPHERE.distance(P, release.value().footpoint());
            double min = (double) release.parameters().get("proposalScale");
            double max = (double) release.parameters().get("proposalScaleMax");
            assertThat(release.parameters()).containsEntry("proposalScaleMin", min)
                    .containsEntry("proposalScaleMixture", scales.configName());
            if (scales == ProposalScales.LADDER) {
                // t min(Rp, V)/sqrt(d) with t = 0.5, Rp = 0.3, V = 0.4 on S^2
                assertThat(max).isCloseTo(0.5 * 0.3 / Math.sqrt(2), within(1e-15));
                assertThat(release.parameters().get("proposalScaleLevels"))
                        .isEqualTo(1 + (int) Math.ceil(Math.log(min / max) / Math.log(0.25)));
            } else {
                assertThat(max).isEqualTo(min);
                assertThat(release.parameters()).containsEntry("proposalScaleLevels", 1);
            }
        }
        assertThat(start).isGreaterThan(0.1);
        assertThat(errors[ProposalScales.SINGLE.ordinal()]).as("one scale stays near (m0, 0)")
                .isGreaterThan(0.5 * start);
        // the fit itself is about NOISE / sqrt(n) ~ 0.0025 from the truth; sigma is below 1e-3 here
        assertThat(errors[ProposalScales.LADDER.ordinal()]).as("the ladder reaches the fit").isLessThan(0.02);
    }

    @Test
    void theTwoStepReleaseRecordsOneLadderPerChain() {
        SphereRegressionData data = SphereRegressionData.draw(40, SphereRegressionData.rng(32, 0));
        Release<RegressionEstimate> release = SphereRegressionData.builder().method(RegressionMethod.PUBLIC_VECTOR)
                .footpointShare(0.25).build().release(data.covariates(), data.responses(), PrivacyBudget.pure(1),
                        SphereRegressionData.rng(32, 1));
        assertThat(release.parameters().get("proposalScaleMax")).isEqualTo(
                List.of(0.5 * 0.3 / Math.sqrt(2), 0.5 * 0.3 / Math.sqrt(2)));
        assertThat(release.parameters().get("proposalScaleMin")).isEqualTo(release.parameters().get("proposalScale"));
        assertThat((List<?>) release.parameters().get("proposalScaleLevels")).hasSize(2);
    }
}
