package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PointRows} keeps the rows in one array while it reads and makes the per-record points only at the end; the
 * points are those of the row-by-row oracle (each line's fields parsed by {@link Double#parseDouble}, the row
 * projected by {@link ManifoldProjection}) bit for bit, over several blocks of records and on 1 and 3 threads, on a
 * geometry whose points keep the row's length (S^2, SPD) and one whose points do not (a Kendall preshape).
 */
class FlatReadTest {

    @TempDir
    Path folder;

    /** Rows of {@code geometry}'s column count: near-points written to six decimals (seeded). */
    private Path file(Geometry geometry, int rows, long seed) throws IOException {
        List<String> columns = geometry.layout().columnNames();
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(String.join(",", columns)).append('\n');
        for (int i = 0; i < rows; i++) {
            double[] point = nearPoint(geometry, random);
            for (int j = 0; j < point.length; j++) {
                text.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", point[j]));
            }
            text.append('\n');
        }
        Path path = folder.resolve(geometry.spec().replaceAll("[^a-z0-9]", "_") + ".csv");
        Files.writeString(path, text);
        return path;
    }

    private static double[] nearPoint(Geometry geometry, Random random) {
        String spec = geometry.spec();
        if (spec.startsWith("sphere")) {
            double t = 0.5 * random.nextDouble();
            double p = 2 * Math.PI * random.nextDouble();
            return new double[] {Math.sin(t) * Math.cos(p), Math.sin(t) * Math.sin(p), Math.cos(t)};
        }
        if (spec.startsWith("spd")) {
            double a = 0.6 * random.nextDouble() - 0.3;
            double b = 0.6 * random.nextDouble() - 0.3;
            double c = 0.6 * random.nextDouble() - 0.3; // diagonally dominant: positive definite
            return new double[] {1.5, a, b, a, 1.5, c, b, c, 1.5};
        }
        double[] landmarks = new double[geometry.layout().length()];
        for (int j = 0; j < landmarks.length; j++) {
            landmarks[j] = random.nextGaussian();
        }
        return landmarks;
    }

    /** The oracle: every line's fields parsed and projected on their own, in line order. */
    private static List<double[]> oracle(Geometry geometry, Path file) throws IOException {
        ManifoldProjection projection = new ManifoldProjection(geometry);
        List<double[]> points = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",");
            double[] row = new double[fields.length];
            for (int j = 0; j < row.length; j++) {
                row[j] = Double.parseDouble(fields[j]);
            }
            points.add(projection.project(row));
        }
        return points;
    }

    private void readsAsTheOracle(String spec, int rows) throws IOException {
        Geometry geometry = Geometries.parse(spec);
        Path path = file(geometry, rows, 26);
        List<double[]> expected = oracle(geometry, path);
        for (int threads : new int[] {1, 3}) {
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                double[][] points = pool.submit(() -> PointFile.read(path, geometry)).join().points();
                assertThat(points.length).as("%s on %d threads", spec, threads).isEqualTo(rows);
                for (int i = 0; i < rows; i++) {
                    assertThat(points[i]).as("%s record %d on %d threads", spec, i, threads)
                            .isEqualTo(expected.get(i));
                }
                // every record its own array: a consumer that changes one changes no other
                assertThat(points[0]).isNotSameAs(points[1]);
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void spherePointsAreTheRowByRowProjectionsBitForBitOverSeveralBlocks() throws IOException {
        readsAsTheOracle("sphere:d=2", 2 * RecordBlocks.SIZE + 777);
    }

    @Test
    void spdPointsAreTheRowByRowProjectionsBitForBit() throws IOException {
        readsAsTheOracle("spd/log-euclidean:k=3", 5000);
    }

    @Test
    void kendallPreshapesOfAnotherLengthAreTheRowByRowOnes() throws IOException {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        readsAsTheOracle("kendall:landmarks=4", 3000);
        Path path = file(kendall, 10, 7);
        assertThat(PointFile.read(path, kendall).points()[0]).hasSize(oracle(kendall, path).get(0).length);
    }

    /** The one array of a read's numbers grows by half, up to as many whole records as a Java array holds. */
    @Test
    void theValuesArrayGrowsToTheMostWholeRecordsAnArrayHolds() {
        int most = (Integer.MAX_VALUE - 8) / 9;
        assertThat(ReadMemory.grown(1024, 9)).isEqualTo(ReadMemory.grown(1024)).isEqualTo(1537);
        assertThat(ReadMemory.grown(most - 5, 9)).isEqualTo(most);
        assertThatThrownBy(() -> ReadMemory.grown(most, 9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the file holds more than " + most + " records of 9 numbers, the most one read can hold; "
                        + "split it");
    }
}
