package dev.manifolddp.experiments.audit;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** The audit's PNG: per mechanism, a bar for the epsilon lower bound next to a bar for the claimed epsilon. */
public final class AuditPlot {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    private AuditPlot() {
    }

    public static void write(AuditResult result, Path file) {
        AuditSetup setup = result.setup();
        List<String> labels = result.audits().stream().map(a -> a.target().label()).toList();
        List<Double> bounds = result.audits().stream().map(MechanismAudit::epsilonLowerBound).toList();
        List<Double> claimed = result.audits().stream().map(a -> a.claimed().epsilon()).toList();
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "Privacy audit on %s (n = %d, r = %s, %d releases per data set)",
                        setup.geometry().spec(), setup.n(), setup.radius(), setup.releases()))
                .xAxisTitle("mechanism").yAxisTitle("epsilon").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                .setAntiAlias(true);
        chart.getStyler().setPlotGridLinesColor(new Color(220, 220, 220));
        chart.addSeries(String.format(Locale.ROOT, "epsilon lower bound (%.0f%% familywise)",
                100 * setup.confidence()), labels, bounds);
        chart.addSeries("claimed epsilon", labels, claimed);
        try {
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
