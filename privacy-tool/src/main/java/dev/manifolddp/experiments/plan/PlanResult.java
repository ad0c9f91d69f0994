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
 * @param valueSpace the space the releases live on and errors are measured in: the geometry's spec for a mean or a
 *                median, another space's (e.g. {@code euclidean:n=1} for a variance) otherwise
 */
public record PlanResult(PlanRequest request, List<PlanRow> rows, List<SkippedRow> skipped, List<TargetRow> targets,
        double seconds, String valueSpace) {

    /** Whether the releases are points of the data's manifold, so that an error of order r is the centre's. */
    public boolean valuesOnManifold() {
        return valueSpace.equals(request.geometry().spec());
    }


    public PlanResult {
        rows = List.copyOf(rows);
        skipped = List.copyOf(skipped);
        targets = List.copyOf(targets);
    }
}
