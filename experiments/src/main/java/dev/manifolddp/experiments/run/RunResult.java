package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.spi.RunRecords;
import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a run; plugin outputs read it through the experiment SPI's {@link RunRecords}.
 *
 * @param experiment  what was run
 * @param records     one record per (cell, replicate, mechanism), at index {@code (cell R + r) M + m}
 * @param warnings    the releases' warnings, deduplicated
 * @param wallSeconds the run's wall time
 * @param kept        the releases kept for the pictures, or null without a {@code pictures} section
 */
public record RunResult(Experiment experiment, List<ReplicateRecord> records, List<WarningLog.Entry> warnings,
        double wallSeconds, KeptReleases kept) implements RunRecords {

    public RunResult {
        records = List.copyOf(records);
        warnings = List.copyOf(warnings);
    }

    @Override
    public String name() {
        return experiment.config().name();
    }

    @Override
    public int cells() {
        return experiment.cells().size();
    }

    @Override
    public int replicates() {
        return experiment.replicates();
    }

    @Override
    public Map<String, String> cell(int cell) {
        return experiment.cells().get(cell).values();
    }

    @Override
    public List<String> mechanisms() {
        return experiment.mechanisms().stream().map(MechanismConfig::label).toList();
    }

    @Override
    public List<String> utilities() {
        return experiment.utilities().stream().map(UtilityMeasure::name).toList();
    }

    @Override
    public Measurement utility(int cell, int replicate, int mechanism, int utility) {
        return record(cell, replicate, mechanism).utilities()[utility];
    }

    @Override
    public double sigma(int cell, int replicate, int mechanism) {
        return record(cell, replicate, mechanism).sigma();
    }

    @Override
    public Guarantee guarantee(int cell, int replicate, int mechanism) {
        return record(cell, replicate, mechanism).guarantee();
    }

    @Override
    public long releases() {
        return experiment.releases();
    }

    /** The record of mechanism m in replicate r of cell c. */
    public ReplicateRecord record(int cell, int replicate, int mechanism) {
        int m = experiment.mechanisms().size();
        return records.get((cell * experiment.replicates() + replicate) * m + mechanism);
    }
}
