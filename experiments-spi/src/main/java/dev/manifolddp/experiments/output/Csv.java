package dev.manifolddp.experiments.output;

import java.util.List;

/** CSV formatting shared by the output files: RFC 4180 quoting, shortest round-trip numbers, empty for undefined. */
public final class Csv {

    private Csv() {
    }

    public static String field(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }

    /** {@link Double#toString(double)} (shortest text that reads back to the same double); empty for NaN. */
    public static String number(double value) {
        return Double.isNaN(value) ? "" : Double.toString(value);
    }

    public static String line(List<String> fields) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        return out.append('\n').toString();
    }
}
