package dev.manifolddp.experiments.regression;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.output.RunHeader;
import dev.manifolddp.experiments.output.Csv;
import dev.manifolddp.experiments.output.Stat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outputs of a regression experiment: {@code replicates.csv} (one row per release), {@code summary.csv} (one row
 * per cell: mean MSE and its standard error, the non-private MSE, the noise scales and the guarantee),
 * {@code run.json} (seeds and streams, the public domain, tau, Delta_p and Delta_v per n, sigma per cell, the
 * guarantee per method), one PNG per panel and noise level ({@link RegressionPlots}) and {@code summary.md} (the paper
 * figure, settings, table, plots and every deviation).
 */
public final class RegressionOutputs {

    private RegressionOutputs() {
    }

    /** The summary of one cell. */
    record Summary(RegressionCell cell, Stat mse, Stat nonPrivate, double clipped, double acceptance,
            String guarantee) {
    }

    /** Writes every output into {@code folder} (created if needed); returns the file names written. */
    public static List<String> write(RegressionRunner.Result result, Path folder) {
        try {
            Files.createDirectories(folder);
            List<Summary> summaries = summaries(result);
            List<String> files = new ArrayList<>();
            writeReplicates(result, folder.resolve("replicates.csv"));
            files.add("replicates.csv");
            writeSummary(summaries, result.experiment().config(), folder.resolve("summary.csv"));
            files.add("summary.csv");
            List<String> plots = RegressionPlots.write(result.experiment(), summaries, folder);
            files.addAll(plots);
            List<String> shapes = RegressionShapePanel.write(result, folder);
            files.addAll(shapes);
            plots = new ArrayList<>(plots);
            plots.addAll(shapes);
            Files.writeString(folder.resolve("summary.md"), RegressionMarkdown.text(result, summaries, plots));
            files.add("summary.md");
            files.add("run.json");
            writeJson(result, summaries, files, folder.resolve("run.json"));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
    }

    static List<Summary> summaries(RegressionRunner.Result result) {
        List<Summary> summaries = new ArrayList<>();
        for (RegressionCell cell : result.experiment().cells()) {
            RegressionRunner.Replicate[] rows = result.replicates().get(cell.index());
            List<String> guarantees = Arrays.stream(rows).map(RegressionRunner.Replicate::guarantee).distinct()
                    .toList();
            summaries.add(new Summary(cell, Stat.of(Arrays.stream(rows).mapToDouble(RegressionRunner.Replicate::mse)
                    .toArray()), Stat.of(Arrays.stream(rows).mapToDouble(RegressionRunner.Replicate::nonPrivateMse)
                    .toArray()), Arrays.stream(rows).mapToInt(RegressionRunner.Replicate::clipped).average()
                    .orElse(Double.NaN), Arrays.stream(rows).mapToDouble(RegressionRunner.Replicate::acceptance)
                    .average().orElse(Double.NaN), String.join("|", guarantees)));
        }
        return summaries;
    }

    private static List<String> cellFields(RegressionCell cell, RegressionConfig config) {
        RegressionConfig.Method method = config.methods().get(cell.method());
        return List.of(cell.panel(), Integer.toString(cell.n()), Csv.number(cell.noise()),
                Csv.number(cell.epsilon()), Csv.number(cell.epsilonP()), Csv.number(cell.epsilonV()), cell.label(),
                method.method(), method.sigmaRule());
    }

    private static final List<String> CELL_COLUMNS = List.of("panel", "n", "noise", "epsilon", "epsilon_p",
            "epsilon_v", "label", "method", "sigma_rule");

    private static void writeReplicates(RegressionRunner.Result result, Path file) throws IOException {
        RegressionConfig config = result.experiment().config();
        try (Writer out = Files.newBufferedWriter(file)) {
            List<String> header = new ArrayList<>(CELL_COLUMNS);
            header.addAll(List.of("replicate", "mse", "nonprivate_mse", "clipped", "guarantee", "acceptance",
                    "wall_seconds"));
            out.write(Csv.line(header));
            for (RegressionCell cell : result.experiment().cells()) {
                RegressionRunner.Replicate[] rows = result.replicates().get(cell.index());
                for (int r = 0; r < rows.length; r++) {
                    List<String> fields = new ArrayList<>(cellFields(cell, config));
                    fields.addAll(List.of(Integer.toString(r), Csv.number(rows[r].mse()),
                            Csv.number(rows[r].nonPrivateMse()), Integer.toString(rows[r].clipped()),
                            rows[r].guarantee(), Csv.number(rows[r].acceptance()),
                            Csv.number(rows[r].wallSeconds())));
                    out.write(Csv.line(fields));
                }
            }
        }
    }

    private static void writeSummary(List<Summary> summaries, RegressionConfig config, Path file)
            throws IOException {
        try (Writer out = Files.newBufferedWriter(file)) {
            List<String> header = new ArrayList<>(CELL_COLUMNS);
            header.addAll(List.of("guarantee", "tau", "delta_p", "delta_v", "sigma", "sigma_v", "replicates",
                    "mse_mean", "mse_se", "log_mse_mean", "nonprivate_mse_mean", "nonprivate_mse_se",
                    "clipped_mean", "acceptance_mean"));
            out.write(Csv.line(header));
            for (Summary s : summaries) {
                RegressionCell cell = s.cell();
                List<String> fields = new ArrayList<>(cellFields(cell, config));
                fields.addAll(List.of(s.guarantee(), Csv.number(cell.mechanism().tau()), Csv.number(cell.deltaP()),
                        Csv.number(cell.deltaV()), Csv.number(cell.sigma()), Csv.number(cell.sigmaV()),
                        Long.toString(s.mse().count()), Csv.number(s.mse().mean()),
                        Csv.number(s.mse().standardError()), Csv.number(Math.log(s.mse().mean())),
                        Csv.number(s.nonPrivate().mean()), Csv.number(s.nonPrivate().standardError()),
                        Csv.number(s.clipped()), Csv.number(s.acceptance())));
                out.write(Csv.line(fields));
            }
        }
    }

    private static void writeJson(RegressionRunner.Result result, List<Summary> summaries, List<String> files,
            Path file) throws IOException {
        RegressionExperiment experiment = result.experiment();
        RegressionConfig config = experiment.config();
        RegressionConfig.Domain domain = config.domain();
        Map<String, Object> root = new RunHeader(config.name(), "regression", config.reproduces(), config.file(),
                config.document(), config.seed(), experiment.describeStreams(), config.replicates(),
                experiment.options().scale(), experiment.replicates()).toMap();
        root.put("threads", experiment.threads());
        root.put("geometry", experiment.geometry().spec());
        Map<String, Object> omega = new LinkedHashMap<>();
        omega.put("center", experiment.data().center());
        omega.put("dataRadius", domain.dataRadius());
        omega.put("footpointRadius", domain.footpointRadius());
        omega.put("maxSpeed", domain.maxSpeed());
        omega.put("covariateRange", List.of(domain.low(), domain.high()));
        root.put("publicDomain", omega);
        root.put("tau", experiment.tau());
        root.put("tauSource", Double.isNaN(domain.tau()) ? "default: V + Rp + r (public)" : "public, configured");
        if (experiment.data() instanceof SyntheticGeodesicData synthetic) {
            Map<String, Object> truth = new LinkedHashMap<>();
            truth.put("footpoint", synthetic.footpoint());
            truth.put("shootingVector", synthetic.velocity());
            root.put("truth", truth);
        } else if (experiment.data() instanceof FileRegressionData data) {
            Map<String, Object> input = new LinkedHashMap<>();
            input.put("file", config.data().file());
            input.put("sha256", data.sha256());
            input.put("records", data.records().covariates().length);
            input.put("subjects", data.subjects());
            input.put("covariate", config.data().covariate());
            input.put("template", data.templateFromData() ? "data (Frechet mean, non-private)" : "public");
            input.put("maxDistanceFromTemplate", data.maxDistance());
            root.put("data", input);
        }
        Map<String, Object> unit = new LinkedHashMap<>();
        unit.put("unit", experiment.subjectUnit() ? "subject" : "record");
        unit.put("recordsPerSubject", experiment.recordsPerSubject());
        unit.put("perRecordEpsilon", "epsilon / " + experiment.recordsPerSubject());
        unit.put("description", experiment.unitOfPrivacy());
        root.put("unitOfPrivacy", unit);
        Map<Integer, Map<String, Object>> sensitivities = new TreeMap<>();
        for (RegressionCell cell : experiment.cells()) {
            sensitivities.computeIfAbsent(cell.n(), n -> {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("deltaP", cell.deltaP());
                entry.put("deltaV", cell.deltaV());
                entry.put("delta", Math.hypot(cell.deltaP(), cell.deltaV()));
                return entry;
            });
        }
        root.put("sensitivityByN", sensitivities);
        Map<String, Object> mcmc = new LinkedHashMap<>();
        mcmc.put("burnIn", config.mcmc().burnIn());
        mcmc.put("thin", config.mcmc().thin());
        mcmc.put("step", config.mcmc().step());
        mcmc.put("proposalScales", config.mcmc().scales().configName());
        mcmc.put("chainStart", "(m0, 0)");
        root.put("mcmc", mcmc);
        List<Map<String, Object>> methods = new ArrayList<>();
        for (int m = 0; m < config.methods().size(); m++) {
            RegressionConfig.Method method = config.methods().get(m);
            int index = m;
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", method.label());
            entry.put("method", method.method());
            entry.put("sigmaRule", method.sigmaRule());
            entry.put("guarantee", summaries.stream().filter(s -> s.cell().method() == index)
                    .map(Summary::guarantee).distinct().toList());
            methods.add(entry);
        }
        root.put("methods", methods);
        List<Map<String, Object>> cells = new ArrayList<>();
        for (Summary s : summaries) {
            RegressionCell cell = s.cell();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("panel", cell.panel());
            entry.put("n", cell.n());
            entry.put("noise", cell.noise());
            entry.put("epsilon", cell.epsilon());
            entry.put("epsilonP", Double.isNaN(cell.epsilonP()) ? null : cell.epsilonP());
            entry.put("label", cell.label());
            entry.put("sigma", cell.sigma());
            entry.put("sigmaV", Double.isNaN(cell.sigmaV()) ? null : cell.sigmaV());
            entry.put("guarantee", s.guarantee());
            entry.put("mseMean", s.mse().mean());
            entry.put("mseSe", Double.isNaN(s.mse().standardError()) ? null : s.mse().standardError());
            cells.add(entry);
        }
        root.put("cells", cells);
        root.put("deviations", RegressionMarkdown.deviations(result, summaries));
        root.put("wallSeconds", result.wallSeconds());
        root.put("outputs", files);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }
}
