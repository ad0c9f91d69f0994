package dev.manifolddp.experiments.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetVarianceEstimator;
import dev.manifolddp.estimators.GeodesicRegressionEstimator;
import dev.manifolddp.estimators.TangentPcaEstimator;
import dev.manifolddp.experiments.BuiltInComponents;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Audits of estimands other than the mean: the replacements that make their worst cases (the centre for a variance,
 * a perpendicular boundary point for a second moment), releases read on the parameter space, and an audit that
 * catches a mis-calibrated release of the variance (so a wrong sensitivity would fail it).
 */
class EstimandAuditTest {

    private static final double[] NORTH = {0, 0, 1};
    private static final double R = Math.PI / 8;
    private static Geometry sphere;

    @BeforeAll
    static void load() {
        sphere = BuiltInComponents.geometry("sphere:d=2");
    }

    @Test
    void theReplacementsMoveOneRecordToTheCentreOrAPerpendicularBoundaryPoint() {
        List<BoundaryPair> pairs = BoundaryPairs.generate(sphere, NORTH, R, 5, 2, List.of(Replacement.OPPOSITE,
                Replacement.CENTRE, Replacement.ORTHOGONAL), RandomStreams.seeded(3).stream(0, 0));
        assertThat(pairs).hasSize(2 * BoundaryPairs.PER_DIRECTION * 3);
        DataBall ball = DataBall.declared(NORTH, R);
        double[][] basis = sphere.capability(TangentBasis.class).orElseThrow().basis(NORTH);
        for (BoundaryPair pair : pairs) {
            assertThat(pair.index()).isEqualTo((BoundaryPairs.PER_DIRECTION * pair.directionIndex()
                    + pair.placement().ordinal()) * 3 + pair.replacement().ordinal());
            ball.requireContains(sphere, pair.neighbour());
            double[] near = sphere.log(NORTH, pair.near());
            double[] far = sphere.log(NORTH, pair.far());
            switch (pair.replacement()) {
                case OPPOSITE -> assertThat(sphere.distance(pair.near(), pair.far())).isCloseTo(2 * pair.length(),
                        within(1e-9));
                case CENTRE -> assertThat(pair.far()).containsExactly(NORTH);
                case ORTHOGONAL -> {
                    assertThat(sphere.distance(NORTH, pair.far())).isCloseTo(pair.length(), within(1e-12));
                    assertThat(sphere.inner(NORTH, near, far)).isCloseTo(0, within(1e-12));
                }
                default -> throw new AssertionError(pair.replacement());
            }
        }
        // the default pairs are the opposite replacement's, draw for draw
        List<BoundaryPair> defaults = BoundaryPairs.generate(sphere, NORTH, R, 5, 2, RandomStreams.seeded(3)
                .stream(0, 0));
        assertThat(defaults.get(2).coordinates()).containsExactly(pairs.get(6).coordinates());
        assertThat(basis).hasNumberOfRows(2);
    }

    @Test
    void theVarianceLaplaceStaysWithinItsClaimAndAHalvedSigmaIsCaught() {
        AuditSetup sound = setup(new FrechetVarianceEstimator(null), Replacement.CENTRE, 4000);
        MechanismAudit audit = audit(sound, "riemannian-laplace", Map.of());
        assertThat(audit.violation()).as(audit.event().describe()).isFalse();
        MechanismAudit halved = audit(sound, "riemannian-laplace", Map.of("sigma-rule", "scaled:0.5"));
        assertThat(halved.violation()).as(halved.event().describe()).isTrue();
        // the true loss of the halved Laplace on the line is 2 epsilon: a lower bound must not exceed it
        assertThat(halved.epsilonLowerBound()).isGreaterThan(1.0).isLessThanOrEqualTo(2.0);
    }

    @Test
    void theTangentPcaLaplaceIsReadOnItsParameterSpace() {
        AuditSetup sound = setup(new TangentPcaEstimator(null), Replacement.ORTHOGONAL, 2000);
        MechanismAudit audit = audit(sound, "riemannian-laplace", Map.of());
        assertThat(audit.violation()).as(audit.event().describe()).isFalse();
        assertThat(audit.epsilonLowerBound()).isGreaterThan(0);
    }

    @Test
    void aRegressionIsAuditedOnPublicCovariatesInPackedCoordinatesAndAHundredthOfSigmaIsCaught() {
        GeodesicRegressionEstimator regression = new GeodesicRegressionEstimator(2, 5, Double.NaN, Double.NaN,
                Double.NaN);
        // the public design: covariates evenly over [2, 5], the replaced (last) record at the high end
        List<BoundaryPair> pairs = CovariateDesign.attach(BoundaryPairs.generate(sphere, NORTH, R, 4, 1,
                RandomStreams.seeded(3).stream(0, 0)), regression, regression.name());
        for (BoundaryPair pair : pairs) {
            assertThat(java.util.Arrays.stream(pair.data()).mapToDouble(record -> record[3]).toArray())
                    .containsExactly(2.0, 3.0, 4.0, 5.0);
            assertThat(java.util.Arrays.stream(pair.neighbour()).mapToDouble(record -> record[3]).toArray())
                    .containsExactly(2.0, 3.0, 4.0, 5.0);
            assertThat(java.util.Arrays.copyOf(pair.neighbour()[3], 3)).containsExactly(pair.far());
            assertThat(java.util.Arrays.copyOf(pair.data()[3], 3)).containsExactly(pair.near());
        }
        Map<String, String> chain = Map.of("sampler", "mcmc", "burn-in", "300", "thin", "20");
        AuditSetup setup = new AuditSetup(sphere, NORTH, R, 10, PrivacyBudget.pure(1), 400, 1, 1, 0.95,
                new GeodesicRegressionEstimator(0, 1, Double.NaN, Double.NaN, Double.NaN),
                List.of(Replacement.OPPOSITE));
        MechanismAudit sound = audit(setup, "kng", chain);
        assertThat(sound.violation()).as(sound.event().describe()).isFalse();
        assertThat(sound.event().describe()).contains("packed coordinates");
        Map<String, String> tooLittle = new LinkedHashMap<>(chain);
        tooLittle.put("sigma-rule", "scaled:0.01");
        MechanismAudit caught = audit(setup, "kng", tooLittle);
        // a hundredth of the proven sigma spends at most 100 epsilon; the audit sees more than the claimed 1
        assertThat(caught.violation()).as(caught.event().describe()).isTrue();
        assertThat(caught.epsilonLowerBound()).isGreaterThan(1.0).isLessThanOrEqualTo(100.0);
    }

    private static AuditSetup setup(dev.manifolddp.estimators.Estimator estimator, Replacement replacement,
            int releases) {
        return new AuditSetup(sphere, NORTH, R, 10, PrivacyBudget.pure(1), releases, 1, 5, 0.95, estimator,
                List.of(replacement));
    }

    private static MechanismAudit audit(AuditSetup setup, String mechanism, Map<String, String> params) {
        Map<String, String> map = new LinkedHashMap<>(params);
        AuditTarget target = new AuditTarget(mechanism, map, BuiltInComponents.mechanisms().provider(mechanism).create(map));
        return Auditor.run(setup, List.of(target), 2, Progress.none()).audits().get(0);
    }
}
