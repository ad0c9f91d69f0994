package dev.manifolddp.experiments.data;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The memory a file's read needs, estimated as the read goes, against the most the Java heap may grow to
 * ({@link Runtime#maxMemory()}). Each record keeps a known number of bytes (its point, line and attributes); the
 * records still to come are estimated from the bytes read so far and the file's size. When the estimate exceeds the
 * heap's maximum the read is refused at once, and an {@link OutOfMemoryError} the estimate did not foresee becomes
 * the same refusal: a message naming the file, its size, the memory it needs and the heap's maximum, and how to give
 * Java more ({@link JavaHeap#howToGive}). Holds numbers only, never the records, so it outlives a failed read
 * cheaply.
 */
final class ReadMemory {

    /** The records the arrays of a read hold to begin with. */
    static final int INITIAL = 1024;
    /** The largest array Java allocates reliably. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final long MB = 1L << 20;
    /** What a read holds besides its records: its buffers, the longest line, the command's own objects. */
    private static final long FIXED = 16 * MB;
    /** The growable arrays' spare room and the copy made as one grows (1.5x growth: up to half again). */
    private static final double SLACK = 1.25;

    private final Path file;
    private final long maxHeap;
    private long size;
    private long perRecord;
    private int values;
    private int records;
    private long position;

    ReadMemory(Path file, long maxHeap) {
        this.file = file;
        this.maxHeap = maxHeap;
    }

    /** The file's size in bytes, known once it is open. */
    void opened(long bytes) {
        this.size = bytes;
    }

    /**
     * What each record keeps, known once the first record's columns are: a point of {@code length} numbers in the
     * flat layout the readers keep ({@link dev.manifolddp.geometry.Records#flat}: the doubles alone, no array per
     * record), its line, and {@code attributes} bytes of attributes ({@link RecordAttributes#bytesPerRecord}).
     */
    void records(int length, int covariates, long attributes) {
        this.values = length + covariates;
        this.perRecord = 8L * length + Integer.BYTES + attributes;
    }

    /**
     * Notes that {@code count} records were read up to byte {@code offset} and refuses the read when the whole
     * file's records would not fit in the heap's maximum.
     *
     * @throws IllegalArgumentException naming the file, its size, the memory needed and the heap's maximum
     */
    void check(int count, long offset) {
        this.records = count;
        this.position = offset;
        if (need() > maxHeap) {
            throw refusal(false);
        }
    }

    /** The refusal of a read that ran out of memory; the records read so far are already unreachable. */
    IllegalArgumentException outOfMemory() {
        return refusal(true);
    }

    /** The bytes each record keeps, 0 until the first record's columns are known. */
    long perRecord() {
        return perRecord;
    }

    /** The estimated records of the whole file, from the records read per byte so far. */
    long estimatedRecords() {
        if (records == 0 || position <= 0) {
            return records;
        }
        return Math.max(records, (long) Math.ceil((double) records * size / position));
    }

    /** The estimated bytes the whole read needs. */
    long need() {
        if (perRecord == 0) {
            // no record yet: the text of one line, held as characters, is what there is to go on
            return 2 * size + FIXED;
        }
        return (long) (estimatedRecords() * perRecord * SLACK) + FIXED;
    }

    private IllegalArgumentException refusal(boolean ranOut) {
        long need = need();
        String records = perRecord == 0 ? "" : String.format(Locale.ROOT, " (about %d records of %d numbers, %d "
                + "bytes each)", estimatedRecords(), values, perRecord);
        // twice the read: the command works on the records after reading them; more than the heap that ran out
        String remedy = "give Java more memory, e.g. " + JavaHeap.howToGive(Math.max(2 * need, ranOut ? 2 * maxHeap
                : 0)) + ", or split the file";
        if (ranOut) {
            return new IllegalArgumentException(String.format(Locale.ROOT, "data file %s (%s) ran out of memory "
                    + "after %d records within this Java runtime's maximum heap of %s: reading it needs about %s%s "
                    + "besides what the command already holds; %s", file, JavaHeap.megabytes(size), this.records,
                    JavaHeap.megabytes(maxHeap), JavaHeap.megabytes(need), records, remedy));
        }
        return new IllegalArgumentException(String.format(Locale.ROOT, "data file %s (%s) needs about %s of memory "
                + "to read%s, more than this Java runtime's maximum heap of %s; %s", file, JavaHeap.megabytes(size),
                JavaHeap.megabytes(need), records, JavaHeap.megabytes(maxHeap), remedy));
    }

    /** The capacity an array of {@code capacity} full records grows to. */
    static int grown(int capacity) {
        if (capacity >= MAX_ARRAY) {
            throw new IllegalArgumentException("the file holds more than " + MAX_ARRAY + " records, the most one "
                    + "read can hold; split it");
        }
        return (int) Math.min(MAX_ARRAY, capacity + (capacity >> 1) + 1L);
    }

    /**
     * The capacity an array of {@code capacity} full records grows to when the records' {@code width} numbers each
     * share one array: at most as many records as that array holds.
     */
    static int grown(int capacity, int width) {
        int most = MAX_ARRAY / width;
        if (capacity >= most) {
            throw new IllegalArgumentException("the file holds more than " + most + " records of " + width
                    + " numbers, the most one read can hold; split it");
        }
        return Math.min(most, grown(capacity));
    }

    /** The bytes a string of {@code text}'s length keeps: the object and its array (Latin-1 or UTF-16). */
    static long textBytes(String text) {
        boolean latin1 = text.chars().allMatch(c -> c < 0x100);
        return 24 + align(16 + (long) text.length() * (latin1 ? 1 : 2));
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
