package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CsvBlocks}, the read of a large plain CSV file in blocks on several threads, gives what the row-by-row read
 * ({@link PointRows} over {@link CsvText}) gives: the same points bit for bit, the same lines, the same SHA-256 and
 * content digest, on 1 and 3 threads, with every line form the row-by-row read accepts (CRLF, CR, blank and comment
 * lines, white space around fields, a semicolon separator, a column that is not a coordinate, a line longer than a
 * block); and where it does not read a file (not ASCII, a bad field, a row that is not a point) the same refusal,
 * word for word, because the row-by-row read is then what reads it.
 */
class CsvBlocksTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");

    @TempDir
    Path folder;

    /** About {@code megabytes} MB of near-points of S^2 with a header "w,x0,x1,x2" (w not a coordinate), seeded. */
    private static String rows(double megabytes, String separator, String newline, long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(String.join(separator, "w", "x0", "x1", "x2")).append(newline);
        while (text.length() < megabytes * (1 << 20)) {
            double t = 0.5 * random.nextDouble();
            double p = 2 * Math.PI * random.nextDouble();
            double[] x = {Math.sin(t) * Math.cos(p), Math.sin(t) * Math.sin(p), Math.cos(t)};
            text.append(random.nextInt(100));
            for (double value : x) {
                // 6 to 17 decimals (the fast and the slow decimal path), sometimes padded or in exponent form
                String field = random.nextInt(10) == 0 ? String.format(Locale.ROOT, "%.9e", value)
                        : String.format(Locale.ROOT, "%." + (6 + random.nextInt(12)) + "f", value);
                // and the other spellings a one-pass parse of a plain row must read as DecimalField does: a plus
                // sign, no leading zero, an upper-case exponent with its own sign, a zero with a minus sign
                switch (random.nextInt(40)) {
                    case 0 -> field = value >= 0 ? "+" + field : field;
                    case 1 -> field = field.replaceFirst("^(-?)0\\.", "$1.");
                    case 2 -> field = String.format(Locale.ROOT, "%.12fE-3", value * 1e3);
                    case 3 -> field = String.format(Locale.ROOT, "%.12e", value).replace("e-0", "E-")
                            .replace("e+0", "E+");
                    default -> {
                    }
                }
                text.append(separator).append(random.nextInt(20) == 0 ? " " + field + "\t" : field);
            }
            text.append(newline);
            int extra = random.nextInt(500);
            if (extra == 0) {
                text.append(newline); // a blank line
            } else if (extra == 1) {
                text.append("  # a comment, 1,2,3").append(newline);
            }
        }
        return text.toString();
    }

    private Path write(String name, String text) throws IOException {
        Path file = folder.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static PointFile.Columns coordinates() {
        return PointFile.Columns.ALL.withCoordinates(List.of("x0", "x1", "x2"));
    }

    /** The row-by-row read: the reader every file took before the blocks, and takes when they do not apply. */
    private static PointFile.Points rowByRow(Path file, PointFile.Columns roles) {
        try (CsvText csv = CsvText.open(file)) {
            ReadMemory memory = new ReadMemory(file, Runtime.getRuntime().maxMemory());
            memory.opened(csv.size());
            return PointRows.read(csv, SPHERE, roles, null, memory);
        }
    }

    private static PointFile.Points blocks(Path file, PointFile.Columns roles, int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(() -> CsvBlocks.read(file, SPHERE, roles, null,
                    new ReadMemory(file, Runtime.getRuntime().maxMemory()))).join();
        } catch (IllegalArgumentException e) {
            // join re-creates a worker's exception, the original as its cause
            throw e.getCause() instanceof IllegalArgumentException original ? original : e;
        } finally {
            pool.shutdown();
        }
    }

    private static void sameRead(PointFile.Points actual, PointFile.Points expected, String what) {
        assertThat(actual).as(what + ": read in blocks").isNotNull();
        assertThat(actual.points().length).as(what).isEqualTo(expected.points().length);
        for (int i = 0; i < expected.points().length; i++) {
            assertThat(actual.points()[i]).as("%s record %d", what, i).isEqualTo(expected.points()[i]);
        }
        assertThat(actual.lines()).as(what).isEqualTo(expected.lines());
        assertThat(actual.sha256()).as(what).isEqualTo(expected.sha256());
        assertThat(actual.contentSha256()).as(what).isEqualTo(expected.contentSha256());
        assertThat(actual.ids()).isNull();
        assertThat(actual.subjects()).isNull();
        assertThat(actual.covariates()).isEmpty();
    }

    private void readsAsRowByRow(String name, String text) throws IOException {
        Path file = write(name, text);
        assertThat(Files.size(file)).isGreaterThan(4L * CsvBlocks.BLOCK);
        PointFile.Points expected = rowByRow(file, coordinates());
        for (int threads : new int[] {1, 3}) {
            sameRead(blocks(file, coordinates(), threads), expected, name + " on " + threads + " threads");
        }
        // and through the public entry, which takes the blocks for such a file
        sameRead(PointFile.read(file, SPHERE, coordinates()), expected, name + " via PointFile");
    }

    @Test
    void aPlainFileReadsInBlocksAsRowByRowWithEveryLineEnding() throws IOException {
        readsAsRowByRow("lf.csv", rows(5, ",", "\n", 1));
        readsAsRowByRow("crlf.csv", rows(5, ",", "\r\n", 2));
        readsAsRowByRow("cr.csv", rows(5, ",", "\r", 3));
        readsAsRowByRow("semicolon.csv", rows(5, ";", "\n", 4));
    }

    @Test
    void aLineLongerThanABlockLeavesEmptyBlocksAndTheSameLines() throws IOException {
        String text = rows(2.5, ",", "\n", 5);
        int cut = text.indexOf('\n', text.length() / 2) + 1;
        String comment = "#" + "x".repeat(3 * CsvBlocks.BLOCK) + "\n";
        readsAsRowByRow("long-line.csv", text.substring(0, cut) + comment + text.substring(cut)
                + "\n\n" /* trailing blank lines */);
    }

    @Test
    void aFileWithoutATrailingNewlineKeepsItsLastRow() throws IOException {
        String text = rows(5, ",", "\n", 6);
        readsAsRowByRow("no-newline.csv", text.substring(0, text.length() - 1));
    }

    /** The refusal of the file after {@code change}, read by the public entry and by the row-by-row read. */
    private void refusesAsRowByRow(String name, UnaryOperator<String> change) throws IOException {
        Path file = write(name, change.apply(rows(2.5, ",", "\n", 7)));
        refusesAsRowByRow(name, file);
    }

    private void refusesAsRowByRow(String name, Path file) {
        Throwable rowByRow = catchThrowable(() -> rowByRow(file, coordinates()));
        PointFile.Points[] inBlocks = new PointFile.Points[1];
        Throwable blocksRefusal = catchThrowable(() -> inBlocks[0] = blocks(file, coordinates(), 2));
        if (blocksRefusal == null) {
            assertThat(inBlocks[0]).as(name + ": left to the row-by-row read").isNull();
        } else {
            // rows that are not points are refused by the blocks themselves, with the row-by-row message
            assertThat(blocksRefusal).as(name).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(rowByRow.getMessage());
        }
        Throwable read = catchThrowable(() -> PointFile.read(file, SPHERE, coordinates()));
        assertThat(rowByRow).as(name).isInstanceOf(IllegalArgumentException.class);
        assertThat(read).as(name).isInstanceOf(IllegalArgumentException.class).hasMessage(rowByRow.getMessage());
    }

    /** Replaces the {@code k}-th data row from the end by {@code row}. */
    private static UnaryOperator<String> replacingRowFromEnd(int k, String row) {
        return text -> {
            int end = text.length() - 1;
            for (int i = 0; i < k; i++) {
                end = text.lastIndexOf('\n', end - 1);
            }
            int start = text.lastIndexOf('\n', end - 1) + 1;
            return text.substring(0, start) + row + text.substring(end);
        };
    }

    @Test
    void aProblemDeepInTheFileIsRefusedWordForWordAsRowByRow() throws IOException {
        refusesAsRowByRow("bad-field.csv", replacingRowFromEnd(1000, "1,0.1,zero,0.9"));
        refusesAsRowByRow("empty-field.csv", replacingRowFromEnd(5000, "1,0.1,,0.9"));
        refusesAsRowByRow("ragged.csv", replacingRowFromEnd(20, "1,0.1,0.2"));
        refusesAsRowByRow("comment-after-value.csv", replacingRowFromEnd(30000, "1,0,0,1 # north"));
        refusesAsRowByRow("nan.csv", replacingRowFromEnd(3, "1,NaN,0,1"));
        refusesAsRowByRow("not-a-point.csv", replacingRowFromEnd(40000, "1,3,0,0").andThen(
                replacingRowFromEnd(7, "1,0,2,0"))::apply);
        Path latin1 = folder.resolve("latin-1.csv");
        byte[] text = rows(2.5, ",", "\n", 12).getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = java.util.Arrays.copyOf(text, text.length + 7);
        System.arraycopy(new byte[] {'#', 'c', 'a', 'f', (byte) 0xE9, '\n', '1'}, 0, bytes, text.length, 7);
        Files.write(latin1, bytes);
        refusesAsRowByRow("latin-1.csv", latin1);
    }

    @Test
    void aFileThatIsNotPlainIsReadRowByRowWithTheSameResult() throws IOException {
        // a byte-order mark and a comment in UTF-8: not ASCII, so the blocks step aside and the result is the same
        Path file = write("bom.csv", "\uFEFF" + rows(5, ",", "\n", 8) + "# d\u00e9j\u00e0 vu\n");
        assertThat(blocks(file, coordinates(), 2)).isNull();
        PointFile.Points read = PointFile.read(file, SPHERE, coordinates());
        assertThat(read.sha256()).isEqualTo(rowByRow(file, coordinates()).sha256());
        // tabs, an id column or a small file: row by row too
        Path tabs = write("tabs.tsv", rows(5, "\t", "\n", 9));
        assertThat(blocks(tabs, coordinates(), 2)).isNull();
        Path small = write("small.csv", rows(0.5, ",", "\n", 10));
        assertThat(blocks(small, coordinates(), 2)).isNull();
        Path ids = write("ids.csv", rows(5, ",", "\n", 11));
        assertThat(blocks(ids, coordinates().withSubject("w"), 2)).isNull();
    }
}
