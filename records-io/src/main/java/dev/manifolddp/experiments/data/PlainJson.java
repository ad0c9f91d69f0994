package dev.manifolddp.experiments.data;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;

/**
 * Indented JSON of plain values (maps with text keys, lists and sets, arrays, numbers but decimals (which the mapper normalises), text, booleans,
 * enums, null)
 * written by jackson-core's generator alone: the same bytes as jackson-databind's {@code ObjectMapper} with
 * {@code INDENT_OUTPUT} writes for the same values ({@code PlainJsonTest} compares the two), without building an
 * object mapper, whose serializer machinery was about a tenth of a second of every {@code mdp release} (docs/scale.md,
 * "Start-up"). A number that is not finite is written as null, never as NaN. A value of any other type is refused
 * ({@link #write} returns empty), so a caller can hand such a value to the object mapper instead of writing it wrong.
 */
public final class PlainJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private PlainJson() {
    }

    /** The JSON of {@code root}, or empty when it holds a value of a type this writer does not know. */
    public static Optional<byte[]> write(Object root) {
        if (!plain(root)) {
            return Optional.empty();
        }
        return Optional.of(indented(generator -> value(generator, root)));
    }

    /** What {@link #indented} writes through its generator. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator generator) throws IOException;
    }

    /**
     * The bytes {@code body} writes through a generator with the object mapper's pretty printer (the indentation of
     * {@code INDENT_OUTPUT}): for other writers of the same form, such as the budget ledger's.
     */
    public static byte[] indented(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            body.write(generator);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON to memory", e);
        }
        return out.toByteArray();
    }

    /** True when {@code value} and everything in it is of a type {@link #value} writes. */
    private static boolean plain(Object value) {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Enum<?>
                || value instanceof Double || value instanceof Float || value instanceof Integer
                || value instanceof Long || value instanceof Short || value instanceof BigInteger
                || value instanceof double[] || value instanceof int[]
                || value instanceof long[]) {
            return true;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String) || !plain(entry.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (value instanceof java.util.Collection<?> items) {
            for (Object item : items) {
                if (!plain(item)) {
                    return false;
                }
            }
            return true;
        }
        if (value instanceof Object[] items) {
            for (Object item : items) {
                if (!plain(item)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static void value(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof String text) {
            out.writeString(text);
        } else if (value instanceof Boolean flag) {
            out.writeBoolean(flag);
        } else if (value instanceof Enum<?> constant) {
            out.writeString(constant.name());
        } else if (value instanceof Double number) {
            number(out, number);
        } else if (value instanceof Float number) {
            if (Float.isFinite(number)) {
                out.writeNumber(number);
            } else {
                out.writeNull();
            }
        } else if (value instanceof Integer number) {
            out.writeNumber(number);
        } else if (value instanceof Long number) {
            out.writeNumber(number);
        } else if (value instanceof Short number) {
            out.writeNumber(number);
        } else if (value instanceof BigInteger number) {
            out.writeNumber(number);
        } else if (value instanceof double[] numbers) {
            out.writeStartArray();
            for (double number : numbers) {
                number(out, number);
            }
            out.writeEndArray();
        } else if (value instanceof int[] numbers) {
            out.writeStartArray();
            for (int number : numbers) {
                out.writeNumber(number);
            }
            out.writeEndArray();
        } else if (value instanceof long[] numbers) {
            out.writeStartArray();
            for (long number : numbers) {
                out.writeNumber(number);
            }
            out.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.writeFieldName((String) entry.getKey());
                value(out, entry.getValue());
            }
            out.writeEndObject();
        } else if (value instanceof java.util.Collection<?> items) {
            out.writeStartArray();
            for (Object item : items) {
                value(out, item);
            }
            out.writeEndArray();
        } else {
            out.writeStartArray();
            for (Object item : (Object[]) value) {
                value(out, item);
            }
            out.writeEndArray();
        }
    }

    private static void number(JsonGenerator out, double number) throws IOException {
        if (Double.isFinite(number)) {
            out.writeNumber(number);
        } else {
            out.writeNull();
        }
    }
}
