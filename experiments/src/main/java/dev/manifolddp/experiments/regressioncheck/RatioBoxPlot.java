package dev.manifolddp.experiments.regressioncheck;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.style.BoxStyler;

/**
 * One box-plot PNG per geometry, as Kulkarni and Soto's Figs. 9-10: the ratios {@code r_p = Delta_p / empirical} and
 * {@code r_v = Delta_v / empirical} for every n, one box each (quartiles, whiskers to 1.5 IQR, outliers as points).
 * A ratio of at least 1 means the bound held on that adjacent pair.
 */
final class RatioBoxPlot {

    private RatioBoxPlot() {
    }

    static String fileName(DomainCheck domain) {
        return "ratios-" + domain.label().replaceAll("[^A-Za-z0-9._-]", "_") + ".png";
    }

    static List<String> write(RegressionSensitivityRunner.Result result, Path folder) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        RegressionSensitivityCheck check = result.check();
        List<String> files = new ArrayList<>();
        for (DomainCheck domain : check.domains()) {
            BoxChart chart = new BoxChartBuilder().width(900).height(600)
                    .title(String.format(Locale.ROOT, "%s: %s, %d adjacent pairs per n", check.config().name(),
                            domain.label(), check.replicates()))
                    .xAxisTitle("ratio and n").yAxisTitle("theoretical Delta / empirical gradient difference")
                    .build();
            chart.getStyler().setBoxplotCalCulationMethod(BoxStyler.BoxplotCalCulationMethod.N_LESS_1_PLUS_1)
                    .setChartBackgroundColor(Color.WHITE).setLegendVisible(false).setAntiAlias(true);
            for (String which : List.of("p", "v")) {
                for (SensitivityCell cell : check.cells()) {
                    if (cell.domain() != domain) {
                        continue;
                    }
                    AdjacentPair.Outcome[] outcomes = result.outcomes().get(cell.index());
                    double[] ratios = new double[outcomes.length];
                    for (int r = 0; r < outcomes.length; r++) {
                        ratios[r] = RegressionSensitivityOutputs.ratio(cell, outcomes[r], which);
                    }
                    chart.addSeries("r_" + which + ", n = " + cell.n(), ratios);
                }
            }
            String file = fileName(domain);
            BitmapEncoder.saveBitmap(chart, folder.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
            files.add(file);
        }
        return files;
    }
}
