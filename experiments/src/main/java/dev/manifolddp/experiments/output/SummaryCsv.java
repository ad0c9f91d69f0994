package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code summary.csv}: one row per cell x mechanism with, for each utility u, {@code u_mean}, {@code u_se} (standard
 * error), {@code u_lower} and {@code u_upper} ({@code mean -+ 2 SE}), {@code u_count} (defined values), {@code u_sd}
 * (standard deviation of the replicates; Utpala et al. 2023 plot {@code mean +- 2 sd}) and {@code u_median}, plus the number of
 * replicates.
 */
final class SummaryCsv {

    private SummaryCsv() {
    }

    static void write(RunResult result, List<Group> groups, Path file) throws IOException {
        List<String> header = new ArrayList<>();
        result.experiment().axes().stream().map(SweepAxis::name).forEach(header::add);
        header.add("mechanism");
        header.add("replicates");
        for (UtilityMeasure utility : result.experiment().utilities()) {
            for (String suffix : List.of("_mean", "_se", "_lower", "_upper", "_count", "_sd", "_median")) {
                header.add(utility.name() + suffix);
            }
        }
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write(Csv.line(header));
            for (Group group : groups) {
                List<String> row = new ArrayList<>(group.cell().values().values());
                row.add(group.label());
                row.add(Long.toString(group.releases()));
                for (Stat stat : group.stats()) {
                    row.add(Csv.number(stat.mean()));
                    row.add(Csv.number(stat.standardError()));
                    row.add(Csv.number(stat.lower()));
                    row.add(Csv.number(stat.upper()));
                    row.add(Long.toString(stat.count()));
                    row.add(Csv.number(stat.standardDeviation()));
                    row.add(Csv.number(stat.median()));
                }
                out.write(Csv.line(row));
            }
        }
    }
}
