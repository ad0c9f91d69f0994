package dev.manifolddp.experiments.run;

import java.util.List;

/**
 * The outcome of a run.
 *
 * @param experiment  what was run
 * @param records     one record per (cell, replicate, mechanism), at index {@code (cell R + r) M + m}
 * @param warnings    the releases' warnings, deduplicated
 * @param wallSeconds the run's wall time
 * @param kept        the releases kept for the pictures, or null without a {@code pictures} section
 */
public record RunResult(Experiment experiment, List<ReplicateRecord> records, List<WarningLog.Entry> warnings,
        double wallSeconds, KeptReleases kept) {

    public RunResult {
        records = List.copyOf(records);
        warnings = List.copyOf(warnings);
    }

    /** The record of mechanism m in replicate r of cell c. */
    public ReplicateRecord record(int cell, int replicate, int mechanism) {
        int m = experiment.mechanisms().size();
        return records.get((cell * experiment.replicates() + replicate) * m + mechanism);
    }
}
