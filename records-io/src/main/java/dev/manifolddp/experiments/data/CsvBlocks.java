package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import dev.manifolddp.geometry.Records;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;

/**
 * The read of a large, plain CSV file of points on all cores: the file's bytes are cut into fixed blocks of
 * {@link #BLOCK} bytes, each block starts at the first line that begins in it, and the blocks' rows are parsed in
 * parallel ({@link RecordBlocks#forEach}), each row mapped onto the manifold ({@link ManifoldProjection}) as it is
 * parsed, and joined in file order. The blocks depend on the file alone, and every
 * field is parsed by the same code as the row-by-row reader ({@link DecimalField#value}) and hashed into the same
 * order-free content digest ({@link CanonicalContent}: a sum, so blocks add up), so the points, lines and digests are
 * those of {@link PointRows} bit for bit, on any number of threads ({@code CsvBlocksTest}).
 *
 * <p>Only the plain case is read here: ASCII bytes, a comma or semicolon separator, rows of the first row's width
 * whose coordinates are all decimals, no id, subject, covariate or row filter. Anything else, and every error, makes
 * {@link #read} return null, and the caller reads the file row by row ({@link PointRows}), which words each refusal
 * with its line and column and keeps their precedence. A problem therefore costs a second read, and a plain file a
 * single one split over the cores: the parse was most of a million-record release (docs/scale.md).
 *
 * <p>The SHA-256 of the bytes is taken on first use, by a second read of the file in order ({@link FileDigest}): the
 * budget ledger needs it only to continue an earlier ledger's account keyed by a file's bytes. The file's size and
 * modification time are compared before and after this read, and again when the digest is taken, and a file that
 * changed meanwhile is refused rather than described by a digest of other bytes.
 */
final class CsvBlocks {

