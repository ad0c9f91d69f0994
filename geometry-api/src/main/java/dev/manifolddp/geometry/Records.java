package dev.manifolddp.geometry;

import java.util.Arrays;

/**
 * A data set's records, read one at a time: the form in which the mechanisms, the estimators and the kernels take
 * their data, so that a large data set need not be one Java array per record. Two layouts:
 *
 * <ul>
 *   <li>{@link #of(double[][])}: the records as the caller holds them, one array per record, not copied. A record
 *       is handed out as the stored array itself, so a null or short record reaches the checks that name it.</li>
 *   <li>{@link #flat}: the coordinates of consecutive records in large arrays of doubles, record after record, each
 *       array holding whole records (row-major, the layout of a NumPy {@code (n, width)} array): 24 bytes a point of
 *       S^2 instead of the 48 of an array per record and its reference, and a few large arrays for the collector
 *       instead of n small ones. A large file is read into this form, one array per block of the file, so that the
 *       blocks need not be copied into one (docs/scale.md).</li>
 * </ul>
 *
 * <p>Records are read through {@link #row(int, double[])}, which returns record i either as its stored array or
 * copied into the caller's scratch ({@link #scratch()}); either way the caller reads it and does not change it or
 * keep it past its next call with the same scratch. Neither layout is ever modified by its readers: the caller that
 * made the records keeps them unchanged while a release reads them. A final class, so that a per-record call is bound
 * statically and inlined even by the client compiler that one-shot commands run on.
 */
public final class Records {

    /** Records per entry of {@link #chunkOf}: a record's array is found from its group's first. */
    private static final int GROUP_SHIFT = 10;

    /** The records of the first layout, or null. */
    private final double[][] rows;
    /** The arrays of the flat layout (null for the first): array c holds records {@code [starts[c], starts[c + 1])}. */
    private final double[][] chunks;
    private final int[] starts;
    /** For group g (records {@code [g 2^10, (g + 1) 2^10)}): the array holding the group's first record. */
    private final int[] chunkOf;
    private final int width;
    private final int size;
    /** The flat layout's records as one array per record, made by the first {@link #rows()} (a benign race). */
    private volatile double[][] materialised;

    private Records(double[][] rows) {
        this.rows = rows;
        this.chunks = null;
        this.starts = null;
        this.chunkOf = null;
        this.width = -1;
        this.size = rows.length;
    }

    private Records(double[][] chunks, int[] starts, int width) {
        this.rows = null;
        this.chunks = chunks;
        this.starts = starts;
        this.width = width;
        this.size = starts[chunks.length];
        this.chunkOf = new int[(size >>> GROUP_SHIFT) + 1];
        int c = 0;
        for (int g = 0; g < chunkOf.length; g++) {
            int first = g << GROUP_SHIFT;
            while (c < chunks.length - 1 && starts[c + 1] <= first) {
                c++;
            }
            chunkOf[g] = c;
        }
    }

    /**
     * The caller's records, not copied (the array and its rows are shared: keep them unchanged while the records are
     * in use). A null or short record is kept as it is, for the checks that name it.
     *
     * @throws IllegalArgumentException when {@code rows} is null
     */
    public static Records of(double[][] rows) {
        if (rows == null) {
            throw new IllegalArgumentException("the records are null; pass an array of records. Provided value: null");
        }
        return new Records(rows);
    }

    /**
     * {@code values.length / width} records of {@code width} coordinates, record i at {@code values[i width .. (i + 1)
     * width)}, not copied (keep {@code values} unchanged while the records are in use).
     *
     * @throws IllegalArgumentException when {@code values} is null, {@code width < 1}, or its length is not a multiple
     *     of {@code width}
     */
    public static Records flat(double[] values, int width) {
        if (values == null || width < 1 || values.length % width != 0) {
            throw new IllegalArgumentException(String.format("flat records need a width of at least 1 and an array "
                    + "whose length is a multiple of it. Provided value: %s values, width %d",
                    values == null ? "null" : String.valueOf(values.length), width));
        }
        return flat(new double[][] {values}, new int[] {values.length / width}, width);
    }

