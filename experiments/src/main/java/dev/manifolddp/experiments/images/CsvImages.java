package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.data.InputFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * Reads a square greyscale image set stored as CSV (gzip when the name ends in {@code .gz}), the layout of the
 * bundled MNIST and Fashion-MNIST sets: a header {@code label,train_index,p0,...,p(N-1)} with {@code N = s * s}, then
 * one image per line, pixel {@code p = row * s + col} an integer in 0..255. Every line is checked, also those of other
 * labels: a file with one bad line is refused with that line's number (wrong number of fields, a field that is not an
 * integer, a pixel outside 0..255), never read in part.
 */
public final class CsvImages {

    private static final int MAX_PIXEL = 255;

    private CsvImages() {
    }

    /**
     * The images of {@code label}, scaled to [0, 1] by 1/255.
     *
     * @param file  the CSV file
     * @param label the class to keep
     * @param name  how the file is named in messages and the summary (e.g. {@code dataset:mnist})
     * @throws IllegalArgumentException naming the file and line of the first bad line, or the labels present when
     *                                  none is {@code label}
     */
    public static ImageSet read(Path file, int label, String name) {
        InputFile.requireRegular(file, name + ": the image file");
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16)
                        : raw;
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8
                        .newDecoder().onMalformedInput(CodingErrorAction.REPORT)), 1 << 16)) {
            return read(reader, label, name);
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": the image file " + file + " could not be read ("
                    + e.getMessage() + "); check that it is a readable (gzip) CSV file", e);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(name + ": the image file " + file + " could not be read ("
                    + e.getCause().getMessage() + ")", e);
        }
    }

    private static ImageSet read(BufferedReader reader, int label, String name) throws IOException {
        String header = reader.readLine();
        int pixels = pixelCount(header, name);
        int side = (int) Math.round(Math.sqrt(pixels));
        int fields = pixels + 2;
        List<double[]> images = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        TreeSet<Integer> labels = new TreeSet<>();
        int[] values = new int[fields];
        String line;
        int number = 1;
        while ((line = reader.readLine()) != null) {
            number++;
            parse(line, values, name, number);
            labels.add(values[0]);
            if (values[0] != label) {
                continue;
            }
            double[] image = new double[pixels];
            for (int p = 0; p < pixels; p++) {
                image[p] = values[p + 2] / (double) MAX_PIXEL;
            }
            images.add(image);
            lines.add(number);
        }
        if (images.isEmpty()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s holds no image of label %d; its labels "
                    + "are %s. Provided value: %d", name, label, labels, label));
        }
        return new ImageSet(images.toArray(double[][]::new), side, side, 1,
                lines.stream().mapToInt(Integer::intValue).toArray(),
                String.format(Locale.ROOT, "%d images (%d x %d, grey) of label %d of %s", images.size(), side, side,
                        label, name));
    }

    /** The number of pixels the header announces; it must be {@code label,train_index,p0..p(N-1)}, N square. */
    private static int pixelCount(String header, String name) {
        if (header == null) {
            throw new IllegalArgumentException(name + ": the file is empty; expected the header "
                    + "label,train_index,p0,...,p(N-1)");
        }
        String[] names = header.strip().split(",", -1);
        int pixels = names.length - 2;
        int side = (int) Math.round(Math.sqrt(Math.max(pixels, 0)));
        boolean ok = pixels > 0 && side * side == pixels && names[0].equals("label")
                && names[1].equals("train_index");
        for (int p = 0; ok && p < pixels; p++) {
            ok = names[p + 2].equals("p" + p);
        }
        if (!ok) {
            throw new IllegalArgumentException(name + ", line 1: expected the header label,train_index,p0,...,p(N-1) "
                    + "with N a square number of pixels. Provided value: "
                    + (header.length() > 80 ? header.substring(0, 80) + "..." : header));
        }
        return pixels;
    }

    /** Parses one line into {@code values} (label, index, pixels), refusing it by number when it is malformed. */
    private static void parse(String line, int[] values, String name, int number) {
        int field = 0;
        int start = 0;
        int length = line.length();
        while (start <= length) {
            int end = line.indexOf(',', start);
            if (end < 0) {
                end = length;
            }
            if (field == values.length) {
                throw width(name, number, line);
            }
            values[field] = integer(line, start, end, name, number, field);
            if (field >= 2 && (values[field] < 0 || values[field] > MAX_PIXEL)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s, line %d, pixel p%d: a pixel is an "
                        + "integer in 0..255. Provided value: %d", name, number, field - 2, values[field]));
            }
            field++;
            start = end + 1;
        }
        if (field != values.length) {
            throw width(name, number, line);
        }
    }

    private static IllegalArgumentException width(String name, int number, String line) {
        long count = line.chars().filter(c -> c == ',').count() + 1;
        return new IllegalArgumentException(String.format(Locale.ROOT, "%s, line %d: wrong number of fields; every "
                + "line has the header's fields (label, train_index and one per pixel). Provided value: %d fields",
                name, number, count));
    }

    private static int integer(String line, int start, int end, String name, int number, int field) {
        String column = field == 0 ? "label" : field == 1 ? "train_index" : "pixel p" + (field - 2);
        int value = 0;
        boolean negative = start < end && line.charAt(start) == '-';
        int i = negative ? start + 1 : start;
        if (i == end || end - i > 9) {
            throw notInteger(name, number, column, line.substring(start, end));
        }
        for (; i < end; i++) {
            char c = line.charAt(i);
            if (c < '0' || c > '9') {
                throw notInteger(name, number, column, line.substring(start, end));
            }
            value = value * 10 + (c - '0');
        }
        return negative ? -value : value;
    }

    private static IllegalArgumentException notInteger(String name, int number, String column, String text) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "%s, line %d, %s: expected an integer. "
                + "Provided value: '%s'", name, number, column, text));
    }
}
