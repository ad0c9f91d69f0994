package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The points of a NumPy {@code .npy} file ({@link NpyHeader}: little-endian float64, C order), one point per row:
 * shape {@code (n, D)} with D the layout's length, or, in the shape numpy users hold them, {@code (n, k, k)} for k x k
 * symmetric matrices and {@code (n, k, 2)} for k planar landmarks. The file is memory-mapped and each row is read
 * from the mapping into the record's point ({@link ManifoldProjection}, as a CSV row is), so no copy of the file is
 * ever held. The checks are a CSV file's: a value that is not finite fails naming its row and column, rows that are
 * not points are refused together, nothing is dropped. Row numbers in messages and in {@link PointFile.Points#lines}
 * count from 1 (numpy's index plus one). A .npy file has no column names, so it holds coordinates only: roles that
 * name columns, and row selections, are refused.
 *
 * <p>The rows are read on all cores in fixed blocks ({@link RecordBlocks}), with the same points and messages on any
 * number. The SHA-256 of the file's bytes is taken on first use, if ever ({@link FileDigest}, as for a CSV file);
 * the canonical digest is that of the same numbers in a CSV file without a header ({@link CanonicalContent}), so
 * the ledger keeps one account for the two forms of one dataset.
 */
final class NpyPoints {

    private static final int LISTED = 10;
    /** Bytes mapped at a time: a mapping is limited to 2 GB, and smaller windows keep the address space small. */
    private static final long WINDOW = 1L << 28;

    private NpyPoints() {
    }

    /** True when {@code file} is read as a .npy file: its name ends with {@code .npy} (any case). */
    static boolean isNpy(Path file) {
        Path name = file == null ? null : file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".npy");
    }

    /** Reads the points of {@code file} for {@code geometry}; roles and a filter are refused. */
    static PointFile.Points read(Path file, Geometry geometry, PointFile.Columns roles, RowFilter filter,
            ReadMemory memory) {
        String name = file.toString();
        if (filter != null || roles.id() != null || roles.subject() != null || !roles.covariates().isEmpty()
                || !roles.coordinates().isEmpty()) {
            throw new IllegalArgumentException(String.format("data file %s is a .npy file: it holds coordinates "
                    + "only, without column names, so it cannot name coordinate, id, subject or covariate columns "
                    + "or select rows; give a CSV file with a header for those", name));
        }
        InputFile.requireRegular(file, "data file");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            memory.opened(size);
            NpyHeader header = NpyHeader.read(channel.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(size, 1 << 20)),
                    name);
            PointLayout layout = geometry.layout();
            long n = records(header, layout, name);
            if (header.offset() + 8 * header.values() != size) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "data file %s is cut short or has "
                        + "bytes after its data: its header says shape %s (%d bytes of float64) but the file holds "
                        + "%d bytes after the header; save it again with numpy.save", name, header.describeShape(),
                        8 * header.values(), size - header.offset()));
            }
            if (n == 0) {
                throw new IllegalArgumentException(String.format("data file %s has no rows (shape %s); it needs one "
                        + "point per row", name, header.describeShape()));
            }
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "data file %s holds %d rows, more than "
                        + "one read can hold (%d); split it", name, n, Integer.MAX_VALUE - 8));
            }
            memory.records(layout.length(), 0, 0);
            memory.check((int) n, size);
            // the bytes' SHA-256 is taken on first use, if ever (FileDigest), of the file as it is now
            FileDigest digest = FileDigest.later(file, size, Files.getLastModifiedTime(file));
            PointFile.Points points = rows(channel, header, (int) n, geometry, name, digest);
            if (!digest.unchanged()) {
                throw new IllegalArgumentException("data file " + name + " changed while it was being read; read "
                        + "it again once nothing writes to it");
            }
            return points;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + name + ": " + e.getMessage(), e);
        }
    }

    /** The number of rows, after checking that the shape holds points of {@code layout}. */
    private static long records(NpyHeader header, PointLayout layout, String file) {
        long[] shape = header.shape();
        int k = layout.size();
        boolean fits = switch (shape.length) {
            case 2 -> shape[1] == layout.length();
            case 3 -> (layout.kind() == PointLayout.Kind.SYMMETRIC_MATRIX && shape[1] == k && shape[2] == k)
                    || (layout.kind() == PointLayout.Kind.LANDMARKS && shape[1] == k && shape[2] == 2);
            default -> false;
        };
        if (!fits) {
            String expected = layout.kind() == PointLayout.Kind.SYMMETRIC_MATRIX
                    ? String.format(Locale.ROOT, "(n, %d) or (n, %d, %d)", layout.length(), k, k)
                    : layout.kind() == PointLayout.Kind.LANDMARKS
                            ? String.format(Locale.ROOT, "(n, %d) or (n, %d, 2)", layout.length(), k)
                            : String.format(Locale.ROOT, "(n, %d)", layout.length());
            throw new IllegalArgumentException(String.format(Locale.ROOT, "data file %s has shape %s, but points of "
                    + "this geometry (%s) need shape %s, one point per row", file, header.describeShape(),
                    layout.describe(), expected));
        }
        return shape[0];
    }

    /**
     * The rows on all cores, in the fixed record blocks of {@link RecordBlocks}: each block maps its rows, checks them,
     * adds them to a content digest of its own and projects them into their slots; the blocks' digests (order-free
     * sums) and refusals are then combined in block order, so the points, the digest and every message are those of
     * one loop over the rows.
     */
    private static PointFile.Points rows(FileChannel channel, NpyHeader header, int n, Geometry geometry,
            String file, FileDigest digest) throws IOException {
        PointLayout layout = geometry.layout();
        ManifoldProjection projection = new ManifoldProjection(geometry);
        int d = layout.length();
        if ((long) n * d > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d rows of %d values are more than "
                    + "one array holds (2^31 values); split the file", file, n, d));
        }
        double[] points = new double[n * d];
        int[] lines = new int[n];
        int blocks = RecordBlocks.count(n);
        Block[] done = new Block[blocks];
        RecordBlocks.forEach(blocks, b -> done[b] = block(channel, header, RecordBlocks.from(b),
                RecordBlocks.to(b, n), layout, projection, points, lines, file));
        CanonicalContent content = new CanonicalContent();
        List<String> offending = new ArrayList<>();
        int offManifold = 0;
        for (Block block : done) {
            if (block.failure() != null) {
                // the first block that failed holds the first failing row: every block before it read clean
                if (block.failure() instanceof UncheckedIOException io) {
                    throw io.getCause();
                }
                throw block.failure();
            }
            content.add(block.content());
            offManifold += block.offManifold();
            for (String row : block.offending()) {
                if (offending.size() < LISTED) {
                    offending.add(row);
                }
            }
        }
        if (offManifold > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d of %d rows are not points of %s: %s%s", file, offManifold, n, geometry.spec(),
                    String.join("; ", offending), offManifold > offending.size() ? "; ..." : ""));
        }
        return new PointFile.Points(Records.flat(points, d), lines, null, null, Map.of(), digest, content.sha256());
    }

    /** What one block of rows left: its digest, its first refusals, or the failure that stopped it. */
    private record Block(CanonicalContent content, List<String> offending, int offManifold,
            RuntimeException failure) {
    }

    private static Block block(FileChannel channel, NpyHeader header, int from, int to, PointLayout layout,
            ManifoldProjection projection, double[] points, int[] lines, String file) {
        int d = layout.length();
        CanonicalContent content = new CanonicalContent();
        List<String> offending = new ArrayList<>();
        int offManifold = 0;
        double[] row = new double[d];
        double[] scratch = new double[projection.scratchLength()];
        double[] point = new double[d];
        long rowBytes = 8L * d;
        int perWindow = (int) Math.max(1, WINDOW / rowBytes);
        try {
            for (int first = from; first < to; first += perWindow) {
                int count = Math.min(perWindow, to - first);
                DoubleBuffer values = channel.map(FileChannel.MapMode.READ_ONLY, header.offset() + first * rowBytes,
                        count * rowBytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer();
                for (int i = first; i < first + count; i++) {
                    values.get(row);
                    requireFinite(row, i, file, layout);
                    content.add(row, 0, d);
                    lines[i] = i + 1;
                    try {
                        projection.project(row, scratch, point);
                        System.arraycopy(point, 0, points, i * d, d);
                    } catch (IllegalArgumentException e) {
                        offManifold++;
                        if (offending.size() < LISTED) {
                            offending.add("row " + (i + 1) + " (" + e.getMessage() + ")");
                        }
                    }
                }
            }
        } catch (IOException e) {
            return new Block(content, offending, offManifold, new UncheckedIOException(e));
        } catch (RuntimeException e) {
            return new Block(content, offending, offManifold, e);
        }
        return new Block(content, offending, offManifold, null);
    }

    private static void requireFinite(double[] row, int i, String file, PointLayout layout) {
        for (int j = 0; j < row.length; j++) {
            if (!Double.isFinite(row[j])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s row %d (numpy index %d): column "
                        + "%d (%s) is %s, not a finite number (missing or infinite values are not accepted: remove "
                        + "the record or fill in the value)", file, i + 1, i, j + 1, layout.columnNames().get(j),
                        row[j]));
            }
        }
    }
}
