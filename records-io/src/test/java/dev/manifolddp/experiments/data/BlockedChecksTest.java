package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row checks that run on all cores in fixed blocks of records (the projection onto the manifold in
 * {@link PointRows}, the distances of {@link BallClip}) give the points and the messages of one loop over the rows on
 * any number of threads: the offending rows of the whole file counted, the first ten listed in line order, whichever
 * blocks they lie in.
 */
class BlockedChecksTest {

    private static final int ROWS = 2 * RecordBlocks.SIZE + 1000;
    private final Geometry sphere = Geometries.parse("sphere:d=2");

    @TempDir
    Path folder;

    /** Rows near the north pole; the rows in {@code bad} are {@code (0, 0, 2)} (off the sphere) or on the equator. */
    private Path file(int[] bad, String badRow) throws IOException {
        StringBuilder text = new StringBuilder("x,y,z\n");
        for (int i = 0; i < ROWS; i++) {
            if (Arrays.binarySearch(bad, i) >= 0) {
                text.append(badRow).append('\n');
            } else {
                double t = 0.3 * i / ROWS;
                text.append(String.format(Locale.ROOT, "%.12f,0,%.12f%n", Math.sin(t), Math.cos(t)));
            }
        }
        Path path = folder.resolve("rows.csv");
        Files.writeString(path, text);
        return path;
    }

    /** Rows off the manifold in the first and the last block: counted all, the first ten listed by line. */
    @Test
    void rowsOffTheManifoldAreListedInLineOrderOnAnyNumberOfThreads() throws IOException {
        // 4 in block 0, 9 in block 2: the listed ten are the four and the first six of the last block
        int[] bad = {5, 70, 71, 60000, 2 * RecordBlocks.SIZE + 1, 2 * RecordBlocks.SIZE + 2, 2 * RecordBlocks.SIZE + 3,
                2 * RecordBlocks.SIZE + 4, 2 * RecordBlocks.SIZE + 5, 2 * RecordBlocks.SIZE + 6,
                2 * RecordBlocks.SIZE + 7, 2 * RecordBlocks.SIZE + 8, 2 * RecordBlocks.SIZE + 9};
        Path path = file(bad, "0,0,2");
        String[] messages = new String[3];
        for (int threads = 1; threads <= 3; threads++) {
            messages[threads - 1] = onThreads(threads, () -> refusal(() -> PointFile.read(path, sphere)));
        }
        assertThat(messages[0]).startsWith(path + ": 13 of " + ROWS + " rows are not points of " + sphere.spec() + ": line 7 (")
                .contains("; line 72 (", "; line 73 (", "; line 60002 (", "line " + (2 * RecordBlocks.SIZE + 8) + " (")
                .doesNotContain("line " + (2 * RecordBlocks.SIZE + 9) + " (").endsWith("; ...");
        assertThat(messages[1]).isEqualTo(messages[0]);
        assertThat(messages[2]).isEqualTo(messages[0]);
    }

    /** Records outside the ball in several blocks: listed in line order, clipped the same way on any thread count. */
    @Test
    void recordsOutsideTheBallAreListedAndClippedInLineOrder() throws IOException {
        int[] bad = {3, RecordBlocks.SIZE + 10, 2 * RecordBlocks.SIZE + 20};
        Path path = file(bad, "1,0,0");
        PointFile.Points data = PointFile.read(path, sphere);
        double[] north = {0, 0, 1};
        String[] messages = new String[3];
        double[][][] clipped = new double[3][][];
        for (int threads = 1; threads <= 3; threads++) {
            messages[threads - 1] = onThreads(threads, () -> refusal(() -> BallClip.apply(sphere, north, 0.5,
                    "--radius", data, false, "clip them")));
            BallClip.Result result = onThreads(threads, () -> BallClip.apply(sphere, north, 0.5, "--radius", data,
                    true, "clip them"));
            assertThat(result.moved()).isEqualTo(3);
            clipped[threads - 1] = result.points();
        }
        assertThat(messages[0]).startsWith("3 of " + ROWS + " records lie outside the declared ball of radius 0.500000 "
                + "around the centre (line 5 at distance 1.57080, line " + (RecordBlocks.SIZE + 12)
                + " at distance 1.57080, line " + (2 * RecordBlocks.SIZE + 22) + " at distance 1.57080); ");
        assertThat(messages[1]).isEqualTo(messages[0]);
        assertThat(messages[2]).isEqualTo(messages[0]);
        assertThat(clipped[1]).isDeepEqualTo(clipped[0]);
        assertThat(clipped[2]).isDeepEqualTo(clipped[0]);
        assertThat(clipped[0][0]).as("a record inside the ball is the file's").isEqualTo(data.points()[0]);
        assertThat(data.points()[3]).as("the file's records are not changed").isEqualTo(new double[] {1, 0, 0});
        assertThat(sphere.distance(north, clipped[0][3])).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
    }

    private static <T> T onThreads(int threads, Supplier<T> work) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(work::get).join();
        } finally {
            pool.shutdown();
        }
    }

    private static String refusal(Runnable read) {
        try {
            read.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("no refusal");
    }
}
