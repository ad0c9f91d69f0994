package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.ReplicateRecord;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code replicates.csv}: one row per cell x mechanism x replicate with the sweep values, the mechanism's label, the
 * replicate index, each utility (empty when undefined), sigma, sensitivity, the sampler (direct, exact or mcmc), its
 * acceptance rate where it has one, and its proposal count (exact rejection samplers and MCMC steps). Rows follow
 * the cell index, then the replicate, then the mechanism, whatever thread computed them.
 */
final class ReplicatesCsv {

    private ReplicatesCsv() {
    }

    static void write(RunResult result, Path file) throws IOException {
        List<String> header = new ArrayList<>();
        result.experiment().axes().stream().map(SweepAxis::name).forEach(header::add);
        header.add("mechanism");
        header.add("replicate");
        result.experiment().utilities().stream().map(UtilityMeasure::name).forEach(header::add);
        header.addAll(List.of("sigma", "sensitivity", "sampler", "acceptance_rate", "proposals"));
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write(Csv.line(header));
            List<String> row = new ArrayList<>(header.size());
            for (Cell cell : result.experiment().cells()) {
                for (int r = 0; r < result.experiment().replicates(); r++) {
                    for (int m = 0; m < result.experiment().mechanisms().size(); m++) {
                        ReplicateRecord record = result.record(cell.index(), r, m);
                        row.clear();
                        row.addAll(cell.values().values());
                        row.add(result.experiment().mechanisms().get(m).label());
                        row.add(Integer.toString(r));
                        for (Measurement measurement : record.utilities()) {
                            row.add(Csv.number(measurement.value()));
                        }
                        row.add(Csv.number(record.sigma()));
                        row.add(Csv.number(record.sensitivity()));
                        SamplerReport sampler = record.sampler();
                        row.add(sampler.method().name().toLowerCase(Locale.ROOT));
                        row.add(Csv.number(sampler.acceptanceRate()));
                        row.add(sampler.method() == SamplerReport.Method.DIRECT ? ""
                                : Long.toString(sampler.proposals()));
                        out.write(Csv.line(row));
                    }
                }
            }
        }
    }
}
