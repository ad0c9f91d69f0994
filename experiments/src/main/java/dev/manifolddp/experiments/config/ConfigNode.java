package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the YAML document together with its path, so that every type error names where it is
 * ({@code mechanisms[2].params.burn-in}) and what is expected there.
 */
final class ConfigNode {

    private final JsonNode node;
    private final String path;
    private final Map<String, String> sourceTexts;

    /**
     * @param sourceTexts every scalar's text exactly as written in the file, by path: YAML readers normalise
     *                    numbers ({@code 1e-6} becomes {@code 1.0E-6}), but outputs should show the user's values
     */
    ConfigNode(JsonNode node, String path, Map<String, String> sourceTexts) {
        this.node = node;
        this.path = path;
        this.sourceTexts = sourceTexts;
    }

    /** The scalar's text as written, falling back to Jackson's rendering. */
    private String written(JsonNode scalar, String scalarPath) {
        String text = sourceTexts.get(scalarPath);
        return (text != null ? text : scalar.asText()).trim();
    }

    String path() {
        return path;
    }

    JsonNode json() {
        return node;
    }

    boolean isMissing() {
        return node == null || node.isMissingNode() || node.isNull();
    }

    boolean isObject() {
        return node != null && node.isObject();
    }

    boolean isArray() {
        return node != null && node.isArray();
    }

    ConfigNode field(String key) {
        return new ConfigNode(node == null ? null : node.get(key), path.isEmpty() ? key : path + "." + key,
                sourceTexts);
    }

    boolean has(String key) {
        return node != null && node.has(key) && !node.get(key).isNull();
    }

    /** The keys of an object node, in document order; fails on any other node. */
    List<String> keys(String what) {
        requireObject(what);
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** Fails on the first key that is not allowed, naming it with its path and listing what is. */
    void requireKeys(Collection<String> allowed, String what) {
        for (String key : keys(what)) {
            if (!allowed.contains(key)) {
                throw new ConfigException(field(key).path(), String.format("unknown key '%s' in %s; allowed keys: %s",
                        key, what, String.join(", ", allowed)));
            }
        }
    }

    void requireObject(String what) {
        if (!isObject()) {
            throw new ConfigException(path, String.format("%s must be a mapping (key: value lines or { ... }). "
                    + "Provided value: %s", what, describe()));
        }
    }

    ConfigNode require(String what) {
        if (node != null && node.isNull()) {
            throw new ConfigException(path, what + " has no value (the key is there but empty or ~); give a value "
                    + "or remove the key");
        }
        if (isMissing()) {
            throw new ConfigException(path, what + " is required");
        }
        return this;
    }

    /** A scalar as text (a number, string or boolean), or a list of scalars joined by commas. */
    String text(String what) {
        require(what);
        if (node.isValueNode()) {
            return written(node, path);
        }
        if (node.isArray()) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                if (!element.isValueNode() || element.isNull()) {
                    throw new ConfigException(path + "[" + i + "]", String.format(
                            "%s must be a list of numbers or words. Provided value: %s", what, element));
                }
                parts.add(written(element, path + "[" + i + "]"));
            }
            return String.join(",", parts);
        }
        throw new ConfigException(path, String.format("%s must be a value or a list of values. Provided value: %s",
                what, describe()));
    }

    /** A single scalar (not a list) as text. */
    String scalar(String what) {
        require(what);
        if (!node.isValueNode()) {
            throw new ConfigException(path, String.format("%s must be a single value. Provided value: %s", what,
                    describe()));
        }
        String text = written(node, path);
        if (text.isEmpty()) {
            throw new ConfigException(path, what + " must not be empty");
        }
        return text;
    }

    long longValue(String what) {
        require(what);
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new ConfigException(path, String.format("%s must be an integer. Provided value: %s", what,
                    describe()));
        }
        return node.asLong();
    }

    int intValue(String what, int min) {
        long value = longValue(what);
        if (value < min || value > Integer.MAX_VALUE) {
            throw new ConfigException(path, String.format("%s must be an integer in [%d, %d]. Provided value: %d",
                    what, min, Integer.MAX_VALUE, value));
        }
        return (int) value;
    }

    double number(String what) {
        require(what);
        double value;
        if (node.isNumber()) {
            value = node.asDouble();
        } else if (node.isTextual()) {
            try {
                value = YamlDocument.parseNumber(node.asText());
            } catch (NumberFormatException e) {
                throw new ConfigException(path, String.format("%s must be a number. Provided value: %s", what,
                        describe()));
            }
        } else {
            throw new ConfigException(path, String.format("%s must be a number. Provided value: %s", what,
                    describe()));
        }
        if (!Double.isFinite(value)) {
            throw new ConfigException(path, String.format("%s must be finite. Provided value: %s", what, describe()));
        }
        return value;
    }

    boolean bool(String what) {
        require(what);
        if (!node.isBoolean()) {
            throw new ConfigException(path, String.format("%s must be true or false. Provided value: %s", what,
                    describe()));
        }
        return node.asBoolean();
    }

    /** A list of scalars as texts; a single scalar counts as a list of one. */
    List<String> texts(String what) {
        require(what);
        List<String> values = new ArrayList<>();
        if (node.isArray()) {
            if (node.isEmpty()) {
                throw new ConfigException(path, what + " must not be an empty list");
            }
            for (int i = 0; i < node.size(); i++) {
                values.add(element(i).scalar(what + " entry"));
            }
        } else {
            values.add(scalar(what));
        }
        return values;
    }

    /** The elements of a list node. */
    List<ConfigNode> elements(String what) {
        require(what);
        if (!node.isArray()) {
            throw new ConfigException(path, String.format("%s must be a list (- item lines or [ ... ]). "
                    + "Provided value: %s", what, describe()));
        }
        List<ConfigNode> elements = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            elements.add(element(i));
        }
        return elements;
    }

    ConfigNode element(int index) {
        return new ConfigNode(node.get(index), path + "[" + index + "]", sourceTexts);
    }

    /** A mapping of parameter names to values (scalars or lists of scalars, lists comma-joined). */
    Map<String, String> parameters(String what) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (isMissing()) {
            return parameters;
        }
        for (String key : keys(what)) {
            parameters.put(key, field(key).text("parameter '" + key + "'"));
        }
        return parameters;
    }

    /** What kind of YAML value a node is, for messages about the document as a whole. */
    static String kind(JsonNode node) {
        if (node.isArray()) {
            return "a list";
        }
        if (node.isTextual()) {
            return "the text " + abbreviate(node.toString());
        }
        return "the value " + abbreviate(node.toString());
    }

    private static String abbreviate(String text) {
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }

    private String describe() {
        if (node == null || node.isMissingNode()) {
            return "(missing)";
        }
        // a scalar as the user wrote it (".inf", "1e400"), not as Jackson prints the parsed value ("Infinity")
        return abbreviate(node.isValueNode() && !node.isNull() && sourceTexts.containsKey(path)
                ? written(node, path) : node.toString());
    }
}
