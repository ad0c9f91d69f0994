package dev.manifolddp.experiments.regression;

import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.output.MarkdownSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The {@code summary.md} of a regression experiment: the paper figure, settings, results, plots and deviations. */
final class RegressionMarkdown {

    private RegressionMarkdown() {
    }

    static String text(RegressionRunner.Result result, List<RegressionOutputs.Summary> summaries,
            List<String> plots) {
        RegressionExperiment experiment = result.experiment();
        RegressionConfig config = experiment.config();
        RegressionConfig.Domain domain = config.domain();
        StringBuilder md = new StringBuilder();
        MarkdownSummary.title(md, config.name(), config.reproduces());
        MarkdownSummary.settings(md);
        row(md, "kind", "regression: private geodesic regression on " + (config.fileData() ? "a data file"
                : "synthetic data"));
        row(md, "geometry", experiment.geometry().spec());
        row(md, "public domain", String.format(Locale.ROOT, "m0 = %s, data radius r = %s, footpoint radius Rp = %s, "
                + "max speed V = %s, covariate range [%s, %s]", experiment.geometry().layout().format(
                experiment.data().center()), domain.dataRadius(), domain.footpointRadius(), domain.maxSpeed(),
                domain.low(), domain.high()));
        row(md, "tau", String.format(Locale.ROOT, "%.6g (%s)", experiment.tau(), Double.isNaN(domain.tau())
                ? "V + Rp + r, public" : "public, configured"));
        if (experiment.data() instanceof SyntheticGeodesicData synthetic) {
            row(md, "true geodesic", "footpoint " + experiment.geometry().layout().format(synthetic.footpoint())
                    + ", shooting vector " + java.util.Arrays.toString(synthetic.velocity()));
            row(md, "n", config.ns().toString());
            row(md, "noise delta", config.noises().toString());
        } else if (experiment.data() instanceof FileRegressionData file) {
            RegressionConfig.Data data = config.data();
            row(md, "data", String.format(Locale.ROOT, "%s (SHA-256 %s): %d records, %d subjects, covariate %s",
                    data.file(), file.sha256(), file.records().covariates().length, file.subjects(),
                    data.covariate()));
            row(md, "template m0", file.templateFromData() ? "the data's Frechet mean (NON-PRIVATE: every release "
                    + "is labelled not-private)" : "public, configured");
            row(md, "largest distance of a response from m0", String.format(Locale.ROOT, "%.6g (reported only; "
                    + "the radius r is public)", file.maxDistance()));
        }
        row(md, "unit of privacy", experiment.unitOfPrivacy());
        if (!config.epsilons().isEmpty()) {
            row(md, "equal panel: total epsilon", config.epsilons().toString());
        }
        if (config.split() != null) {
            row(md, "unequal panel: epsilon_p (total " + config.split().total() + ")",
                    config.split().footpoints().toString());
        }
        StringBuilder methods = new StringBuilder();
        for (RegressionConfig.Method m : config.methods()) {
            methods.append(methods.length() == 0 ? "" : "; ").append(m.label()).append(" (method ")
                    .append(m.method()).append(", sigma rule ").append(m.sigmaRule()).append(')');
        }
        row(md, "methods", methods.toString());
        row(md, "MCMC", String.format(Locale.ROOT, "burn-in %d, thin %d, step t = %s, one chain from (m0, 0)",
                config.mcmc().burnIn(), config.mcmc().thin(), config.mcmc().step()));
        row(md, "replicates", experiment.replicates() + MarkdownSummary.scaled(experiment.replicates(),
                config.replicates(), experiment.options().scale()));
        row(md, "seed", Long.toString(config.seed()));
        row(md, "wall time", String.format(Locale.ROOT, "%.1f s on %d threads", result.wallSeconds(),
                experiment.threads()));
        md.append("\n## Results\n\nMSE = (1/n) sum_k rho(exp(p~, x_k v~), y_k)^2 of the released geodesic on its own "
                + "dataset, mean over the replicates +- its standard error; the non-private fit's MSE on the same "
                + "datasets for comparison.\n\n");
        md.append("| panel | n | noise | epsilon | epsilon_p | method | guarantee | sigma | mean MSE | SE | "
                + "non-private MSE |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (RegressionOutputs.Summary s : summaries) {
            RegressionCell c = s.cell();
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %.4g | %.4g | %.2g | %.4g |%n",
                    c.panel(), c.n(), RegressionPlots.format(c.noise()), RegressionPlots.format(c.epsilon()),
                    Double.isNaN(c.epsilonP()) ? "-" : RegressionPlots.format(c.epsilonP()), c.label(),
                    s.guarantee(), c.sigma(), s.mse().mean(), s.mse().standardError(), s.nonPrivate().mean()));
        }
        md.append("\n## Plots\n\n");
        MarkdownSummary.images(md, plots);
        MarkdownSummary.deviations(md, deviations(result, summaries));
        return md.toString();
    }

    /** The deviations this run makes from Kulkarni and Soto's settings: the fixed ones, then the configured ones. */
    static List<String> deviations(RegressionRunner.Result result, List<RegressionOutputs.Summary> summaries) {
        RegressionExperiment experiment = result.experiment();
        RegressionConfig config = experiment.config();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "tau is public, %.6g = V + Rp + r over the public domain (or a configured "
                + "larger value), not the paper's largest residual at the non-private fit, which is read from the "
                + "data (docs/private-regression.md §3).", experiment.tau()));
        out.add("The joint release of (p, v) on the tangent bundle (one budget, sigma = 2 Delta / epsilon, "
                + "Delta = sqrt(Delta_p^2 + Delta_v^2)) is the proven default; the paper's two-step release (method "
                + "paper) is run side by side and labelled unproven (docs/private-regression.md §1). Sigma rule paper "
                + "(Delta / epsilon) is unproven too.");
        out.add(String.format(Locale.ROOT, "Every release is one Metropolis-Hastings chain from the public point "
                + "(m0, 0) with burn-in %d, thin %d, step t = %s (labelled mcmc at best); the paper does not state "
                + "its chain settings.", config.mcmc().burnIn(), config.mcmc().thin(), config.mcmc().step()));
        out.add("Each replicate is an independent (dataset, release) pair, the dataset shared across budgets and "
                + "methods (common random numbers); the paper draws one dataset and 10 footpoints x 10 shooting "
                + "vectors per footpoint. Both average the MSE over releases; ours also averages over datasets.");
        out.add("The noise is tangent: y = exp(gamma(x), xi), xi the tangent projection of N(0, delta I); the paper "
                + "adds N(0, delta I) in the ambient space and normalises. Covariates are uniform on the public range.");
        double clipped = summaries.stream().mapToDouble(RegressionOutputs.Summary::clipped).max().orElse(0);
        if (clipped > 0) {
            out.add(String.format(Locale.ROOT, "Responses the noise carries out of the public data ball B_r(m0) are "
                    + "pulled back onto it (up to %.1f per dataset on average in a cell, see clipped_mean in "
                    + "summary.csv): the sensitivity needs every response in the ball.", clipped));
        }
        if (experiment.replicates() != config.replicates()) {
            out.add(String.format(Locale.ROOT, "--scale %s: %d replicates per cell instead of the configured %d "
                    + "(detected by the run).", experiment.options().scale(), experiment.replicates(),
                    config.replicates()));
        }
        out.addAll(config.deviations());
        return out;
    }

    private static void row(StringBuilder md, String setting, String value) {
        MarkdownSummary.row(md, setting, value);
    }
}
