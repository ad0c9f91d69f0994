package dev.manifolddp.experiments.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.manifolddp.experiments.Versions;
import dev.manifolddp.experiments.check.SensitivityCheck;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The outputs of a sensitivity check: {@code summary.csv} (one row per radius), {@code tangent-bound.png} (the bounds
 * against r, as Reimherr et al. 2021, suppl. Fig. 1), {@code summary.md} (settings, table, plot, a finding generated from the numbers, and
 * the deviations) and {@code run.json} (configuration, versions, grid, results, wall time).
 */
public final class SensitivityCheckOutputs {

    /** The plot's file name. */
    public static final String PLOT = "tangent-bound.png";

    private SensitivityCheckOutputs() {
    }

    /** Writes every output into {@code folder} (created if needed); returns the file names written. */
    public static List<String> write(SensitivityCheck.Result result, Path folder) {
        try {
            Files.createDirectories(folder);
            List<String> files = new ArrayList<>();
            writeCsv(result, folder.resolve("summary.csv"));
            files.add("summary.csv");
            if (System.getProperty("java.awt.headless") == null) {
                System.setProperty("java.awt.headless", "true");
            }
            BitmapEncoder.saveBitmap(chart(result), folder.resolve(PLOT).toString(), BitmapEncoder.BitmapFormat.PNG);
            files.add(PLOT);
            Files.writeString(folder.resolve("summary.md"), markdown(result));
            files.add("summary.md");
            files.add("run.json");
            writeJson(result, files, folder.resolve("run.json"));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
    }

    private static void writeCsv(SensitivityCheck.Result result, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write(Csv.line(List.of("r", "grid_points", "empirical_bound", "two_r", "h_max_r", "lemma_002",
                    "h_max_2r", "theorem_001", "empirical_over_two_r", "empirical_over_lemma_002")));
            for (SensitivityCheck.Row row : result.rows()) {
                out.write(Csv.line(List.of(Csv.number(row.r()), Integer.toString(row.points()),
                        Csv.number(row.empirical()), Csv.number(row.flat()), Csv.number(row.hR()),
                        Csv.number(row.lemma002()), Csv.number(row.h2R()), Csv.number(row.theorem001()),
                        Csv.number(row.empirical() / row.flat()), Csv.number(row.empirical() / row.lemma002()))));
            }
        }
    }

