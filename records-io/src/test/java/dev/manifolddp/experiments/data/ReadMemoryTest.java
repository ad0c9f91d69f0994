package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory a read takes: the text of the rows read is not kept (the heap after a collection does not grow while a
 * file streams by), what a read keeps per record is about its point's numbers, the estimate the refusal rests on is
 * that amount, and a file whose records would not fit in the heap is refused naming the memory it needs.
 */
class ReadMemoryTest {

    private static final int ROWS = 200_000;
    private static final long MB = 1L << 20;

    private final Geometry sphere = Geometries.parse("sphere:d=2");

    @TempDir
    Path folder;

    /** 200000 points written with a header, about 60 bytes a row (12 MB). */
    private Path bigFile() throws IOException {
        return Files.writeString(folder.resolve("big.csv"), "x0,x1,x2\n" + StreamingReadTest.rows(ROWS));
    }

    private static long usedAfterCollection() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** Streaming 12 MB of rows leaves the live heap where it was after the first thousand rows. */
    @Test
    void readingRowsKeepsNoTextOfThem() throws IOException {
        Path file = bigFile();
        try (CsvText csv = CsvText.open(file)) {
            for (int i = 0; i < 1000; i++) {
                assertThat(csv.next()).isTrue();
            }
            long before = usedAfterCollection();
            double sum = 0;
            int rows = 1000;
            while (csv.next()) {
                sum += csv.number(0, () -> "x0");
                rows++;
            }
            long grown = usedAfterCollection() - before;
            assertThat(rows).isEqualTo(ROWS);
            assertThat(sum).isFinite();
            // a reader keeping the fields as strings would hold far more than the file's 12 MB here
            assertThat(grown).as("heap grown while streaming %d MB", Files.size(file) / MB).isLessThan(2 * MB);
            Reference.reachabilityFence(csv);
        }
    }

    /**
     * What a read keeps is the points (24 bytes each in the flat layout, no array per record) and their lines: under
     * 32 bytes a record, and within a quarter of what the estimate behind a refusal assumes.
     */
    @Test
    void aReadKeepsAboutItsNumbers() throws IOException {
        Path file = bigFile();
        long before = usedAfterCollection();
        PointFile.Points points = PointFile.read(file, sphere);
        long kept = usedAfterCollection() - before;
        assertThat(points.size()).isEqualTo(ROWS);
        double perRecord = kept / (double) ROWS;
        assertThat(perRecord).as("bytes kept per record").isLessThan(32);
        ReadMemory estimate = new ReadMemory(file, Runtime.getRuntime().maxMemory());
        estimate.records(3, 0, 0);
        assertThat((double) estimate.perRecord()).isBetween(0.75 * perRecord, 1.25 * perRecord);
        Reference.reachabilityFence(points);
    }

    /** A heap too small for the records refuses the read early, naming the file, the need and the heap. */
    @Test
    void aFileThatCannotFitIsRefusedWithTheMemoryItNeeds() throws IOException {
        Path file = bigFile();
        long size = Files.size(file);
        // 200000 records of 28 bytes, with the growth slack and the fixed share: about 23 MB
        assertThatThrownBy(() -> PointFile.read(file, sphere, PointFile.Columns.ALL, null, 20 * MB))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(String.format("data file %s (%s) needs about ", file,
                        JavaHeap.megabytes(size)))
                .hasMessageMatching("(?s).* of memory to read \\(about (199|200|201)\\d{3} records .*")
                .hasMessageContaining(" records of 3 numbers, 28 bytes each), more than this Java runtime's maximum "
                        + "heap of 20.0 MB; give Java more memory, e.g. MDP_JAVA_OPTS=-Xmx256m ./mdp ...");
        // with room for the estimate the same file is read: the estimate does not refuse what fits
        assertThat(PointFile.read(file, sphere, PointFile.Columns.ALL, null, 32 * MB).size()).isEqualTo(ROWS);
    }

    /** An OutOfMemoryError the estimate did not foresee becomes the same refusal, with the records read. */
    @Test
    void runningOutOfMemoryIsWordedLikeTheRefusal() {
        ReadMemory memory = new ReadMemory(Path.of("points.csv"), 128 * MB);
        memory.opened(100 * MB);
        memory.records(3, 1, 8);
        memory.check(50_000, 5 * MB);
        assertThat(memory.estimatedRecords()).isEqualTo(1_000_000);
        assertThat(memory.outOfMemory()).hasMessage("data file points.csv (100.0 MB) ran out of memory after 50000 "
                + "records within this Java runtime's maximum heap of 128.0 MB: reading it needs about 58.9 MB (about "
                + "1000000 records of 4 numbers, 36 bytes each) besides what the command already holds; give Java "
                + "more memory, e.g. MDP_JAVA_OPTS=-Xmx256m ./mdp ... (java -Xmx256m, or JAVA_TOOL_OPTIONS=-Xmx256m "
                + "with another launcher), or split the file");
    }
}