    /** Bytes per block: about 25 000 rows of S^2, large against handing a block to a thread. */
    static final int BLOCK = 1 << 20;
    /** Files smaller than this are read row by row: one block would gain nothing. */
    static final long SMALLEST = 2L * BLOCK;
    /** Bytes read at a time while looking for the end of a line. */
    private static final int PROBE = 1 << 12;
    /** Each thread's block of bytes, reused from block to block (a block is a little more than {@link #BLOCK}). */
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[BLOCK + PROBE]);

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final char separator;
    private final int fields;
    private final int[] coordinates;
    private final List<String> header;
    private final ManifoldProjection projection;

    private CsvBlocks(Path file, FileChannel channel, long size, char separator, int fields, int[] coordinates,
            List<String> header, Geometry geometry) {
        this.file = file;
        this.channel = channel;
        this.size = size;
        this.separator = separator;
        this.fields = fields;
        this.coordinates = coordinates;
        this.header = header;
        this.projection = new ManifoldProjection(geometry);
    }

    /**
     * The points of {@code file} read in blocks on the calling pool's threads, or null when the file is not one this
     * read handles (too small, not plain, or with any problem): the caller then reads it row by row.
     */
    static PointFile.Points read(Path file, Geometry geometry, PointFile.Columns roles, RowFilter filter,
            ReadMemory memory) {
        // only a regular file is opened here: a missing path, a folder or a named pipe (whose opening would block
        // until a writer comes) go to the row-by-row read, which refuses them by name (InputFile.requireRegular)
        if (file == null || !Files.isRegularFile(file) || filter != null || roles.id() != null
                || roles.subject() != null || !roles.covariates().isEmpty()) {
            return null;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < SMALLEST) {
                return null;
            }
            // the bytes' SHA-256 is taken on first use, if ever (FileDigest), of the file as it is now
            FileDigest digest = FileDigest.later(file, size, Files.getLastModifiedTime(file));
            PointFile.Points points = read(file, channel, size, geometry, roles, memory, digest);
            if (points != null && !digest.unchanged()) {
                throw new IllegalArgumentException("data file " + file + " changed while it was being read; "
                        + "read it again once nothing writes to it");
            }
            return points;
        } catch (IOException e) {
            return null; // the row-by-row read meets the same problem and names it
        }
    }

    private static PointFile.Points read(Path file, FileChannel channel, long size, Geometry geometry,
            PointFile.Columns roles, ReadMemory memory, FileDigest digest) throws IOException {
        ColumnMap map;
        int firstLine;
        char separator;
        int fields;
        List<String> header;
        try (CsvText csv = CsvText.open(file)) {
            if (!csv.next()) {
                return null;
            }
            separator = csv.separator();
            if (separator != ',' && separator != ';') {
                return null;
            }
            String[] first = csv.fields();
            header = csv.header();
            firstLine = csv.line();
            fields = first.length;
            map = ColumnMap.of(header, first, firstLine, geometry.layout(), roles, file.toString());
            memory.opened(size);
            memory.records(geometry.layout().length(), 0, RecordAttributes.bytesPerRecord(map, 0, first));
        } catch (IllegalArgumentException problem) {
            return null;
        }
        CsvBlocks blocks = new CsvBlocks(file, channel, size, separator, fields, map.coordinates(), header,
                geometry);
        long start = blocks.lineStart(firstLine);
        if (start < 0) {
            return null;
        }
        int count = (int) Math.max(1, (size - start + BLOCK - 1) / BLOCK);
        Block[] read = new Block[count];
        boolean[] plain = {true};
        RecordBlocks.forEach(count, b -> {
            if (plain[0]) {
                read[b] = blocks.block(b, start);
                if (read[b] == null) {
                    plain[0] = false;
                }
            }
        });
        if (!plain[0]) {
            return null;
        }
        return blocks.join(read, firstLine - 1, geometry, map, memory, digest);
    }

    /**
     * The rows of one block: their points row by row (zeros for a row that is not one: the file is then refused),
     * their lines and the rows that are not points, lines counted from the block's first; and the digest's sums.
     */
    private record Block(double[] values, int[] lines, int rows, int lineCount, CanonicalContent content,
            OffManifoldRows offManifold) {
    }

    /**
     * The rows that begin in {@code [start + b * BLOCK, start + (b + 1) * BLOCK)}, or null when one is not plain.
     */
    private Block block(int b, long start) {
        try {
            long from = boundary(start, b);
            long to = boundary(start, b + 1);
            if (from >= to) {
                return new Block(new double[0], new int[0], 0, 0, new CanonicalContent(), new OffManifoldRows());
            }
            int length = (int) (to - from);
            byte[] bytes = BUFFER.get();
            if (bytes.length < length) {
                bytes = new byte[length];
                BUFFER.set(bytes);
            }
            if (readFully(ByteBuffer.wrap(bytes, 0, length), from) != length) {
                return null; // the file shrank: the row-by-row read says what it finds
            }
            // the block's rows are about as long as its first: room for them and an eighth more
            Rows rows = new Rows(length, lineEnd(bytes, 0, length) + 1);
            int p = 0;
            while (p < length) {
                int end = rows.plain(bytes, p, length);
                if (end < 0) {
                    end = lineEnd(bytes, p, length);
                    if (!rows.line(bytes, p, end)) {
                        return null;
                    }
                }
                p = end < length && bytes[end] == '\r' && end + 1 < length && bytes[end + 1] == '\n' ? end + 2
                        : end + 1;
            }
            // a last line without a terminator was counted; the next block starts on the line after it
            return rows.block();
        } catch (IOException e) {
            return null;
        }
    }

    /** The end of the line starting at {@code p}: its terminator's offset, or the end of the bytes. */
    private static int lineEnd(byte[] bytes, int p, int length) {
        while (p < length && bytes[p] != '\n' && bytes[p] != '\r') {
            p++;
        }
        return p;
    }

    /**
     * One block's rows as they are parsed, one line at a time. Small methods on purpose: a one-shot command runs
     * this loop cold, and the JIT compiles a short per-line method sooner than one long loop (measured: a single
     * method doing it all made the parallel read of 10^6 rows slower than the serial one on its first run).
     */
    private final class Rows {
        private final int width = coordinates.length;
        private final double[] row = new double[width];
        /** The projection's ambient scratch and its point, one per block: a row allocates nothing. */
        private final double[] ambient = new double[projection.scratchLength()];
        private final double[] point = new double[width];
        private final CanonicalContent content = new CanonicalContent();
        private final int[] starts = new int[fields];
        private final int[] ends = new int[fields];
        private final double[] numbers = new double[fields];
        private final OffManifoldRows offManifold = new OffManifoldRows();
        private char[] line = new char[256];
        /** The block's points, row by row ({@link Records#flat}'s layout), with room to spare. */
        private double[] values;
        private int[] lines;
        private int rows;
        private int number;

        Rows(int bytes, int firstLine) {
            // as many rows as the first line's length suggests and an eighth more: grown by half when short, trimmed
            // at the end when more than an eighth is left
            int rowBytes = Math.max(firstLine, 2 * fields);
            int capacity = (int) Math.min(Integer.MAX_VALUE / (2L * width), bytes / rowBytes + bytes / (8L * rowBytes)
                    + 16);
            values = new double[capacity * width];
            lines = new int[capacity];
        }

        /**
         * Takes the line at {@code p} of {@code bytes} when it is a row of exactly {@code fields} numbers, each an
         * optional sign, digits with an optional point and an optional exponent, that the fast path of
         * {@link DecimalField#exact} reads, separated by the separator alone (no white space, quote or comment) and
         * ended by a line terminator or the end of the bytes: the common row, parsed in one pass over its bytes to
         * the value {@link #line} would give. Returns the offset of its terminator (or {@code length}), or -1 with
         * nothing taken when the line needs {@link #line}.
         */
        int plain(byte[] bytes, int p, int length) {
            for (int j = 0; j < fields; j++) {
                p = number(bytes, p, length, j);
                if (p < 0) {
                    return -1;
                }
                if (j < fields - 1) {
                    if (p >= length || bytes[p] != separator) {
                        return -1;
                    }
                    p++;
                }
            }
            if (p < length && bytes[p] != '\n' && bytes[p] != '\r') {
                return -1;
            }
            number++;
            content.addNumbers(numbers, fields, header);
            keep(); // every value is a finite decimal here, so the row is kept (as a point or as an off-manifold row)
            return p;
        }

        /**
         * Reads the decimal at {@code p} into {@code numbers[j]} as {@link DecimalField#value} reads it (the same
         * significand, significant digits and exponent), when the fast path applies; the offset after it, or -1.
         */
        private int number(byte[] bytes, int p, int length, int j) {
            int start = p;
            boolean negative = false;
            if (p < length && (bytes[p] == '-' || bytes[p] == '+')) {
                negative = bytes[p] == '-';
                p++;
            }
            long significand = 0;
            int significant = 0;
            int digits = 0;
            int digit;
            while (p < length && (digit = bytes[p] - '0') >= 0 && digit <= 9) {
                significand = significant < 18 ? 10 * significand + digit : significand;
                significant += significand == 0 ? 0 : 1;
                digits++;
                p++;
            }
            int fraction = 0;
            if (p < length && bytes[p] == '.') {
                p++;
                while (p < length && (digit = bytes[p] - '0') >= 0 && digit <= 9) {
                    significand = significant < 18 ? 10 * significand + digit : significand;
                    significant += significand == 0 ? 0 : 1;
                    fraction++;
                    p++;
                }
            }
            if (digits + fraction == 0) {
                return -1;
            }
            int exponent = -fraction;
            if (p < length && (bytes[p] == 'e' || bytes[p] == 'E')) {
                p++;
                boolean negativeExponent = false;
                if (p < length && (bytes[p] == '+' || bytes[p] == '-')) {
                    negativeExponent = bytes[p] == '-';
                    p++;
                }
                int from = p;
                int written = 0;
                while (p < length && (digit = bytes[p] - '0') >= 0 && digit <= 9 && p - from < 9) {
                    written = 10 * written + digit;
                    p++;
                }
                if (p == from || p < length && bytes[p] >= '0' && bytes[p] <= '9') {
                    return -1; // no exponent digits, or more than nine: the general path
                }
                exponent += negativeExponent ? -written : written;
            }
            if (p - start > 400) {
                return -1;
            }
            double value = DecimalField.exact(significand, significant, exponent, negative);
            if (value != value) {
                return -1;
            }
            numbers[j] = value;
            return p;
        }

        /** Takes the line {@code [begin, end)} of {@code bytes}: false when it is not plain. */
        boolean line(byte[] bytes, int begin, int end) {
            number++;
            int length = end - begin;
            if (length > line.length) {
                line = new char[Math.max(length, 2 * line.length)];
            }
            char[] a = line;
            for (int i = 0; i < length; i++) {
                byte c = bytes[begin + i];
                if (c < 0) {
                    return false; // not ASCII: the row-by-row read decodes (or refuses) it
                }
                a[i] = (char) c;
            }
            int kept = split(a, length, starts, ends);
            if (kept <= 0) {
                return kept == 0; // a blank or comment line, or one CsvText would refuse
            }
            for (int j = 0; j < fields; j++) {
                numbers[j] = DecimalField.value(a, starts[j], ends[j]);
            }
            content.add(a, starts, ends, numbers, fields, header);
            return keep();
        }

        /**
         * Keeps the current row as its point on the manifold ({@link ManifoldProjection}), mapped here on the block's
         * thread so that no array of all the rows' coordinates is ever held beside the points (at 10^7 rows of S^2
         * that array was a quarter of a gigabyte); a row that is not a point is noted and refused with the others
         * once the file is read. False when a coordinate is not a decimal.
         */
        private boolean keep() {
            if (rows == lines.length) {
                int grown = rows + (rows >> 1) + 1;
                lines = Arrays.copyOf(lines, grown);
                values = Arrays.copyOf(values, grown * width);
            }
            for (int j = 0; j < width; j++) {
                double value = numbers[coordinates[j]];
                if (value != value) {
                    return false;
                }
                row[j] = value;
            }
            try {
                // the projection keeps none of its arguments, so one row and one point serve every line
                projection.project(row, ambient, point);
                System.arraycopy(point, 0, values, rows * width, width);
            } catch (IllegalArgumentException e) {
                offManifold.note(number, e);
            }
            lines[rows++] = number;
            return true;
        }

        /**
         * The rows taken: the points, which stay the records' storage (one array per block; trimmed to their count
         * when more than an eighth of the array is unused), and the lines with room to spare (the join copies them).
         */
        Block block() {
            int used = rows * width;
            return new Block(values.length - used > values.length / 8 ? Arrays.copyOf(values, used) : values, lines,
                    rows, number, content, offManifold);
        }
    }

    /**
     * Splits a line as {@link CsvText} splits a comma- or semicolon-separated row: the fields' bounds, white space
     * stripped.
     *
     * @return the number of fields, 0 for a blank or comment line, -1 for anything {@link CsvText} would refuse
     */
    private int split(char[] a, int length, int[] starts, int[] ends) {
        int from = 0;
        int to = length;
        from = CsvText.stripStart(a, from, to);
        to = CsvText.stripEnd(a, from, to);
        if (from == to || a[from] == '#') {
            return 0;
        }
        int count = 0;
        int start = from;
        for (int p = from; ; p++) {
            if (p == to || a[p] == separator) {
                int s = start;
                int e = p;
                s = CsvText.stripStart(a, s, e);
                e = CsvText.stripEnd(a, s, e);
                if (s == e || count == fields) {
                    return -1;
                }
                starts[count] = s;
                ends[count] = e;
                count++;
                if (p == to) {
                    return count == fields ? count : -1;
                }
                start = p + 1;
            } else if (a[p] == '#') {
                return -1;
            }
        }
    }

    /**
     * The blocks' points in file order as the points of the file, with the lines of the whole file, and the rows that
     * are not points refused together, listed in line order.
     */
    private PointFile.Points join(Block[] read, int before, Geometry geometry, ColumnMap map, ReadMemory memory,
            FileDigest digest) {
        int[] first = new int[read.length + 1];
        for (int b = 0; b < read.length; b++) {
            if ((long) first[b] + read[b].rows() > Integer.MAX_VALUE - 8) {
                return null; // the row-by-row read refuses it, naming the limit
            }
            first[b + 1] = first[b] + read[b].rows();
        }
        int rows = first[read.length];
        memory.check(rows, size);
        // the blocks' point arrays are the records' storage as they are, in file order: nothing is copied
        double[][] values = new double[read.length][];
        int[] counts = new int[read.length];
        int[] lines = new int[rows];
        CanonicalContent content = new CanonicalContent();
        OffManifoldRows offManifold = new OffManifoldRows();
        int base = before;
        for (int b = 0; b < read.length; b++) {
            Block block = read[b];
            values[b] = block.values();
            counts[b] = block.rows();
            for (int i = 0; i < block.rows(); i++) {
                lines[first[b] + i] = base + block.lines()[i];
            }
            offManifold.add(block.offManifold(), base);
            content.add(block.content());
            base += block.lineCount();
            read[b] = null;
        }
        offManifold.refuseAny(file.toString(), rows, geometry);
        RecordAttributes none = new RecordAttributes(file.toString(), map, List.of(), 0);
        return new PointFile.Points(Records.flat(values, counts, coordinates.length), lines, none.ids(),
                none.subjects(), none.covariates(), digest, content.sha256());
    }

    /**
     * The offset where block {@code b}'s first line begins: the first offset at or after {@code start + b * BLOCK}
     * that follows a line feed ({@code start} itself for block 0), or the file's size.
     */
    private long boundary(long start, int b) throws IOException {
        long nominal = start + (long) b * BLOCK;
        if (b == 0) {
            return start;
        }
        if (nominal >= size) {
            return size;
        }
        ByteBuffer probe = ByteBuffer.allocate(PROBE);
        for (long at = nominal - 1; at < size; at += PROBE) {
            probe.clear();
            int got = readFully(probe, at);
            for (int i = 0; i < got; i++) {
                if (probe.get(i) == '\n') {
                    return at + i + 1;
                }
            }
        }
        return size;
    }

    /**
     * The offset where 1-based line {@code line} begins (lines end at {@code \r\n}, {@code \r} or {@code \n}, as
     * {@link Utf8Lines} reads them), or -1 when a byte before it is not ASCII (a byte-order mark, say).
     */
    private long lineStart(int line) throws IOException {
        int ended = 0;
        long at = 0;
        ByteBuffer probe = ByteBuffer.allocate(PROBE);
        boolean afterCarriageReturn = false;
        while (at < size) {
            probe.clear();
            int got = readFully(probe, at);
            for (int i = 0; i < got; i++) {
                byte c = probe.get(i);
                if (c < 0) {
                    return -1;
                }
                if (afterCarriageReturn) {
                    afterCarriageReturn = false;
                    if (c == '\n') {
                        continue;
                    }
                }
                if (ended == line - 1) {
                    return at + i;
                }
                if (c == '\n' || c == '\r') {
                    ended++;
                    afterCarriageReturn = c == '\r';
                }
            }
            at += got;
        }
        return -1;
    }

    /** Reads from {@code offset} until {@code buffer} is full or the file ends; the bytes read. */
    private int readFully(ByteBuffer buffer, long offset) throws IOException {
        int got = 0;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, offset + got);
            if (read < 0) {
                break;
            }
            got += read;
        }
        return got;
    }
}
