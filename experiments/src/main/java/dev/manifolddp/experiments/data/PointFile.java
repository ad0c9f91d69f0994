package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.PointLayout;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a CSV file of points: one point per row in the geometry's {@link PointLayout} (columns separated by commas,
 * semicolons or white space), an optional header row of column names, blank lines and {@code #} comments ignored.
 * On a geometry with {@link LandmarkShapes} (Kendall), rows are raw landmark configurations and are pre-shaped
 * (centred and scaled to unit norm); a row that is already a pre-shape is unchanged by this. Every row must then be a
 * point of the geometry; the error lists the offending rows.
 */
public final class PointFile {

    /** Relative tolerance for "is a point" of a row read from text. */
    public static final double TOLERANCE = 1e-6;

    private static final int LISTED = 10;

    /**
     * The points of a file with the file line each came from.
     *
     * @param points the points (pre-shaped on a landmark geometry)
     * @param lines  the 1-based file line of each point
     */
    public record Points(double[][] points, int[] lines) {

        public int size() {
            return points.length;
        }
    }

    private PointFile() {
    }

    /**
     * Reads {@code file} as points of {@code geometry}.
     *
     * @throws IllegalArgumentException naming the file and line for a missing or unreadable file, a malformed row,
     *     a row that is not a point, or a file without rows
     */
    public static Points read(Path file, Geometry geometry) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("data file not found: " + file);
        } catch (MalformedInputException e) {
            throw new IllegalArgumentException("data file " + file + " is not UTF-8 text; save it as CSV");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
        PointLayout layout = geometry.layout();
        Optional<LandmarkShapes> shapes = geometry.capability(LandmarkShapes.class);
        List<double[]> points = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        boolean first = true;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (first && isHeader(line)) {
                first = false;
                continue;
            }
            first = false;
            double[] row;
            try {
                row = layout.parse(line);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(String.format("%s line %d: %s", file, i + 1, e.getMessage()), e);
            }
            for (int j = 0; j < row.length; j++) {
                if (!Double.isFinite(row[j])) {
                    throw new IllegalArgumentException(String.format(
                            "%s line %d: column %d (%s) must be finite. Provided value: %s", file, i + 1, j + 1,
                            layout.columnNames().get(j), row[j]));
                }
            }
            if (shapes.isPresent()) {
                try {
                    row = shapes.get().preshape(row);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(String.format(
                            "%s line %d: the landmark configuration has no shape: %s", file, i + 1, e.getMessage()),
                            e);
                }
            }
            points.add(row);
            numbers.add(i + 1);
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException(String.format(
                    "data file %s has no rows; it needs one point per row with columns %s", file,
                    String.join(",", layout.columnNames())));
        }
        List<String> offending = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < points.size(); i++) {
            Optional<String> why = geometry.pointViolation(points.get(i), TOLERANCE);
            if (why.isPresent()) {
                count++;
                if (offending.size() < LISTED) {
                    offending.add("line " + numbers.get(i) + " (" + why.get() + ")");
                }
            }
        }
        if (count > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d of %d rows are not points of %s: %s%s", file, count, points.size(), geometry.spec(),
                    String.join("; ", offending), count > offending.size() ? "; ..." : ""));
        }
        return new Points(points.toArray(double[][]::new), numbers.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * A ball centre given as text in the geometry's layout: on a landmark geometry a raw configuration is pre-shaped
     * like the rows. Fails with {@code what} in the message when the text is malformed or not a point.
     */
    public static double[] center(String text, Geometry geometry, String what) {
        double[] point;
        try {
            point = geometry.layout().parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        Optional<LandmarkShapes> shapes = geometry.capability(LandmarkShapes.class);
        if (shapes.isPresent()) {
            try {
                point = shapes.get().preshape(point);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(what + ": the landmark configuration has no shape: "
                        + e.getMessage(), e);
            }
        }
        double[] checked = point;
        geometry.pointViolation(checked, TOLERANCE).ifPresent(why -> {
            throw new IllegalArgumentException(what + " is not a point of " + geometry.spec() + ": " + why
                    + ". Provided value: " + text);
        });
        return point;
    }

    /** A first row with any field that is not a number is a header. */
    private static boolean isHeader(String line) {
        for (String field : line.split("[,;\\s]+")) {
            try {
                Double.parseDouble(field);
            } catch (NumberFormatException e) {
                return true;
            }
        }
        return false;
    }
}
