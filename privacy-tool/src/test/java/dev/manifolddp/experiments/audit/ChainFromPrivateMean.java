package dev.manifolddp.experiments.audit;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.sampling.mcmc.LaplaceLogDensity;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A planted fault for the auditor's tests: the Riemannian Laplace at its proven scale, drawn by a Metropolis-Hastings
 * chain that starts at the non-private Frechet mean and takes too few steps to leave it. The release is then close to
 * the exact mean, and no epsilon bounds the privacy loss (the chain's law at step {@code steps} has an atom at the
 * start whenever every proposal is rejected). It claims the budget anyway, as the faulty code would.
 */
final class ChainFromPrivateMean implements Mechanism {

    private final int steps;

    ChainFromPrivateMean(int steps) {
        this.steps = steps;
    }

    @Override
    public String name() {
        return "chain-from-private-mean";
    }

    @Override
    public Calibration calibrate(dev.manifolddp.estimators.Estimator estimator, Geometry geometry, DataBall ball,
            int n, PrivacyBudget budget) {
        double sensitivity = SensitivityBounds.laplaceMean(geometry, ball.radius(), n);
        double sigma = sensitivity / budget.epsilon();
        Release.Builder<double[]> release = Release.<double[]>builder(name()).budget(budget).sensitivity(sensitivity)
                .sigma(sigma).sampler(SamplerReport.mcmc(steps, 0, steps, 1, Double.NaN, Double.NaN, Double.NaN));
        return Calibration.of(this, estimator, geometry, ball, n, release, sigma);
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Release.Builder<double[]> release = calibration.start(this, data, random).release();
        Geometry geometry = calibration.geometry();
        double sigma = calibration.plan(Double.class);
        double[] mean = FrechetMean.builder().geometry(geometry).tolerance(1e-12).maxIterations(1000).build()
                .fit(data).requireConverged();
        MetropolisHastings chain = MetropolisHastings.builder().geometry(geometry)
                .target(new LaplaceLogDensity(geometry, mean, sigma)).proposal(new TangentGaussianProposal(geometry))
                .step(sigma).burnIn(0).thin(steps).samples(1).build();
        McmcResult result = chain.run(mean, random);   // the fault: the chain starts at the private mean
        return calibration.seal(release.value(result.lastState()).sampler(SamplerReport.mcmc(steps, 0, steps, 1,
                result.diagnostics().acceptanceRate(), Double.NaN, Double.NaN)));
    }
}
