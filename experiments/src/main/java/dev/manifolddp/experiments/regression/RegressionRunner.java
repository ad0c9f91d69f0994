package dev.manifolddp.experiments.regression;

import dev.manifolddp.estimators.GeodesicRegression;
import dev.manifolddp.estimators.GeodesicRegressionResult;
import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.PrivacyUnit;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.regression.RegressionEstimate;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every (cell, replicate) of a {@link RegressionExperiment} on a fixed pool of threads. Each task draws its
 * dataset and its release from its own seeded streams and writes into its own slot, so the results do not depend on
 * the thread count or the order tasks finish in.
 */
public final class RegressionRunner {

    private RegressionRunner() {
    }

    /**
     * One release's outcome.
     *
     * @param mse           the released geodesic's mean squared error on its dataset
     * @param nonPrivateMse the non-private fit's (Fletcher 2011, from the public start (m0, 0)) on the same dataset
     * @param clipped       responses pulled back onto the data ball
     * @param guarantee     the release's guarantee label
     * @param acceptance    the chain's acceptance rate
     * @param wallSeconds   the task's wall time
     * @param estimate      the released geodesic
     * @param nonPrivateFit the non-private fit's footpoint and shooting vector
     */
    public record Replicate(double mse, double nonPrivateMse, int clipped, String guarantee, double acceptance,
            double wallSeconds, RegressionEstimate estimate, double[][] nonPrivateFit) {
    }

    /**
     * The outcome: {@code replicates.get(c)[r]} is replicate r of cell c.
     *
     * @param experiment  what was run
     * @param replicates  the outcomes per cell
     * @param wallSeconds the run's wall time
     */
    public record Result(RegressionExperiment experiment, List<Replicate[]> replicates, double wallSeconds) {
    }

    /** Runs everything; a failing release fails the run with its cell and replicate named. */
    public static Result run(RegressionExperiment experiment, Progress progress) {
        long start = System.nanoTime();
        List<Replicate[]> results = new ArrayList<>();
        for (int c = 0; c < experiment.cells().size(); c++) {
            results.add(new Replicate[experiment.replicates()]);
        }
        CellGrid.run(experiment.threads(), "mdp-regression", experiment.cells().size(), experiment.replicates(),
                progress, (cell, replicate) -> results.get(cell)[replicate] = replicate(experiment,
                        experiment.cells().get(cell), replicate));
        return new Result(experiment, results, (System.nanoTime() - start) / 1e9);
    }

    private static Replicate replicate(RegressionExperiment experiment, RegressionCell cell, int replicate) {
        long start = System.nanoTime();
        try {
            RegressionSource source = experiment.data();
            SyntheticGeodesicData.Dataset data = source.dataset(cell, experiment.dataStream(cell, replicate));
            GeodesicRegressionResult fit = source instanceof FileRegressionData file ? file.fit()
                    : GeodesicRegression.builder().geometry(experiment.geometry())
                            .covariateRange(source.low(), source.high())
                            .start(source.center(), new double[source.center().length]).build()
                            .fit(data.covariates(), data.responses());
            double nonPrivate = SyntheticGeodesicData.meanSquaredError(experiment.geometry(), fit.footpoint(),
                    fit.shootingVector(), data);
            PrivacyUnit unit = PrivacyUnit.subjects(experiment.recordsPerSubject());
            PrivacyBudget subjectLevel = PrivacyBudget.pure(cell.epsilon());
            Release<RegressionEstimate> release = cell.mechanism().release(data.covariates(), data.responses(),
                    unit.perRecord(subjectLevel), experiment.releaseStream(cell, replicate));
            if (experiment.subjectUnit()) {
                // the same conversion as every mean release (PrivacyUnit.spent)
                release = release.withUnitOfPrivacy(unit.spent(subjectLevel, release.budget()),
                        experiment.unitOfPrivacy());
            }
            if (source instanceof FileRegressionData file && file.templateFromData()) {
                release = release.withGuaranteeAtMost(Guarantee.NOT_PRIVATE, "the ball centre is the data's Frechet "
                        + "mean (data.template: data, non-private: true)");
            }
            RegressionEstimate estimate = release.value();
            double mse = SyntheticGeodesicData.meanSquaredError(experiment.geometry(), estimate.footpoint(),
                    estimate.shootingVector(), data);
            return new Replicate(mse, nonPrivate, data.clipped(), release.guarantee().label(),
                    release.sampler().acceptanceRate(), (System.nanoTime() - start) / 1e9, estimate,
                    new double[][] {fit.footpoint(), fit.shootingVector()});
        } catch (RuntimeException e) {
            throw new IllegalStateException(String.format("cell %d (%s, n = %d, noise %s, epsilon %s), replicate %d "
                    + "failed: %s", cell.index(), cell.label(), cell.n(), cell.noise(), cell.epsilon(), replicate,
                    e.getMessage()), e);
        }
    }
}
