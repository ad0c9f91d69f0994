package dev.manifolddp.experiments.data;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * A digest of a table's content that does not depend on how it was written: the order of the rows, the order of
 * named columns, and the spelling of numbers ({@code 1}, {@code 1.0}, {@code 1e0} and {@code +1.000} are one value;
 * {@code -0} is 0). The budget ledger keys a dataset's account by it (docs/accounting.md), so that reordering rows or
 * reformatting numbers does not open a fresh account.
 *
 * <p>Each row is hashed in the columns' name order (a file without a header keeps its column order) into four
 * independent 64-bit lanes; the rows' lane values are summed modulo 2^64, which makes the result independent of their
 * order (a multiset hash), and the header, the row count and the four sums are digested with SHA-256. It is a content
 * identity against accidental change, not a defence against a curator who edits the data on purpose: adding,
 * dropping or changing a record, or another file holding the same people, is another dataset to it.
 *
 * <p>Fed one row at a time by {@link CsvText} (or {@link NpyPoints}); allocates nothing per row.
 */
final class CanonicalContent {

    private static final long[] SEEDS = {0x9E3779B97F4A7C15L, 0xC2B2AE3D27D4EB4FL, 0x165667B19E3779F9L,
            0xD6E8FEB86659FD93L};
    private static final long TEXT = 0x5851F42D4C957F2DL;

    private final long[] sums = new long[SEEDS.length];
    private final long[] lane = new long[SEEDS.length];
    private int[] order;
    private List<String> names = List.of();
    private long rows;

    /**
     * Adds the current row of {@code csv}: fields {@code [starts[j], ends[j])} of {@code chars}, whose values as
     * decimals are {@code values[j]} ({@link DecimalField#value}: NaN for a field that is not a finite decimal).
     */
    void add(char[] chars, int[] starts, int[] ends, double[] values, int count, List<String> header) {
        if (order == null) {
            order = columnOrder(header, count);
            names = header.isEmpty() ? List.of() : sortedNames(header);
        }
        System.arraycopy(SEEDS, 0, lane, 0, SEEDS.length);
        for (int c : order) {
            mixCell(cellKey(chars, starts[c], ends[c], values[c]));
        }
        endRow();
    }

    /**
     * Adds the current row of a CSV file whose fields are all finite decimals with values {@code values[0..count)}:
     * what {@link #add(char[], int[], int[], double[], int, List)} adds for them, without their text.
     */
    void addNumbers(double[] values, int count, List<String> header) {
        if (order == null) {
            order = columnOrder(header, count);
            names = header.isEmpty() ? List.of() : sortedNames(header);
        }
        System.arraycopy(SEEDS, 0, lane, 0, SEEDS.length);
        for (int c : order) {
            mixCell(numberKey(values[c]));
        }
        endRow();
    }

    /**
     * Adds a row of numbers without column names (finite): the row of a binary file, or of an array handed over in
     * process ({@link ArrayRecords}), which hashes as the same numbers written in a CSV file without a header, so
     * both are charged to the same account as the file holding their numbers.
     */
    void add(double[] row) {
        add(row, 0, row.length);
    }

    /** {@link #add(double[])} for {@code row[from .. from + count)}. */
    void add(double[] row, int from, int count) {
        if (order == null) {
            order = columnOrder(List.of(), count);
        }
        System.arraycopy(SEEDS, 0, lane, 0, SEEDS.length);
        for (int c = 0; c < count; c++) {
            mixCell(numberKey(row[from + c]));
        }
        endRow();
    }

    /**
     * Adds the rows {@code other} was given, as if they had been given here: the sums are the order-free part, so a
     * file's blocks hashed apart add up to the file's digest ({@link CsvBlocks}). Both must have seen the same header.
     */
    void add(CanonicalContent other) {
        if (other.order == null) {
            return;
        }
        if (order == null) {
            order = other.order;
            names = other.names;
        }
        for (int k = 0; k < sums.length; k++) {
            sums[k] += other.sums[k];
        }
        rows += other.rows;
    }

    private void mixCell(long key) {
        for (int k = 0; k < lane.length; k++) {
            lane[k] = mix(lane[k] ^ key) + SEEDS[k];
        }
    }

    private void endRow() {
        for (int k = 0; k < sums.length; k++) {
            sums[k] += mix(lane[k]);
        }
        rows++;
    }

    /** A number's key: its value bits, {@code -0} as 0. */
    private static long numberKey(double value) {
        return Double.doubleToLongBits(value == 0 ? 0.0 : value);
    }

    /** The digest (lower-case hex SHA-256) of the rows added so far. */
    String sha256() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update("manifolddp-canonical-content/1\n".getBytes(StandardCharsets.UTF_8));
            digest.update(String.join("\u0000", names).getBytes(StandardCharsets.UTF_8));
            ByteBuffer buffer = ByteBuffer.allocate(8 * (1 + sums.length));
            buffer.putLong(rows);
            for (long sum : sums) {
                buffer.putLong(sum);
            }
            digest.update(buffer.array());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256 (every Java 17 runtime must)", e);
        }
    }

    /**
     * A number's value bits ({@code -0} as 0), or a hash of the text of a field that is not a decimal number or lies
     * beyond the double range ({@code value} NaN).
     */
    private static long cellKey(char[] chars, int from, int to, double value) {
        if (value == value) {
            return numberKey(value);
        }
        long hash = TEXT;
        for (int p = from; p < to; p++) {
            hash = (hash ^ chars[p]) * 0x100000001B3L;
        }
        return mix(hash ^ TEXT);
    }

    /** SplitMix64's finaliser: a bijection of the longs that spreads every input bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static int[] columnOrder(List<String> header, int count) {
        List<Integer> columns = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            columns.add(c);
        }
        if (!header.isEmpty()) {
            columns.sort(Comparator.comparing(header::get));
        }
        return columns.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<String> sortedNames(List<String> header) {
        List<String> sorted = new ArrayList<>(header);
        sorted.sort(null);
        return sorted;
    }
}
