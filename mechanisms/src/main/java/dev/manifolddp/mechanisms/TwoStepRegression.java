package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.PublicRegressionDomain;
import dev.manifolddp.estimators.RegressionDomain;
import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBundle;
import dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression;
import dev.manifolddp.mechanisms.regression.RegressionEstimate;
import dev.manifolddp.mechanisms.regression.RegressionMethod;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The two-step regression releases of docs/private-regression.md as a mechanism of the one release sequence: the
 * footpoint by KNG at {@code epsilon_p}, then the shooting vector at the released footpoint by KNG at
 * {@code epsilon_v = epsilon - epsilon_p}, each with its own sensitivity ({@link RegressionSensitivity#footpoint},
 * {@link RegressionSensitivity#shootingVector}); the draws are {@link PrivateGeodesicRegression}'s, bit for bit.
 * Method {@code public-vector} holds the public vector 0 in the first step (proven, §4); method {@code paper} holds the
 * non-private fit's vector (Kulkarni and Soto 2025, App. A; unproven, §1). It releases any estimator with covariate
 * records ({@link CovariateRecords}) whose parameter space is a {@link TangentBundle} and that states its public
 * domain ({@link PublicRegressionDomain}); the release is the packed pair {@code [p..., v...]} on the rescaled
 * covariate, as the estimator's values. Calibration reads no record.
 */
public final class TwoStepRegression implements Mechanism {

    /** The registered name. */
    public static final String NAME = "two-step-regression";

    private final RegressionMethod method;
    private final SigmaRule sigmaRule;
    private final double footpointShare;
    private final McmcSettings mcmc;
    private final boolean nonPrivate;

    private TwoStepRegression(RegressionMethod method, SigmaRule sigmaRule, double footpointShare,
            McmcSettings mcmc, boolean nonPrivate) {
        if (method == RegressionMethod.JOINT) {
            throw new IllegalArgumentException(NAME + ": parameter 'method' is public-vector or paper; the joint "
                    + "release is kng on the tangent bundle (--mechanism kng). Provided value: joint");
        }
        if (!(sigmaRule instanceof SigmaRule.Proven || sigmaRule instanceof SigmaRule.Paper)) {
            throw new IllegalArgumentException(NAME + ": parameter 'sigma-rule' must be proven or paper. Provided "
                    + "value: " + sigmaRule.describe());
        }
        if (!(footpointShare > 0 && footpointShare < 1)) {
            throw new IllegalArgumentException(NAME + ": parameter 'footpoint-share' must lie strictly between 0 and "
                    + "1 (the share of epsilon the footpoint step spends). Provided value: " + footpointShare);
        }
        this.method = method;
        this.sigmaRule = sigmaRule;
        this.footpointShare = footpointShare;
        this.mcmc = mcmc;
        this.nonPrivate = nonPrivate;
    }

    /**
     * A two-step release by {@code method} with these settings; {@code nonPrivate} admits a data-derived ball (the
     * release is then labelled not private).
     */
    public static TwoStepRegression of(RegressionMethod method, SigmaRule sigmaRule, double footpointShare,
            McmcSettings mcmc, boolean nonPrivate) {
        return new TwoStepRegression(method, sigmaRule, footpointShare, mcmc, nonPrivate);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The regression that draws, and the budget it draws at. */
    private record Plan(PrivateGeodesicRegression regression, PrivacyBudget budget) {
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, estimator, geometry, ball, n, budget,
                nonPrivate);
        release.spendsNoDelta();
        if (estimator.capability(CovariateRecords.class).isEmpty()
                || estimator.parameterSpace(geometry).capability(TangentBundle.class).isEmpty()) {
            throw ReleaseContext.lacks(estimator, NAME, "records with a covariate and the tangent bundle as its "
                    + "parameter space (a geodesic regression)");
        }
        PublicRegressionDomain.Domain domain = estimator.capability(PublicRegressionDomain.class)
                .orElseThrow(() -> ReleaseContext.lacks(estimator, NAME, "a public regression domain (Rp, V, tau "
                        + "and the covariate range; PublicRegressionDomain)"))
                .publicDomain(geometry, ball.radius());
        PrivateGeodesicRegression regression = PrivateGeodesicRegression.builder().geometry(geometry)
                .domain(ball.center(), ball.radius(), domain.footpointRadius(), domain.maxSpeed())
                .covariateRange(domain.covariateLow(), domain.covariateHigh()).tau(domain.tau()).method(method)
                .sigmaRule(sigmaRule).footpointShare(footpointShare).burnIn(mcmc.burnIn()).thin(mcmc.thin())
                .step(mcmc.step()).proposalScales(mcmc.scales()).chains(mcmc.chains()).nonPrivate(nonPrivate).build();
        RegressionDomain sets = new RegressionDomain(ball.radius(), domain.footpointRadius(), domain.maxSpeed());
        double deltaP = RegressionSensitivity.footpoint(geometry, domain.tau(), sets, n);
        double deltaV = RegressionSensitivity.shootingVector(geometry, domain.tau(), sets, n);
        // the regression's own scales: factor Delta / epsilon_share, the factor 2 proven and 1 the paper's
        double factor = sigmaRule instanceof SigmaRule.Paper ? 1 : 2;
        double epsilonP = footpointShare * budget.epsilon();
        double epsilonV = budget.epsilon() - epsilonP;
        double sigmaP = factor * deltaP / epsilonP;
        double sigmaV = factor * deltaV / epsilonV;
        if (!(sigmaP > 0 && sigmaV > 0) || Double.isInfinite(sigmaP) || Double.isInfinite(sigmaV)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the noise scales sigma_p = %s and "
                    + "sigma_v = %s are not finite numbers > 0; change epsilon or footpoint-share. Provided value: "
                    + "epsilon = %s", NAME, sigmaP, sigmaV, budget.epsilon()));
        }
        release.sensitivity(deltaP).sigma(sigmaP).sigmaRule(sigmaRule)
                .parameter("parameterSpace", TangentBundle.of(geometry).spec())
                .parameter("method", method.configName())
                .parameter("footpointRadius", domain.footpointRadius())
                .parameter("maxSpeed", domain.maxSpeed())
                .parameter("covariateRange", List.of(domain.covariateLow(), domain.covariateHigh()))
                .parameter("tau", domain.tau())
                .parameter("footpointSensitivity", deltaP)
                .parameter("shootingVectorSensitivity", deltaV)
                .parameter("footpointShare", footpointShare)
                .parameter("epsilonFootpoint", epsilonP)
                .parameter("epsilonShootingVector", epsilonV)
                .parameter("sigmaFootpoint", sigmaP)
                .parameter("sigmaShootingVector", sigmaV)
                .parameter("sigmaFormula", (factor == 2 ? "2" : "") + " Delta_p/epsilon_p for the footpoint, "
                        + (factor == 2 ? "2" : "") + " Delta_v/epsilon_v for the shooting vector "
                        + "(docs/private-regression.md §4)")
                .parameter("samplerChoice", "mcmc: no exact sampler on the tangent bundle")
                .parameter("chainStart", "(m0, 0): the public domain's centre and the zero vector")
                .parameter("burnIn", mcmc.burnIn())
                .parameter("thin", mcmc.thin())
                .parameter("chains", mcmc.chains())
                .parameter("stepFactor", mcmc.step())
                .parameter("proposalScaleMixture", mcmc.scales().configName())
                .sampler(SamplerReport.mcmc(2 * mcmc.chains() * mcmc.stepsPerChain(), mcmc.burnIn(), mcmc.thin(),
                        mcmc.chains(), Double.NaN, Double.NaN, Double.NaN));
        if (method == RegressionMethod.PAPER) {
            release.unproven(PrivateGeodesicRegression.PAPER_REASON);
        }
        ReleaseContext.floatingPointWarning(release, "a Markov chain of exponential-map moves and parallel "
                + "transports");
        return Calibration.of(this, estimator, geometry, ball, n, release, new Plan(regression, budget));
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Release.Builder<double[]> release = calibration.start(this, data, random).release();
        Plan plan = calibration.plan(Plan.class);
        Geometry geometry = calibration.geometry();
        CovariateRecords records = calibration.estimator().capability(CovariateRecords.class).orElseThrow();
        Release<RegressionEstimate> drawn = plan.regression().release(records.covariates(geometry, data),
                records.responses(geometry, data), plan.budget(), random);
        RegressionEstimate value = drawn.value();
        release.value(TangentBundle.of(geometry).pack(value.scaledFootpoint(), value.scaledShootingVector()))
                .sampler(drawn.sampler());
        drawn.diagnostics().values().forEach(release::diagnostic);
        drawn.diagnostics().warnings().forEach(release::diagnosticWarning);
        return calibration.seal(release);
    }
}