    private static XYChart chart(SensitivityCheck.Result result) {
        SensitivityCheckConfig config = result.check().config();
        boolean logX = Boolean.TRUE.equals(config.plot().logX());
        boolean logY = Boolean.TRUE.equals(config.plot().logY());
        XYChart chart = new XYChartBuilder().width(900).height(640)
                .title(config.name() + ": tangent-space bound on " + result.check().geometry().spec())
                .xAxisTitle("radius r of the ball").yAxisTitle("bound on |log_x(y) - log_x(y')|").build();
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY)
                .setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        chart.getStyler().setPlotGridLinesColor(new Color(220, 220, 220));
        List<SensitivityCheck.Row> rows = new ArrayList<>(result.rows());
        rows.sort((a, b) -> Double.compare(a.r(), b.r()));
        series(chart, rows, "2r", SensitivityCheck.Row::flat, new Color(31, 119, 180));
        series(chart, rows, "2r(2 - h_max(r, kmax))  (Reimherr et al. 2021, suppl. Lemma 1)", SensitivityCheck.Row::lemma002,
                new Color(214, 39, 40));
        series(chart, rows, "empirical max |log_x1(xi) - log_x1(xj)|  (boundary grid)", SensitivityCheck.Row::empirical,
                new Color(230, 171, 2));
        if (rows.stream().anyMatch(row -> !Double.isNaN(row.theorem001()))) {
            series(chart, rows, "2r(2 - h_max(2r, kmax))  (Soto et al. 2022, Theorem 2)", SensitivityCheck.Row::theorem001,
                    new Color(127, 127, 127));
        }
        return chart;
    }

    private static void series(XYChart chart, List<SensitivityCheck.Row> rows, String name,
            ToDoubleFunction<SensitivityCheck.Row> value, Color color) {
        List<double[]> points = new ArrayList<>();
        for (SensitivityCheck.Row row : rows) {
            double y = value.applyAsDouble(row);
            if (!Double.isNaN(y)) {
                points.add(new double[] {row.r(), y});
            }
        }
        XYSeries series = chart.addSeries(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> p[1]).toArray());
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setLineColor(color);
        series.setMarkerColor(color);
        series.setLineStyle(new BasicStroke(1.5f));
    }

    /** The finding, stated from the numbers only. */
    static String finding(List<SensitivityCheck.Row> rows) {
        List<String> below = new ArrayList<>();
        List<String> above = new ArrayList<>();
        double minShare = Double.POSITIVE_INFINITY;
        double maxShare = Double.NEGATIVE_INFINITY;
        int failing = 0;
        for (SensitivityCheck.Row row : rows) {
            // tolerance: the grid contains the antipodal boundary point, where E = 2r up to rounding
            double slack = 1e-12 * row.flat();
            boolean low = row.empirical() < row.flat() - slack;
            boolean high = row.empirical() > row.lemma002() + slack;
            if (low) {
                below.add(format(row.r()));
            }
            if (high) {
                above.add(format(row.r()));
            }
            failing += low || high ? 1 : 0;
            double inflation = row.lemma002() - row.flat();
            if (inflation > slack) {
                double share = (row.empirical() - row.flat()) / inflation;
                minShare = Math.min(minShare, share);
                maxShare = Math.max(maxShare, share);
            }
        }
        StringBuilder text = new StringBuilder();
        int count = rows.size();
        if (below.isEmpty() && above.isEmpty()) {
            text.append(String.format(Locale.ROOT, "At all %d radii, 2r <= E(r) <= 2r(2 - h_max(r, kmax)).", count));
        } else {
            text.append(String.format(Locale.ROOT, "2r <= E(r) <= 2r(2 - h_max(r, kmax)) holds at %d of %d radii",
                    count - failing, count));
            if (!below.isEmpty()) {
                text.append("; E(r) < 2r at r = ").append(String.join(", ", below));
            }
            if (!above.isEmpty()) {
                text.append("; E(r) exceeds 2r(2 - h) at r = ").append(String.join(", ", above));
            }
            text.append('.');
        }
        if (minShare <= maxShare) {
            text.append(String.format(Locale.ROOT, " The grid shows %.0f%% to %.0f%% of the curvature inflation "
                    + "2r(1 - h_max(r, kmax)) that the bound allows, i.e. (E(r) - 2r) / (2r(2 - h) - 2r) lies in "
                    + "[%.3g, %.3g].", 100 * minShare, 100 * maxShare, minShare, maxShare));
        } else {
            text.append(" The bound allows no curvature inflation here (h_max = 1: curvature <= 0).");
        }
        return text.toString();
    }

    private static String markdown(SensitivityCheck.Result result) {
        SensitivityCheck check = result.check();
        SensitivityCheckConfig config = check.config();
        StringBuilder md = new StringBuilder();
        MarkdownSummary.title(md, config.name(), config.reproduces());
        MarkdownSummary.settings(md);
        MarkdownSummary.row(md, "kind", "sensitivity-check (no mechanism runs; nothing random)");
        MarkdownSummary.row(md, "geometry", check.geometry().spec() + " (curvature in ["
                + check.geometry().curvature().min() + ", " + check.geometry().curvature().max() + "])");
        MarkdownSummary.row(md, "ball centre", check.geometry().layout().format(check.center()));
        MarkdownSummary.row(md, "radii", config.radii().stream().map(SensitivityCheckOutputs::format)
                .reduce((a, b) -> a + ", " + b).orElse(""));
        MarkdownSummary.row(md, "grid", check.perCircle() + " points per boundary circle"
                + MarkdownSummary.scaled(check.perCircle(), config.grid(), check.options().scale())
                + "; footpoint x_1 = the first grid point");
        MarkdownSummary.row(md, "wall time", String.format(Locale.ROOT, "%.2f s", result.wallSeconds()));
        md.append('\n');
        md.append("## Results\n\n");
        md.append("E(r) = max over pairs of grid points on the boundary of B_r of |log_x1(x_i) - log_x1(x_j)| "
                + "(Reimherr et al. 2021, suppl. §2.1), against 2r, Reimherr et al. 2021, suppl. Lemma 1's 2r(2 - h_max(r, kmax)) and Soto et al. 2022, Theorem 2's "
                + "2r(2 - h_max(2r, kmax)) (empty where h_max(2r, kmax) <= 0, i.e. outside Assumption 1).\n\n");
        md.append("| r | E(r) | 2r | 2r(2 - h(r)) | 2r(2 - h(2r)) | E / 2r | E / 2r(2 - h(r)) |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (SensitivityCheck.Row row : result.rows()) {
            md.append(String.format(Locale.ROOT, "| %s | %.6g | %.6g | %.6g | %s | %.4f | %.4f |%n", format(row.r()),
                    row.empirical(), row.flat(), row.lemma002(),
                    Double.isNaN(row.theorem001()) ? "-" : String.format(Locale.ROOT, "%.6g", row.theorem001()),
                    row.empirical() / row.flat(), row.empirical() / row.lemma002()));
        }
        md.append("\n**Finding** (generated from the table): ").append(finding(result.rows())).append("\n\n");
        md.append("## Plots\n\n");
        MarkdownSummary.images(md, List.of(PLOT));
        List<String> deviations = new ArrayList<>(config.deviations());
        if (check.perCircle() != config.grid()) {
            deviations.add(String.format(Locale.ROOT, "--scale %s: %d grid points per circle instead of the "
                    + "configured %d (detected by the run)", check.options().scale(), check.perCircle(),
                    config.grid()));
        }
        MarkdownSummary.deviations(md, deviations);
        return md.toString();
    }

    private static void writeJson(SensitivityCheck.Result result, List<String> files, Path file) throws IOException {
        SensitivityCheck check = result.check();
        SensitivityCheckConfig config = check.config();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", config.name());
        root.put("kind", "sensitivity-check");
        root.put("reproduces", config.reproduces());
        root.put("configurationFile", config.file() == null ? null
                : config.file().toAbsolutePath().normalize().toString());
        root.put("configuration", config.document());
        root.put("versions", Versions.all());
        root.put("geometry", check.geometry().spec());
        root.put("center", check.center());
        Map<String, Object> grid = new LinkedHashMap<>();
        grid.put("configured", config.grid());
        grid.put("scale", check.options().scale());
        grid.put("perCircle", check.perCircle());
        root.put("grid", grid);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SensitivityCheck.Row row : result.rows()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("r", row.r());
            entry.put("gridPoints", row.points());
            entry.put("empiricalBound", row.empirical());
            entry.put("twoR", row.flat());
            entry.put("hMaxR", row.hR());
            entry.put("lemma002", row.lemma002());
            entry.put("hMax2R", Double.isNaN(row.h2R()) ? null : row.h2R());
            entry.put("theorem001", Double.isNaN(row.theorem001()) ? null : row.theorem001());
            rows.add(entry);
        }
        root.put("results", rows);
        root.put("finding", finding(result.rows()));
        root.put("deviations", config.deviations());
        root.put("wallSeconds", result.wallSeconds());
        root.put("outputs", files);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }

    private static String format(double value) {
        return java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString();
    }
}
