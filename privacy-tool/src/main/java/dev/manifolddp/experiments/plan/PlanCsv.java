package dev.manifolddp.experiments.plan;

import dev.manifolddp.experiments.output.Csv;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** {@code plan.csv}: one line per predicted or skipped row, then one per sample-size search. */
public final class PlanCsv {

    private static final List<String> HEADER = List.of("kind", "mechanism", "n", "epsilon", "delta", "guarantee",
            "delta_spent", "sensitivity", "sigma", "expected_error", "standard_error", "error_sd", "method",
            "replicates", "note");

    private PlanCsv() {
    }

    public static byte[] write(PlanResult result) {
        StringBuilder out = new StringBuilder(Csv.line(HEADER));
        for (PlanRow row : result.rows()) {
            out.append(line("prediction", row, row.n(), row.note()));
        }
        for (SkippedRow row : result.skipped()) {
            out.append(Csv.line(List.of("skipped", row.mechanism(), Integer.toString(row.n()),
                    Csv.number(row.epsilon()), Csv.number(row.delta()), "", "", "", "", "", "", "", "", "",
                    row.reason())));
        }
        for (TargetRow target : result.targets()) {
            if (target.row() == null) {
                out.append(Csv.line(List.of("target", target.mechanism(), "", Csv.number(target.epsilon()),
                        Csv.number(target.delta()), "", "", "", "", "", "", "", "", "", target.note())));
            } else {
                out.append(line("target", target.row(), target.n(), target.reached() ? "smallest n below "
                        + result.request().targetError() : target.note()));
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A prediction line; {@code n <= 0} (a search that reached no n) leaves n empty. */
    private static String line(String kind, PlanRow row, int n, String note) {
        return Csv.line(List.of(kind, row.mechanism(), n > 0 ? Integer.toString(n) : "", Csv.number(row.epsilon()),
                Csv.number(row.delta()), row.guarantee().label(), Csv.number(row.deltaSpent()),
                Csv.number(row.sensitivity()), Csv.number(row.sigma()), Csv.number(row.expected()),
                Csv.number(row.standardError()), Csv.number(row.spread()), row.method(),
                Integer.toString(row.replicates()), note));
    }
}
