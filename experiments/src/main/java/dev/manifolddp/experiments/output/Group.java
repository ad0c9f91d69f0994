package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.utility.Measurement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The replicates of one cell and one mechanism, summarised: the utility statistics of summary.csv and the privacy
 * accounting and sampler diagnostics of run.json.
 *
 * @param cell          the cell
 * @param mechanism     the mechanism's index in the configuration
 * @param label         the mechanism's label
 * @param stats         one statistic per utility measure
 * @param projected     per utility, releases measured after projection onto the manifold
 * @param undefined     per utility, releases without a defined value
 * @param sensitivity   sensitivity over the replicates
 * @param sigma         noise scale over the replicates
 * @param sigmaRules    the distinct calibration rules
 * @param guarantee     the weakest guarantee of the group's releases
 * @param delta         the largest delta a release spent
 * @param nonPrivate    releases whose guarantee was unproven or not-private
 * @param dataDerived   releases with a data-derived bound
 * @param samplers      the distinct sampler methods
 * @param acceptance    mean acceptance rate over releases that report one (NaN if none)
 * @param ess           mean effective sample size over releases that report one (NaN if none)
 * @param proposals     mean proposals per release over samplers that count them (NaN if none)
 * @param mcmc          an MCMC report of the cell (chain settings), or null
 * @param releases      releases in the group
 * @param releaseTime   wall time of the release calls in seconds (statistics over the replicates)
 */
public record Group(Cell cell, int mechanism, String label, List<Stat> stats, long[] projected, long[] undefined,
        Range sensitivity, Range sigma, Set<String> sigmaRules, Guarantee guarantee, double delta,
        long nonPrivate, long dataDerived,
        Set<String> samplers, double acceptance, double ess, double proposals, SamplerReport mcmc, long releases,
        Stat releaseTime) {

    /** Mean, minimum and maximum of a quantity over a group's replicates. */
    public record Range(double mean, double min, double max) {

        static Range of(double[] values) {
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            int count = 0;
            for (double value : values) {
                if (!Double.isNaN(value)) {
                    sum += value;
                    min = Math.min(min, value);
                    max = Math.max(max, value);
                    count++;
                }
            }
            if (count == 0) {
                return new Range(Double.NaN, Double.NaN, Double.NaN);
            }
            // a constant (the usual case: sensitivity and sigma depend on the cell only) is reported exactly
            return new Range(min == max ? min : sum / count, min, max);
        }
    }

    /** Every (cell, mechanism) group of a run, cells in index order, mechanisms in configuration order. */
    public static List<Group> of(RunResult result) {
        int utilities = result.experiment().utilities().size();
        int replicates = result.experiment().replicates();
        List<Group> groups = new ArrayList<>();
        for (Cell cell : result.experiment().cells()) {
            for (int m = 0; m < result.experiment().mechanisms().size(); m++) {
                double[][] values = new double[utilities][replicates];
                long[] projected = new long[utilities];
                long[] undefined = new long[utilities];
                double[] sensitivity = new double[replicates];
                double[] sigma = new double[replicates];
                double[] acceptance = new double[replicates];
                double[] ess = new double[replicates];
                double[] proposals = new double[replicates];
                double[] seconds = new double[replicates];
                Set<String> rules = new LinkedHashSet<>();
                Set<String> samplers = new LinkedHashSet<>();
                long nonPrivate = 0;
                long dataDerived = 0;
                Guarantee guarantee = Guarantee.PURE;
                double delta = 0;
                SamplerReport mcmc = null;
                for (int r = 0; r < replicates; r++) {
                    ReplicateRecord record = result.record(cell.index(), r, m);
                    for (int u = 0; u < utilities; u++) {
                        Measurement measurement = record.utilities()[u];
                        values[u][r] = measurement.value();
                        if (measurement.status() == Measurement.Status.PROJECTED) {
                            projected[u]++;
                        } else if (measurement.status() == Measurement.Status.UNDEFINED) {
                            undefined[u]++;
                        }
                    }
                    sensitivity[r] = record.sensitivity();
                    seconds[r] = record.releaseSeconds();
                    sigma[r] = record.sigma();
                    rules.add(record.sigmaRule());
                    SamplerReport sampler = record.sampler();
                    samplers.add(sampler.method().name().toLowerCase(java.util.Locale.ROOT));
                    acceptance[r] = sampler.acceptanceRate();
                    ess[r] = sampler.effectiveSampleSize();
                    proposals[r] = sampler.method() == SamplerReport.Method.DIRECT ? Double.NaN : sampler.proposals();
                    if (sampler.isMcmc() && mcmc == null) {
                        mcmc = sampler;
                    }
                    guarantee = Guarantee.weakest(guarantee, record.guarantee());
                    delta = Math.max(delta, record.delta());
                    nonPrivate += record.guarantee() == Guarantee.UNPROVEN
                            || record.guarantee() == Guarantee.NOT_PRIVATE ? 1 : 0;
                    dataDerived += record.dataDerived() ? 1 : 0;
                }
                List<Stat> stats = new ArrayList<>();
                for (int u = 0; u < utilities; u++) {
                    stats.add(Stat.of(values[u]));
                }
                groups.add(new Group(cell, m, result.experiment().mechanisms().get(m).label(), stats, projected,
                        undefined, Range.of(sensitivity), Range.of(sigma), rules, guarantee, delta, nonPrivate, dataDerived,
                        samplers,
                        Range.of(acceptance).mean(), Range.of(ess).mean(), Range.of(proposals).mean(), mcmc,
                        replicates, Stat.of(seconds)));
            }
        }
        return groups;
    }
}
