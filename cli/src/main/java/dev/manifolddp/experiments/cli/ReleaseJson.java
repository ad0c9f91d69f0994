package dev.manifolddp.experiments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.manifolddp.experiments.Versions;
import dev.manifolddp.experiments.data.PlainJson;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SamplerReport;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link Release} as JSON in two files. The release file holds only what may be published: the released
 * value (flat and in the geometry's layout), the guarantee and unit of privacy, the budget, sensitivity, sigma and its
 * rule, the random source, the public parameters and warnings, and what the release was made from. The diagnostics
 * file (only when asked for) holds what was computed from the data: the sampler's counts and chain statistics, the
 * mean's iterations, how many records were clipped; it says it must not be published. Undefined numbers are written
 * as null. Both are returned as bytes, so the command writes them only once the release has fully succeeded.
 */
final class ReleaseJson {

    /** The note at the top of a diagnostics file. */
    static final String DO_NOT_PUBLISH = "DO NOT PUBLISH: these values were computed from the data and are not "
            + "covered by the release's privacy guarantee";

    private ReleaseJson() {
    }

    /**
     * The release file's content: {@code geometry} is the data's, {@code valueSpace} the space the value lives on (the
     * same for a mean; the estimator's parameter space otherwise, e.g. the line for a variance).
     */
    static byte[] release(Release<double[]> release, Geometry geometry, Geometry valueSpace,
            Map<String, Object> meaning, Map<String, Object> input) {
        Map<String, Object> root = head(release);
        root.put("geometry", geometry.spec());
        if (valueSpace != geometry) {
            root.put("valueSpace", valueSpace.spec());
        }
        root.put("value", release.value());
        root.put("valueFormatted", valueSpace.layout().format(release.value()));
        root.put("onManifold", valueSpace.pointViolation(release.value(), 1e-7).isEmpty());
        if (!meaning.isEmpty()) {
            root.put("meaning", meaning); // the estimator's reading of the value: post-processing of the release
        }
        return json(tail(root, release, input));
    }

    /** The guarantee first: what a reader must see at a glance. */
    private static Map<String, Object> head(Release<?> release) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("guarantee", release.guarantee().label());
        root.put("guaranteeMeaning", release.guarantee().meaning());
        root.put("unitOfPrivacy", release.unitOfPrivacy());
        root.put("mechanism", release.mechanism());
        return root;
    }

    /** The budget, calibration, public parameters and warnings every release file ends with. */
    private static Map<String, Object> tail(Map<String, Object> root, Release<?> release, Map<String, Object> input) {
        Map<String, Object> budget = new LinkedHashMap<>();
        budget.put("epsilon", release.budget().epsilon());
        budget.put("delta", release.budget().delta());
        root.put("budget", budget);
        root.put("sensitivity", number(release.sensitivity()));
        root.put("sigma", number(release.sigma()));
        root.put("sigmaRule", release.sigmaRule());
        root.put("randomSource", release.randomSource());
        root.put("parameters", release.parameters());
        root.put("warnings", release.warnings());
        root.put("input", input);
        root.put("manifolddp", Versions.project());
        return root;
    }

    /**
     * The diagnostics file's content, headed by {@link #DO_NOT_PUBLISH}: the release's diagnostics and {@code input},
     * what the command learnt from the data (records clipped, subjects).
     */
    static byte[] diagnostics(Release<?> release, Map<String, Object> input) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("note", DO_NOT_PUBLISH);
        root.put("mechanism", release.mechanism());
        root.put("sampler", sampler(release.sampler()));
        root.put("values", release.diagnostics().values());
        root.put("warnings", release.diagnostics().warnings());
        root.put("input", input);
        return json(root);
    }

    /**
     * JSON with every undefined number written as null: a non-finite double anywhere (a parameter, a diagnostic) is
     * replaced, never written as NaN.
     */
    private static byte[] json(Map<String, Object> root) {
        // jackson-core alone for the plain values a release holds (no object mapper to build at every start); the
        // object mapper only for a value of another type (a plugin's parameter, say), with the same bytes
        return PlainJson.write(root).orElseGet(() -> mapped(root));
    }

    private static byte[] mapped(Map<String, Object> root) {
        try {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            JsonNode tree = mapper.valueToTree(root);
            return mapper.writeValueAsBytes(finite(tree));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot encode the release as JSON: " + e.getMessage(), e);
        }
    }

    private static JsonNode finite(JsonNode node) {
        if (node.isContainerNode()) {
            if (node.isObject()) {
                ObjectNode object = (ObjectNode) node;
                object.fieldNames().forEachRemaining(name -> object.set(name, finite(object.get(name))));
            } else {
                ArrayNode array = (ArrayNode) node;
                for (int i = 0; i < array.size(); i++) {
                    array.set(i, finite(array.get(i)));
                }
            }
            return node;
        }
        return node.isNumber() && !Double.isFinite(node.asDouble()) ? NullNode.getInstance() : node;
    }

    private static Map<String, Object> sampler(SamplerReport report) {
        Map<String, Object> sampler = new LinkedHashMap<>();
        sampler.put("method", report.method().name().toLowerCase(Locale.ROOT));
        sampler.put("proposals", report.proposals());
        sampler.put("burnIn", report.burnIn());
        sampler.put("thin", report.thin());
        sampler.put("chains", report.chains());
        sampler.put("acceptanceRate", number(report.acceptanceRate()));
        sampler.put("effectiveSampleSize", number(report.effectiveSampleSize()));
        sampler.put("rHat", number(report.rHat()));
        return sampler;
    }

    private static Double number(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
