package dev.manifolddp.experiments.regressioncheck;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.output.RunHeader;
import dev.manifolddp.experiments.output.Csv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outputs of a regression-sensitivity check: {@code replicates.csv} (one row per adjacent pair: the theoretical
 * Delta_p, Delta_v, Delta, the largest empirical differences and their ratios), {@code summary.csv} (one row per
 * (geometry, n): the box-plot numbers of each ratio and how many fell below 1), {@code run.json}, one box-plot PNG
 * per geometry ({@link RatioBoxPlot}) and {@code summary.md} (the smallest ratio and whether every ratio is at least
 * 1).
 */
public final class RegressionSensitivityOutputs {

    /** The ratios reported, as named in the outputs. */
    static final List<String> RATIOS = List.of("p", "v", "joint");

    private RegressionSensitivityOutputs() {
    }

    /**
     * The summary of one cell.
     *
     * @param cell   the cell
     * @param ratios the summaries of {@code r_p}, {@code r_v} and {@code r_joint}, in {@link #RATIOS} order
     */
    record Summary(SensitivityCell cell, List<RatioSummary> ratios) {
    }

    /** Writes every output into {@code folder} (created if needed); returns the file names written. */
    public static List<String> write(RegressionSensitivityRunner.Result result, Path folder) {
        try {
            Files.createDirectories(folder);
            List<Summary> summaries = summaries(result);
            List<String> files = new ArrayList<>();
            writeReplicates(result, folder.resolve("replicates.csv"));
            files.add("replicates.csv");
            writeSummary(summaries, folder.resolve("summary.csv"));
            files.add("summary.csv");
            List<String> plots = RatioBoxPlot.write(result, folder);
            files.addAll(plots);
            Files.writeString(folder.resolve("summary.md"), RegressionSensitivityMarkdown.text(result, summaries,
                    plots));
            files.add("summary.md");
            files.add("run.json");
            writeJson(result, summaries, files, folder.resolve("run.json"));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
    }

    /** {@code theoretical / empirical} of one ratio kind ({@link #RATIOS}). */
    static double ratio(SensitivityCell cell, AdjacentPair.Outcome outcome, String which) {
        return switch (which) {
            case "p" -> cell.deltaP() / outcome.empiricalP();
            case "v" -> cell.deltaV() / outcome.empiricalV();
            default -> cell.delta() / outcome.empirical();
        };
    }

    static List<Summary> summaries(RegressionSensitivityRunner.Result result) {
        List<Summary> summaries = new ArrayList<>();
        for (SensitivityCell cell : result.check().cells()) {
            AdjacentPair.Outcome[] outcomes = result.outcomes().get(cell.index());
            List<RatioSummary> ratios = new ArrayList<>();
            for (String which : RATIOS) {
                double[] values = new double[outcomes.length];
                for (int r = 0; r < outcomes.length; r++) {
                    values[r] = ratio(cell, outcomes[r], which);
                }
                ratios.add(RatioSummary.of(values));
            }
            summaries.add(new Summary(cell, ratios));
        }
        return summaries;
    }

    /** The smallest ratio of the whole run. */
    static double smallest(List<Summary> summaries) {
        return summaries.stream().flatMap(s -> s.ratios().stream()).mapToDouble(RatioSummary::min).min()
                .orElse(Double.NaN);
    }

    /** Ratios below 1 in the whole run. */
    static long belowOne(List<Summary> summaries) {
        return summaries.stream().flatMap(s -> s.ratios().stream()).mapToLong(RatioSummary::belowOne).sum();
    }

    private static List<String> cellFields(SensitivityCell cell) {
        return List.of(cell.domain().label(), cell.domain().geometry().spec(), Integer.toString(cell.n()),
                Csv.number(cell.domain().tau()), Csv.number(cell.deltaP()), Csv.number(cell.deltaV()),
                Csv.number(cell.delta()));
    }

    private static final List<String> CELL_COLUMNS = List.of("label", "geometry", "n", "tau", "delta_p", "delta_v",
            "delta");

    private static void writeReplicates(RegressionSensitivityRunner.Result result, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file)) {
            List<String> header = new ArrayList<>(CELL_COLUMNS);
            header.addAll(List.of("replicate", "replaced", "footpoint_distance", "speed", "empirical_p",
                    "empirical_v", "empirical", "ratio_p", "ratio_v", "ratio_joint"));
            out.write(Csv.line(header));
            for (SensitivityCell cell : result.check().cells()) {
                AdjacentPair.Outcome[] outcomes = result.outcomes().get(cell.index());
                for (int r = 0; r < outcomes.length; r++) {
                    AdjacentPair.Outcome o = outcomes[r];
                    List<String> fields = new ArrayList<>(cellFields(cell));
                    fields.addAll(List.of(Integer.toString(r), Integer.toString(o.replaced()),
                            Csv.number(o.footpointDistance()), Csv.number(o.speed()), Csv.number(o.empiricalP()),
                            Csv.number(o.empiricalV()), Csv.number(o.empirical()), Csv.number(ratio(cell, o, "p")),
                            Csv.number(ratio(cell, o, "v")), Csv.number(ratio(cell, o, "joint"))));
                    out.write(Csv.line(fields));
                }
            }
        }
    }

    private static void writeSummary(List<Summary> summaries, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file)) {
            List<String> header = new ArrayList<>(CELL_COLUMNS);
            header.add("pairs");
            for (String which : RATIOS) {
                for (String stat : List.of("min", "q1", "median", "q3", "max", "below_one")) {
                    header.add("ratio_" + which + "_" + stat);
                }
            }
            out.write(Csv.line(header));
            for (Summary s : summaries) {
                List<String> fields = new ArrayList<>(cellFields(s.cell()));
                fields.add(Integer.toString(s.ratios().get(0).count()));
                for (RatioSummary r : s.ratios()) {
                    fields.addAll(List.of(Csv.number(r.min()), Csv.number(r.q1()), Csv.number(r.median()),
                            Csv.number(r.q3()), Csv.number(r.max()), Integer.toString(r.belowOne())));
                }
                out.write(Csv.line(fields));
            }
        }
    }

    private static void writeJson(RegressionSensitivityRunner.Result result, List<Summary> summaries,
            List<String> files, Path file) throws IOException {
        RegressionSensitivityCheck check = result.check();
        RegressionSensitivityConfig config = check.config();
        Map<String, Object> root = new RunHeader(config.name(), "regression-sensitivity", config.reproduces(),
                config.file(), config.document(), config.seed(), check.describeStreams(), config.replicates(),
                check.options().scale(), check.replicates()).toMap();
        root.put("candidates", config.candidates());
        root.put("threads", check.threads());
        List<Map<String, Object>> domains = new ArrayList<>();
        for (DomainCheck d : check.domains()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", d.label());
            entry.put("geometry", d.geometry().spec());
            entry.put("center", d.center());
            entry.put("dataRadius", d.dataRadius());
            entry.put("footpointRadius", d.footpointRadius());
            entry.put("maxSpeed", d.maxSpeed());
            entry.put("curvatureMin", d.geometry().curvature().min());
            entry.put("tau", d.tau());
            entry.put("tauSource", d.configuredTau() ? "public, configured" : "default: V + Rp + r (public)");
            domains.add(entry);
        }
        root.put("geometries", domains);
        List<Map<String, Object>> cells = new ArrayList<>();
        for (Summary s : summaries) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", s.cell().domain().label());
            entry.put("n", s.cell().n());
            entry.put("deltaP", s.cell().deltaP());
            entry.put("deltaV", s.cell().deltaV());
            entry.put("delta", s.cell().delta());
            for (int i = 0; i < RATIOS.size(); i++) {
                RatioSummary r = s.ratios().get(i);
                // in this order on every run: Map.of iterates in an order that changes per JVM
                Map<String, Object> ratio = new LinkedHashMap<>();
                ratio.put("min", r.min());
                ratio.put("median", r.median());
                ratio.put("max", r.max());
                ratio.put("belowOne", r.belowOne());
                entry.put("ratio_" + RATIOS.get(i), ratio);
            }
            cells.add(entry);
        }
        root.put("cells", cells);
        root.put("smallestRatio", smallest(summaries));
        root.put("everyRatioAtLeastOne", belowOne(summaries) == 0);
        root.put("deviations", RegressionSensitivityMarkdown.deviations(result));
        root.put("wallSeconds", result.wallSeconds());
        root.put("outputs", files);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }
}
