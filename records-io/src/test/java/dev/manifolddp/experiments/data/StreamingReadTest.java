package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streaming read: lines, characters and the SHA-256 across buffer boundaries, the precedence of failures a reader
 * of the whole file had (not UTF-8, then a malformed row, then a row's values), wherever in the file each lies.
 */
class StreamingReadTest {

    /** The reader's buffer: boundaries of interest lie at multiples of it. */
    private static final int CHUNK = 1 << 16;

    private final Geometry sphere = Geometries.parse("sphere:d=2");

    @TempDir
    Path folder;

    private Path write(byte[] bytes) throws IOException {
        return Files.write(folder.resolve("data.csv"), bytes);
    }

    private Path write(String text) throws IOException {
        return write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code count} rows of points on the sphere, each of a slightly different length. */
    static String rows(int count) {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < count; i++) {
            double t = 0.3 * i / count;
            rows.append(String.format(Locale.ROOT, "%." + (6 + i % 5) + "f,%.9f,%.12f%n", Math.sin(t) * Math.cos(i),
                    Math.sin(t) * Math.sin(i), Math.cos(t)));
        }
        return rows.toString();
    }

    /** A comment line that makes the next line start at byte {@code at} of a file now {@code written} bytes long. */
    private static String padding(int written, int at) {
        return "#" + "x".repeat(at - written - 2) + "\n";
    }

    @Test
    void theShaIsOfEveryByteAndLinesKeepTheirNumbersAcrossBuffers() throws Exception {
        String header = "\uFEFFx0,x1,x2\r\n";
        String body = rows(20_000).replace("\n", "\r\n");
        byte[] bytes = (header + body).getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isGreaterThan(10 * CHUNK);
        PointFile.Points points = PointFile.read(write(bytes), sphere);
        assertThat(points.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(bytes)));
        assertThat(points.lines()).containsExactly(IntStream.rangeClosed(2, 20_001).toArray());
        // an old-Mac file: a carriage return alone ends a line
        assertThat(PointFile.read(write(header.replace("\r\n", "\r") + body.replace("\r\n", "\r")), sphere).lines())
                .containsExactly(IntStream.rangeClosed(2, 20_001).toArray());
    }

    /** A CRLF split by a buffer boundary is one line break; a two-byte character split by one is one character. */
    @Test
    void aLineBreakAndACharacterSplitByABufferBoundaryAreRead() throws IOException {
        String header = "id,x0,x1,x2\r\n";
        // the \r of the comment's CRLF is the last byte of the first buffer
        String comment = "#" + "x".repeat(CHUNK - 1 - header.length() - 1) + "\r\n";
        String text = header + comment + "r\u00e9,0,0,1\r\n";
        assertThat(text.getBytes(StandardCharsets.UTF_8)[CHUNK - 1]).isEqualTo((byte) '\r');
        PointFile.Points points = PointFile.read(write(text), sphere, PointFile.Columns.ALL.withId("id"));
        assertThat(points.lines()).containsExactly(3);
        // the two bytes of é straddle the boundary: the id is still r-e-acute
        String straddling = header + padding(header.length(), CHUNK - 1) + "\u00e9,0,0,1\n";
        assertThat(straddling.getBytes(StandardCharsets.UTF_8)[CHUNK - 1]).isEqualTo((byte) 0xC3);
        assertThat(PointFile.read(write(straddling), sphere, PointFile.Columns.ALL.withId("id")).ids())
                .containsExactly("\u00e9");
    }

    /** A byte that is not UTF-8 deep in the file is named by the line and offset a whole-file decoder gives. */
    @Test
    void aBadByteFarIntoTheFileNamesItsLineAndOffset() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] good = ("x0,x1,x2\n" + rows(9_000)).getBytes(StandardCharsets.UTF_8);
        out.writeBytes(good);
        out.writeBytes(new byte[] {'0', ',', (byte) 0xE9, ',', '1', '\n'});
        out.writeBytes(rows(10).getBytes(StandardCharsets.UTF_8));
        byte[] bytes = out.toByteArray();
        int offset = good.length + 2;
        long line = 1 + IntStream.range(0, offset).filter(i -> bytes[i] == '\n').count();
        assertThatThrownBy(() -> PointFile.read(write(bytes), sphere)).hasMessage(String.format(Locale.ROOT,
                "data file %s is not UTF-8 text: line %d has an invalid byte 0xE9 at byte offset %d; save the file as"
                        + " UTF-8 CSV (is it a spreadsheet or a binary file?)", folder.resolve("data.csv"), line,
                offset));
        assertThat(line).isEqualTo(9_002);
    }

    /** A row's bad value comes first in the file, the ragged row last: the ragged row is reported, as before. */
    @Test
    void aMalformedRowAnywhereIsReportedBeforeABadValue() throws IOException {
        String bad = "x0,x1,x2\n0,abc,1\n" + rows(5_000);
        assertThatThrownBy(() -> PointFile.read(write(bad), sphere))
                .hasMessageContaining("line 2: column 2 (x1) is not a number");
        assertThatThrownBy(() -> PointFile.read(write(bad + "0,1\n"), sphere))
                .hasMessageContaining("line 5003 has 2 fields but the header has 3");
        List<String> others = rows(5_000).lines().toList();
        String repeated = "id,x0,x1,x2\na,0,0,1\na,0,0,1\n" + IntStream.range(0, others.size())
                .mapToObj(i -> "b" + i + "," + others.get(i) + "\n").collect(Collectors.joining());
        assertThatThrownBy(() -> PointFile.read(write(repeated), sphere, PointFile.Columns.ALL.withId("id")))
                .hasMessageContaining("repeats the id 'a' of line 2");
        assertThatThrownBy(() -> PointFile.read(write(repeated + "c,0,,1\n"), sphere,
                PointFile.Columns.ALL.withId("id"))).hasMessageContaining("line 5004, column 3 is empty");
        // a missing --where column is a problem with the selection, reported after the file's structure
        assertThatThrownBy(() -> PointFile.read(write(bad + "0,1\n"), sphere, PointFile.Columns.ALL,
                new RowFilter("group", List.of("a")))).hasMessageContaining("line 5003 has 2 fields");
    }

    /** A ragged row first, bytes that are not UTF-8 last: the file is called what it is, not text. */
    @Test
    void bytesThatAreNotUtf8AnywhereAreReportedBeforeAMalformedRow() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("x0,x1,x2\n0,1\n" + rows(5_000)).getBytes(StandardCharsets.UTF_8));
        out.writeBytes(new byte[] {(byte) 0xFF, '\n'});
        assertThatThrownBy(() -> PointFile.read(write(out.toByteArray()), sphere))
                .hasMessageContaining("is not UTF-8 text: line 5003 has an invalid byte 0xFF");
    }
}
