package dev.manifolddp.experiments.config;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code {axis}} placeholders in geometry specifications and plugin parameters, filled per sweep cell. */
public final class Placeholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_-]*)}");

    private Placeholders() {
    }

    /** The axis names a text refers to. */
    public static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = PLACEHOLDER.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** The text with every placeholder replaced by the cell's value; an unknown axis is an error at {@code path}. */
    public static String fill(String text, Map<String, String> values, String path) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new ConfigException(path, String.format("the placeholder {%s} names no sweep axis; sweep axes: "
                        + "%s", matcher.group(1), String.join(", ", values.keySet())));
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** Every value of {@code parameters} filled. */
    public static Map<String, String> fill(Map<String, String> parameters, Map<String, String> values,
            String path) {
        Map<String, String> filled = new java.util.LinkedHashMap<>();
        parameters.forEach((key, value) -> filled.put(key, fill(value, values, path + "." + key)));
        return filled;
    }
}
