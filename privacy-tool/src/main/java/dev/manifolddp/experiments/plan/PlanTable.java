package dev.manifolddp.experiments.plan;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The console report of a plan: the inputs, the table of predictions, the skipped rows and the sample-size search. */
public final class PlanTable {

    private PlanTable() {
    }

    public static void print(PlanResult result, PrintStream out) {
        PlanRequest request = result.request();
        out.printf(Locale.ROOT, "plan          expected error = %s%n", Planner.describeError(request));
        if (!result.valuesOnManifold()) {
            out.printf(Locale.ROOT, "value space   %s (the estimator's parameter space)%n", result.valueSpace());
        }
        out.printf(Locale.ROOT, "ball          centre %s, radius r = %s (public inputs only; no data read)%n",
                request.geometry().layout().format(request.center()), request.radius());
        out.printf(Locale.ROOT, "synthetic law %s%n", Planner.describeLaw(request));
        out.printf(Locale.ROOT, "random source seed %d; %d replicates per simulated row%n", request.seed(),
                request.replicates());
        out.println();
        String header = String.format(Locale.ROOT, "%-24s %8s %8s %8s %-22s %11s  %-24s %s", "mechanism", "n",
                "epsilon", "delta", "guarantee", "sigma", "expected error +- SE", "method");
        out.println(header);
        out.println("-".repeat(header.length()));
        for (PlanRow row : result.rows()) {
            out.printf(Locale.ROOT, "%-24s %8d %8s %8s %-22s %11.4g  %-24s %s%s%n", row.mechanism(), row.n(),
                    number(row.epsilon()), number(row.delta()), guarantee(row), row.sigma(), error(row), row.method(),
                    row.note().isEmpty() ? "" : " (" + row.note() + ")");
        }
        if (result.rows().isEmpty()) {
            out.println("(no mechanism could be predicted; see the reasons below)");
        }
        printSkipped(result.skipped(), out);
        if (request.targetError() != null) {
            out.println();
            out.printf(Locale.ROOT, "smallest n on the grid 2, 4, 8, ... (up to %d) with expected error below %s:%n",
                    request.maxN(), request.targetError());
            for (TargetRow target : result.targets()) {
                out.printf(Locale.ROOT, "  %-24s epsilon %-8s delta %-8s %s%n", target.mechanism(),
                        number(target.epsilon()), number(target.delta()), target.reached()
                                ? String.format(Locale.ROOT, "n = %d (expected error %s, %s)", target.n(),
                                        error(target.row()), target.row().method())
                                : "none: " + target.note());
            }
        }
        if (result.valuesOnManifold()) {
            out.println();
            out.printf(Locale.ROOT, "An error of order r = %s is no better than releasing the public centre.%n",
                    request.radius());
        }
    }

    /** Skipped rows, one line per mechanism and reason, with the rows it covers. */
    private static void printSkipped(List<SkippedRow> skipped, PrintStream out) {
        if (skipped.isEmpty()) {
            return;
        }
        Map<String, Integer> grouped = new LinkedHashMap<>();
        for (SkippedRow row : skipped) {
            grouped.merge(row.mechanism() + ": " + row.reason(), 1, Integer::sum);
        }
        out.println();
        out.println("skipped:");
        grouped.forEach((text, count) -> out.printf(Locale.ROOT, "  %s [%d row%s]%n", text, count,
                count == 1 ? "" : "s"));
    }

    static String guarantee(PlanRow row) {
        return row.deltaSpent() > row.delta()
                ? String.format(Locale.ROOT, "%s(%.2g)", row.guarantee().label(), row.deltaSpent())
                : row.guarantee().label();
    }

    static String error(PlanRow row) {
        return PlanRow.CLOSED_FORM.equals(row.method()) ? String.format(Locale.ROOT, "%.4g (exact)", row.expected())
                : String.format(Locale.ROOT, "%.4g +- %.2g", row.expected(), row.standardError());
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e6 ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.3g", value);
    }
}