    /**
     * The records of several arrays in order: {@code counts[c]} records of {@code width} coordinates at the start of
     * {@code chunks[c]} (which may be longer), none copied.
     *
     * @throws IllegalArgumentException when the arrays and counts do not match, a count is negative or does not fit
     *     its array, {@code width < 1}, or there are 2^31 records or more
     */
    public static Records flat(double[][] chunks, int[] counts, int width) {
        if (chunks == null || counts == null || chunks.length != counts.length || chunks.length == 0 || width < 1) {
            throw new IllegalArgumentException(String.format("flat records need one count per array, at least one "
                    + "array and a width of at least 1. Provided value: %s arrays, %s counts, width %d",
                    chunks == null ? "null" : String.valueOf(chunks.length),
                    counts == null ? "null" : String.valueOf(counts.length), width));
        }
        int[] starts = new int[chunks.length + 1];
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] == null || counts[c] < 0 || (long) counts[c] * width > chunks[c].length) {
                throw new IllegalArgumentException(String.format("array %d must hold its %d records of %d "
                        + "coordinates. Provided value: %s", c, counts[c], width,
                        chunks[c] == null ? "null" : chunks[c].length + " values"));
            }
            long next = (long) starts[c] + counts[c];
            if (next > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("flat records hold fewer than 2^31 records. Provided value: more");
            }
            starts[c + 1] = (int) next;
        }
        return new Records(chunks.clone(), starts, width);
    }

    /** The number n of records. */
    public int size() {
        return size;
    }

    /** Whether the records are the caller's arrays ({@link #of}), not the flat layout. */
    public boolean isRows() {
        return rows != null;
    }

    /** The number of coordinates of every record in the flat layout; -1 for {@link #of} (rows may differ). */
    public int width() {
        return width;
    }

    /**
     * Record i: the stored array itself ({@link #of}) or a copy in {@code scratch} ({@link #flat}: a scratch of at
     * least {@link #width()}, e.g. {@link #scratch()}). Read it; do not change it or keep it past the next call with
     * {@code scratch}. Allocates nothing.
     *
     * @throws IndexOutOfBoundsException when i is not a record's index
     */
    public double[] row(int i, double[] scratch) {
        if (rows != null) {
            return rows[i];
        }
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("record " + i + " of " + size);
        }
        int c = chunkOf[i >>> GROUP_SHIFT];
        while (starts[c + 1] <= i) {
            c++;
        }
        double[] chunk = chunks[c];
        int at = (i - starts[c]) * width;
        for (int j = 0; j < width; j++) {
            scratch[j] = chunk[at + j];
        }
        return scratch;
    }

    /** A scratch array for {@link #row(int, double[])}: of {@link #width()}, or empty where the rows are stored. */
    public double[] scratch() {
        return new double[Math.max(width, 0)];
    }

    /** Record i as a new array, the caller's to keep (null for a null record of {@link #of}). */
    public double[] copyOfRow(int i) {
        double[] row = row(i, scratch());
        return rows == null || row == null ? row : row.clone();
    }

    /**
     * The records as one array per record, for code that takes {@code double[][]}: the stored arrays themselves
     * ({@link #of}), or for the flat layout copies made on the first call and kept (a large data set then holds its
     * records twice). Read them; do not change them.
     */
    public double[][] rows() {
        if (rows != null) {
            return rows;
        }
        double[][] made = materialised;
        if (made == null) {
            made = materialise();
            materialised = made;
        }
        return made;
    }

    private double[][] materialise() {
        double[][] copy = new double[size][];
        for (int c = 0; c < chunks.length; c++) {
            for (int i = starts[c]; i < starts[c + 1]; i++) {
                int at = (i - starts[c]) * width;
                copy[i] = Arrays.copyOfRange(chunks[c], at, at + width);
            }
        }
        return copy;
    }

    /** A copy of these records in their layout (rows copied one by one), which later changes to them do not reach. */
    public Records copy() {
        if (rows != null) {
            double[][] copy = new double[rows.length][];
            for (int i = 0; i < rows.length; i++) {
                copy[i] = rows[i] == null ? null : rows[i].clone();
            }
            return new Records(copy);
        }
        double[][] copies = new double[chunks.length][];
        int[] counts = new int[chunks.length];
        for (int c = 0; c < chunks.length; c++) {
            counts[c] = starts[c + 1] - starts[c];
            copies[c] = Arrays.copyOf(chunks[c], counts[c] * width);
        }
        return flat(copies, counts, width);
    }

    /**
     * These records with record {@code indices[k]} replaced by {@code points[k]} (of the flat layout's width there),
     * as a copy in their layout: the stored records are not changed.
     */
    public Records with(int[] indices, double[][] points) {
        Records copy = rows != null ? new Records(rows.clone()) : copy();
        for (int k = 0; k < indices.length; k++) {
            int i = indices[k];
            if (copy.rows != null) {
                copy.rows[i] = points[k];
            } else {
                int c = copy.chunkOf[i >>> GROUP_SHIFT];
                while (copy.starts[c + 1] <= i) {
                    c++;
                }
                System.arraycopy(points[k], 0, copy.chunks[c], (i - copy.starts[c]) * width, width);
            }
        }
        return copy;
    }
}
