package dev.manifolddp.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parsed specification {@code name[:key=value[,key=value...]]}, e.g. {@code sphere:d=2} or
 * {@code kng:burn-in=2000,thin=1}: the one parser of every kind of component.
 *
 * @param name       the provider name or alias
 * @param parameters the parameters in written order
 */
public record Spec(String name, Map<String, String> parameters) {

    public Spec {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /**
     * Parses {@code text}; a malformed pair, an empty key or value, or a key given twice fails with a message naming
     * the key and the {@code kind} (e.g. {@code "geometry"}), and {@code example} shows a valid specification.
     */
    public static Spec parse(String kind, String example, String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(String.format("a %s specification is needed, e.g. '%s'. Provided "
                    + "value: %s", kind, example, text == null ? "null" : "'" + text + "'"));
        }
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
        if (name.isEmpty()) {
            throw new IllegalArgumentException(String.format("the %s specification has no name before ':', e.g. "
                    + "'%s'. Provided value: %s", kind, example, text));
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        String rest = colon < 0 ? "" : trimmed.substring(colon + 1).trim();
        if (!rest.isEmpty()) {
            for (String pair : rest.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException(String.format("%s parameters are written key=value, "
                            + "separated by commas; '%s' is not. Provided value: %s", kind, pair.trim(), text));
                }
                String key = pair.substring(0, eq).trim();
                String value = pair.substring(eq + 1).trim();
                if (value.isEmpty()) {
                    throw new IllegalArgumentException(String.format("%s parameter '%s' has no value; write %s=VALUE. "
                            + "Provided value: %s", kind, key, key, text));
                }
                if (parameters.put(key, value) != null) {
                    throw new IllegalArgumentException(String.format(
                            "%s parameter '%s' is given twice. Provided value: %s", kind, key, text));
                }
            }
        }
        return new Spec(name, parameters);
    }
}
