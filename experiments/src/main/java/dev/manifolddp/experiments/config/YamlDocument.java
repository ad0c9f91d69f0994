package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * The one YAML document of a configuration as a tree, built from the parser's tokens.
 *
 * <p>Built here rather than by {@code ObjectMapper.readTree} because Jackson's YAML parser classifies YAML's
 * non-finite floats ({@code .nan}, {@code .inf}, {@code -.inf}, in any of YAML's spellings) as numbers and then
 * fails to decode them, so a valid file was reported as "not valid YAML". Here they become the doubles they denote,
 * and the key that reads them refuses them by name ("must be finite. Provided value: .nan").
 */
final class YamlDocument {

    /** YAML 1.1/1.2's spellings of the non-finite floats. */
    private static final Pattern NAN = Pattern.compile("\\.(nan|NaN|NAN)");
    private static final Pattern INFINITY = Pattern.compile("([-+]?)\\.(inf|Inf|INF)");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private YamlDocument() {
    }

    /**
     * The one document of {@code yaml}; a second document (after {@code ---}) is an error naming its line, since
     * reading only the first would silently ignore the rest.
     *
     * @throws ConfigException with an empty path when the text is not YAML, holds two documents or repeats a key
     */
    static JsonNode read(String yaml) {
        YAMLFactory factory = new YAMLFactory();
        factory.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        try (JsonParser parser = factory.createParser(yaml)) {
            JsonToken first = parser.nextToken();
            JsonNode document = first == null ? NODES.missingNode() : value(parser);
            JsonToken next = parser.nextToken();
            if (next == JsonToken.VALUE_NULL) {
                next = parser.nextToken(); // an empty document after a trailing '---' holds nothing to ignore
            }
            if (next != null) {
                throw new ConfigException("", String.format("the file holds a second YAML document at line %d; a "
                        + "configuration is one document: remove the '---' line and what follows, or put the second "
                        + "experiment in its own file", parser.currentTokenLocation().getLineNr()));
            }
            return document;
        } catch (JsonProcessingException e) {
            throw new ConfigException("", "the file is not valid YAML: " + e.getOriginalMessage().replace('\n', ' ')
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
        } catch (IOException e) {
            throw new ConfigException("", "the file is not valid YAML: " + e.getMessage(), e);
        }
    }

    /** The value that starts at the parser's current token, leaving the parser on its last token. */
    private static JsonNode value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, value(parser));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser));
                }
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (parser.getNumberType()) {
                    case INT -> NODES.numberNode(parser.getIntValue());
                    case LONG -> NODES.numberNode(parser.getLongValue());
                    default -> NODES.numberNode(parser.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                Double special = nonFinite(parser.getText());
                return NODES.numberNode(special != null ? special : parser.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> {
                // VALUE_EMBEDDED_OBJECT (a !!binary scalar) and anything newer: a configuration holds none
                return NODES.textNode(parser.getText());
            }
        }
    }

    /**
     * A number written as text (a sweep value, a quoted scalar): Java's syntax, or YAML's spelling of a non-finite
     * value, so that {@code .inf} is refused as "must be finite" by the key that reads it, like {@code 1e400}.
     *
     * @throws NumberFormatException when the text is neither
     */
    static double parseNumber(String text) {
        Double special = nonFinite(text);
        return special != null ? special : Double.parseDouble(text.trim());
    }

    /** The non-finite double that YAML text denotes, or null when it is an ordinary number. */
    static Double nonFinite(String text) {
        String trimmed = text.trim();
        if (NAN.matcher(trimmed).matches()) {
            return Double.NaN;
        }
        var infinity = INFINITY.matcher(trimmed);
        if (infinity.matches()) {
            return "-".equals(infinity.group(1)) ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return null;
    }
}
