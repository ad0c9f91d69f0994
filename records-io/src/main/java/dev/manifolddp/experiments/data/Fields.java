package dev.manifolddp.experiments.data;

import java.util.List;
import java.util.Locale;

/**
 * How a row or a field of a data file appears in an error message: a long row is summarised by its first fields and
 * its length, a long field is cut, and control characters are escaped, so a message is one readable line whatever
 * the file holds.
 */
final class Fields {

    /** Fields shown before a row is summarised. */
    static final int SHOWN_FIELDS = 5;
    /** Characters of one field shown before it is cut. */
    static final int SHOWN_CHARS = 40;

    private Fields() {
    }

    /** The row as {@code a,b,c} when short, else its first fields and the count. */
    static String summary(String[] fields) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(fields.length, SHOWN_FIELDS);
        for (int j = 0; j < shown; j++) {
            if (j > 0) {
                out.append(',');
            }
            out.append(shown(fields[j]));
        }
        if (fields.length > shown) {
            out.append(String.format(Locale.ROOT, ",... (%d fields in all)", fields.length));
        }
        return out.toString();
    }

    /** Column names as {@code a,b,c} when short, else the first ones, {@code ...} and the last. */
    static String names(List<String> names) {
        return names.size() <= 2 * SHOWN_FIELDS ? String.join(",", names)
                : String.join(",", names.subList(0, SHOWN_FIELDS)) + ",...," + names.get(names.size() - 1);
    }

    /**
     * One field, cut after {@link #SHOWN_CHARS} characters, control characters written as a backslash, u and four
     * hex digits.
     */
    static String shown(String field) {
        StringBuilder out = new StringBuilder();
        int end = Math.min(field.length(), SHOWN_CHARS);
        for (int i = 0; i < end; i++) {
            char c = field.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        if (field.length() > end) {
            out.append(String.format(Locale.ROOT, "... (%d characters)", field.length()));
        }
        return "'" + out + "'";
    }
}
