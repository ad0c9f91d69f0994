package dev.manifolddp.experiments.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.manifolddp.experiments.Versions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code plan.json}: the public inputs, the synthetic law, the seed, and every row of the plan. */
public final class PlanJson {

    private PlanJson() {
    }

    public static byte[] write(PlanResult result) {
        PlanRequest request = result.request();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("mdp", Versions.project());
        root.put("expectedError", request.estimator().isMean() ? "E[geodesic distance between the release and the "
                + "non-private Frechet mean of the same records]" : Planner.describeError(request));
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("geometry", request.geometry().spec());
        inputs.put("center", request.center());
        inputs.put("radius", request.radius());
        inputs.put("n", request.sizes());
        inputs.put("epsilon", request.epsilons());
        inputs.put("delta", request.deltas());
        if (!request.estimator().isMean()) {
            inputs.put("estimator", request.estimator().name());
            inputs.put("estimatorParams", request.estimator().parameters());
            inputs.put("valueSpace", result.valueSpace());
        }
        inputs.put("mechanisms", request.mechanisms().stream().map(PlannedMechanism::label).toList());
        inputs.put("replicates", request.replicates());
        inputs.put("method", request.method().name().toLowerCase(java.util.Locale.ROOT));
        inputs.put("allowMcmc", request.allowMcmc());
        if (request.targetError() != null) {
            inputs.put("targetError", request.targetError());
            inputs.put("maxN", request.maxN());
        }
        root.put("inputs", inputs);
        root.put("syntheticLaw", Planner.describeLaw(request));
        root.put("seed", request.seed());
        root.put("streams", "prediction k (in the order computed) draws its data from stream (2k, r) and its noise "
                + "from stream (2k+1, r), r the replicate; its calibration draws nothing");
        List<Object> rows = new ArrayList<>();
        result.rows().forEach(row -> rows.add(row(row)));
        root.put("predictions", rows);
        root.put("skipped", result.skipped());
        List<Object> targets = new ArrayList<>();
        for (TargetRow target : result.targets()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("mechanism", target.mechanism());
            entry.put("epsilon", target.epsilon());
            entry.put("delta", target.delta());
            entry.put("n", target.reached() ? target.n() : null);
            entry.put("prediction", target.row() == null ? null : row(target.row()));
            entry.put("note", target.note());
            targets.add(entry);
        }
        root.put("targets", targets);
        root.put("wallSeconds", result.seconds());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write plan.json: " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> row(PlanRow row) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("mechanism", row.mechanism());
        entry.put("n", row.n());
        entry.put("epsilon", row.epsilon());
        entry.put("delta", row.delta());
        entry.put("guarantee", row.guarantee().label());
        entry.put("deltaSpent", row.deltaSpent());
        entry.put("sensitivity", row.sensitivity());
        entry.put("sigma", row.sigma());
        entry.put("expectedError", row.expected());
        entry.put("standardError", row.standardError());
        entry.put("errorSd", Double.isNaN(row.spread()) ? null : row.spread());
        entry.put("method", row.method());
        entry.put("replicates", row.replicates());
        entry.put("note", row.note());
        return entry;
    }
}
