package dev.manifolddp.experiments.plan;

import java.util.List;

/**
 * What a plan predicted.
 *
 * @param request the public inputs
 * @param rows    the predicted rows, in (mechanism, n, epsilon, delta) order
 * @param skipped the rows that could not be predicted, with their reasons
 * @param targets the sample-size search (empty without a target error)
 * @param seconds the wall time
 */
public record PlanResult(PlanRequest request, List<PlanRow> rows, List<SkippedRow> skipped, List<TargetRow> targets,
        double seconds) {

    public PlanResult {
        rows = List.copyOf(rows);
        skipped = List.copyOf(skipped);
        targets = List.copyOf(targets);
    }
}
