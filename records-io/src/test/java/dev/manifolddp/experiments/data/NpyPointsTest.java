package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A .npy file is read as the same numbers written in a CSV file: the same exact points (bit for bit), the same
 * canonical digest as a CSV file without a header, and the same refusals, named by row; other types, Fortran order,
 * a wrong shape and a damaged file are refused saying how to save the array.
 */
class NpyPointsTest {

    @TempDir
    Path folder;

    /** The bytes numpy.save writes (format 1.0): the header dict padded with spaces to 64 bytes, then the data. */
    static byte[] npy(String descr, boolean fortran, long[] shape, double[] values) {
        StringBuilder dims = new StringBuilder();
        for (int i = 0; i < shape.length; i++) {
            dims.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        String dict = String.format(Locale.ROOT, "{'descr': '%s', 'fortran_order': %s, 'shape': (%s%s), }", descr,
                fortran ? "True" : "False", dims, shape.length == 1 ? "," : "");
        int total = 10 + dict.length() + 1;
        String header = dict + " ".repeat((64 - total % 64) % 64) + "\n";
        ByteBuffer out = ByteBuffer.allocate(10 + header.length() + 8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        out.putShort((short) header.length());
        out.put(header.getBytes(StandardCharsets.ISO_8859_1));
        for (double v : values) {
            out.putDouble(v);
        }
        return out.array();
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = folder.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    private Path csv(String name, double[] values, int width) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            text.append(Double.toString(values[i])).append((i + 1) % width == 0 ? "\n" : ",");
        }
        return write(name, text.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** Random points near a geometry's base point, written as its layout's values, row after row. */
    private static double[] rows(Geometry geometry, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int d = geometry.layout().length();
        double[] values = new double[n * d];
        for (int i = 0; i < n; i++) {
            double[] x = geometry.layout().kind() == dev.manifolddp.geometry.PointLayout.Kind.SYMMETRIC_MATRIX
                    ? spd(geometry.layout().size(), random) : near(d, random);
            System.arraycopy(x, 0, values, i * d, d);
        }
        return values;
    }

    private static double[] near(int d, SplittableRandom random) {
        double[] x = new double[d];
        double norm = 0;
        for (int j = 0; j < d; j++) {
            x[j] = (j == d - 1 ? 3 : 0) + random.nextGaussian() * 0.3;
            norm += x[j] * x[j];
        }
        for (int j = 0; j < d; j++) {
            x[j] /= Math.sqrt(norm);
        }
        return x;
    }

    private static double[] spd(int k, SplittableRandom random) {
        double[] m = new double[k * k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b <= a; b++) {
                double v = a == b ? 2 + random.nextDouble() : 0.3 * random.nextGaussian();
                m[a * k + b] = v;
                m[b * k + a] = v;
            }
        }
        return m;
    }

    @Test
    void aNpyFileIsReadAsTheSameNumbersInCsv() throws IOException {
        for (String spec : List.of("sphere:d=2", "spd/log-euclidean:k=3", "kendall:landmarks=5")) {
            Geometry geometry = Geometries.parse(spec);
            int d = geometry.layout().length();
            int k = geometry.layout().size();
            double[] values = rows(geometry, 200, spec.hashCode());
            Path text = csv("points.csv", values, d);
            PointFile.Points fromCsv = PointFile.read(text, geometry);
            List<long[]> shapes = spec.startsWith("sphere") ? List.of(new long[] {200, d})
                    : spec.startsWith("spd") ? List.of(new long[] {200, d}, new long[] {200, k, k})
                            : List.of(new long[] {200, d}, new long[] {200, k, 2});
            for (long[] shape : shapes) {
                PointFile.Points fromNpy = PointFile.read(write("points.npy", npy("<f8", false, shape, values)),
                        geometry);
                assertThat(fromNpy.points()).as(spec).isDeepEqualTo(fromCsv.points());
                assertThat(fromNpy.lines()).isEqualTo(fromCsv.lines());
                assertThat(fromNpy.contentSha256()).as("one account for both forms").isEqualTo(
                        fromCsv.contentSha256());
                assertThat(fromNpy.sha256()).isNotEqualTo(fromCsv.sha256()).matches("[0-9a-f]{64}");
            }
        }
    }

    @Test
    void otherTypesOrdersShapesAndDamageAreRefusedSayingHowToSave() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[] values = {0, 0, 1, 0.6, 0, 0.8};
        long[] shape = {2, 3};
        assertThatThrownBy(() -> PointFile.read(write("f4.npy", npy("<f4", false, shape, values)), sphere))
                .hasMessageContaining("f4.npy holds numbers of type '<f4' (float32)").hasMessageContaining("'<f8'");
        assertThatThrownBy(() -> PointFile.read(write("big.npy", npy(">f8", false, shape, values)), sphere))
                .hasMessageContaining("(big-endian)");
        assertThatThrownBy(() -> PointFile.read(write("i8.npy", npy("<i8", false, shape, values)), sphere))
                .hasMessageContaining("(integers)");
        assertThatThrownBy(() -> PointFile.read(write("fortran.npy", npy("<f8", true, shape, values)), sphere))
                .hasMessageContaining("Fortran (column-major) order").hasMessageContaining("np.ascontiguousarray");
        assertThatThrownBy(() -> PointFile.read(write("wide.npy", npy("<f8", false, new long[] {3, 2}, values)),
                sphere)).hasMessageContaining("has shape (3, 2), but points of this geometry (vector in R^3) need "
                        + "shape (n, 3)");
        assertThatThrownBy(() -> PointFile.read(write("flat.npy", npy("<f8", false, new long[] {6}, values)),
                sphere)).hasMessageContaining("has shape (6,)");
        byte[] whole = npy("<f8", false, shape, values);
        assertThatThrownBy(() -> PointFile.read(write("cut.npy", java.util.Arrays.copyOf(whole, whole.length - 8)),
                sphere)).hasMessageContaining("cut short");
        assertThatThrownBy(() -> PointFile.read(write("text.npy", "x,y,z\n0,0,1\n".getBytes(
                StandardCharsets.US_ASCII)), sphere)).hasMessageContaining("is not a readable .npy file");
        assertThatThrownBy(() -> PointFile.read(write("empty.npy", npy("<f8", false, new long[] {0, 3},
                new double[0])), sphere)).hasMessageContaining("has no rows");
    }

    @Test
    void aValueOrRowIsRefusedByItsRowAndRolesByName() throws IOException {
        Geometry sphere = Geometries.parse("sphere:d=2");
        assertThatThrownBy(() -> PointFile.read(write("nan.npy", npy("<f8", false, new long[] {2, 3},
                new double[] {0, 0, 1, 0.6, Double.NaN, 0.8})), sphere))
                .hasMessageContaining("nan.npy row 2 (numpy index 1): column 2 (x1) is NaN, not a finite number");
        assertThatThrownBy(() -> PointFile.read(write("off.npy", npy("<f8", false, new long[] {3, 3},
                new double[] {0, 0, 1, 0.6, 0, 0.9, 0, 0, 2})), sphere))
                .hasMessageContaining("off.npy: 2 of 3 rows are not points of sphere").hasMessageContaining("row 2 (")
                .hasMessageContaining("row 3 (");
        Path fine = write("fine.npy", npy("<f8", false, new long[] {1, 3}, new double[] {0, 0, 1}));
        assertThatThrownBy(() -> PointFile.read(fine, sphere, new PointFile.Columns("rat", List.of())))
                .hasMessageContaining("fine.npy is a .npy file: it holds coordinates only");
        assertThat(PointFile.read(fine, sphere).points()).isDeepEqualTo(new double[][] {{0, 0, 1}});
    }

    @Test
    void aFileOfManyBlocksIsReadAsOneLoopWouldReadIt() throws Exception {
        Geometry sphere = Geometries.parse("sphere:d=2");
        int size = dev.manifolddp.geometry.RecordBlocks.SIZE;
        int n = 2 * size + 7;
        double[] values = rows(sphere, n, 26);
        long[] shape = {n, 3};
        Path file = write("blocks.npy", npy("<f8", false, shape, values));
        PointFile.Points fromNpy = PointFile.read(file, sphere);
        PointFile.Points fromCsv = PointFile.read(csv("blocks.csv", values, 3), sphere);
        assertThat(fromNpy.points()).isDeepEqualTo(fromCsv.points());
        assertThat(fromNpy.lines()).isEqualTo(fromCsv.lines());
        assertThat(fromNpy.contentSha256()).isEqualTo(fromCsv.contentSha256());
        // the file digest, taken on first use, is the SHA-256 of the bytes
        StringBuilder hex = new StringBuilder();
        for (byte b : java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))) {
            hex.append(String.format(Locale.ROOT, "%02x", b));
        }
        assertThat(fromNpy.sha256()).isEqualTo(hex.toString());

        // rows off the sphere in three blocks are listed in row order; the first non-finite value is the one named
        double[] off = values.clone();
        for (int row : new int[] {2 * size + 1, 5, size + 3}) {
            off[3 * row + 2] += 0.5;
        }
        assertThatThrownBy(() -> PointFile.read(write("off-blocks.npy", npy("<f8", false, shape, off)), sphere))
                .hasMessageContaining(String.format(Locale.ROOT, "off-blocks.npy: 3 of %d rows are not points of "
                        + "sphere", n))
                .hasMessageMatching(String.format(Locale.ROOT, "(?s).*row 6 \\(.*row %d \\(.*row %d \\(.*", size + 4,
                        2 * size + 2));
        double[] nan = values.clone();
        nan[3 * (2 * size + 2)] = Double.NaN;
        nan[3 * (size + 10) + 1] = Double.POSITIVE_INFINITY;
        assertThatThrownBy(() -> PointFile.read(write("nan-blocks.npy", npy("<f8", false, shape, nan)), sphere))
                .hasMessageContaining(String.format(Locale.ROOT, "nan-blocks.npy row %d (numpy index %d): column 2 "
                        + "(x1) is Infinity", size + 11, size + 10));
    }
}
