package dev.manifolddp.experiments.ledger;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.manifolddp.experiments.data.PlainJson;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The ledger file's JSON read into a tree and written back through jackson-core's parser and generator, with the
 * tree types and the bytes jackson-databind's object mapper gives ({@code LedgerJsonTest} compares them), without
 * building an object mapper on every {@code mdp release}: its serializer and deserializer machinery was most of the
 * ledger's cost at start-up (docs/scale.md, "Start-up"). A node of a kind this does not know (none the ledger makes) is
 * written by the object mapper, built only then.
 */
final class LedgerJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private LedgerJson() {
    }

    /** An empty object. */
    static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * The tree of {@code text}: objects, arrays, text, integers as int, long or big integer nodes by size, other
     * numbers as doubles, as the object mapper reads them; null for text without a value.
     *
     * @throws JsonProcessingException with the line and column where the text is not JSON
     */
    static JsonNode read(String text) throws IOException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken token = parser.nextToken();
            return token == null ? null : value(parser, token);
        }
    }

    private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, value(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(value(parser, next));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return switch (parser.getNumberType()) {
                    case INT -> NODES.numberNode(parser.getIntValue());
                    case LONG -> NODES.numberNode(parser.getLongValue());
                    default -> NODES.numberNode(parser.getBigIntegerValue());
                };
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new JsonProcessingException("unexpected " + token, parser.currentLocation()) {
                };
        }
    }

    /**
     * A ledger entry as a tree: its components in declaration order, as the object mapper writes a record; a
     * component of a type other than text, number, boolean or a list of text goes through the object mapper.
     */
    static JsonNode entry(LedgerEntry entry) {
        ObjectNode node = NODES.objectNode();
        for (RecordComponent component : LedgerEntry.class.getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(entry);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read the ledger entry's " + component.getName(), e);
            }
            if (value == null) {
                node.putNull(component.getName());
            } else if (value instanceof String text) {
                node.put(component.getName(), text);
            } else if (value instanceof Double number) {
                node.put(component.getName(), number);
            } else if (value instanceof Integer number) {
                node.put(component.getName(), number);
            } else if (value instanceof Boolean flag) {
                node.put(component.getName(), flag);
            } else if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
                ArrayNode array = node.putArray(component.getName());
                list.forEach(item -> array.add((String) item));
            } else {
                return Mapper.INSTANCE.valueToTree(entry);
            }
        }
        return node;
    }

    /** The indented bytes of {@code root}, as the object mapper with INDENT_OUTPUT writes it. */
    static byte[] write(JsonNode root) {
        if (!plain(root)) {
            try {
                return Mapper.INSTANCE.writeValueAsBytes(root);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot encode the budget ledger: " + e.getMessage(), e);
            }
        }
        return PlainJson.indented(generator -> write(generator, root));
    }

    private static boolean plain(JsonNode node) {
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                if (!plain(child)) {
                    return false;
                }
            }
            return true;
        }
        return node.isTextual() || node.isBoolean() || node.isNull() || node.isInt() || node.isLong()
                || node.isBigInteger() || node.isDouble();
    }

    private static void write(JsonGenerator out, JsonNode node) throws IOException {
        if (node.isObject()) {
            out.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                out.writeFieldName(field.getKey());
                write(out, field.getValue());
            }
            out.writeEndObject();
        } else if (node.isArray()) {
            out.writeStartArray();
            for (JsonNode item : node) {
                write(out, item);
            }
            out.writeEndArray();
        } else if (node.isTextual()) {
            out.writeString(node.textValue());
        } else if (node.isBoolean()) {
            out.writeBoolean(node.booleanValue());
        } else if (node.isNull()) {
            out.writeNull();
        } else if (node.isInt()) {
            out.writeNumber(node.intValue());
        } else if (node.isLong()) {
            out.writeNumber(node.longValue());
        } else if (node.isBigInteger()) {
            out.writeNumber(node.bigIntegerValue());
        } else {
            out.writeNumber(node.doubleValue());
        }
    }

    /** The object mapper, built on first use only. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
