package dev.manifolddp.experiments.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header of a NumPy {@code .npy} file (format versions 1.0, 2.0 and 3.0, as {@code numpy.save} writes them): the
 * magic string {@code \x93NUMPY}, the version, the header's length, and a Python dict literal with the keys
 * {@code descr}, {@code fortran_order} and {@code shape}. Only what a file of points needs is accepted: little-endian
 * float64 ({@code '<f8'}) in C order; anything else is refused saying how to save the array so that it is read.
 *
 * @param shape  the array's dimensions
 * @param offset the byte offset of the data, just past the header
 */
record NpyHeader(long[] shape, long offset) {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern ORDER = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");
    /** How to write a file this reader takes. */
    static final String SAVE = "save it with numpy.save(path, np.ascontiguousarray(points, dtype='<f8'))";

    /**
     * Reads the header at the start of {@code bytes} (position 0, any order).
     *
     * @param file the file's name, for the messages
     * @throws IllegalArgumentException naming the file when it is not a .npy file, or holds another type, Fortran
     *     order or a malformed header
     */
    static NpyHeader read(ByteBuffer bytes, String file) {
        ByteBuffer in = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (in.remaining() < MAGIC.length + 4) {
            throw notNpy(file, "it is shorter than a .npy header");
        }
        for (byte b : MAGIC) {
            if (in.get() != b) {
                throw notNpy(file, "it does not start with the .npy magic string \\x93NUMPY");
            }
        }
        int major = in.get() & 0xFF;
        in.get();
        long length;
        if (major == 1) {
            length = in.getShort() & 0xFFFF;
        } else if (major == 2 || major == 3) {
            if (in.remaining() < 4) {
                throw notNpy(file, "its header is cut short");
            }
            length = in.getInt() & 0xFFFFFFFFL;
        } else {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "data file %s is a .npy file of format "
                    + "version %d, which this reader does not know (it reads versions 1 to 3); %s", file, major,
                    SAVE));
        }
        if (length > in.remaining()) {
            throw notNpy(file, "its header is cut short");
        }
        byte[] text = new byte[(int) length];
        in.get(text);
        // version 3 allows UTF-8 in the header; the keys read here are ASCII in every version
        String dict = new String(text, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        String descr = find(DESCR, dict, file, "descr");
        if (!descr.equals("<f8")) {
            throw new IllegalArgumentException(String.format("data file %s holds numbers of type '%s' (%s); this "
                    + "reader takes little-endian float64 ('<f8'): %s", file, descr, describe(descr), SAVE));
        }
        if (find(ORDER, dict, file, "fortran_order").equals("True")) {
            throw new IllegalArgumentException(String.format("data file %s is stored in Fortran (column-major) "
                    + "order; this reader takes C order, one point after another: %s", file, SAVE));
        }
        return new NpyHeader(shape(find(SHAPE, dict, file, "shape"), file), in.position());
    }

    /** The number of values the shape holds (Long.MAX_VALUE beyond the longs: no file is that large). */
    long values() {
        long count = 1;
        try {
            for (long d : shape) {
                count = Math.multiplyExact(count, d);
            }
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 8;
        }
        return count;
    }

    /** The shape as Python writes it, e.g. {@code (1000, 3)}. */
    String describeShape() {
        List<String> dims = new ArrayList<>();
        for (long d : shape) {
            dims.add(Long.toString(d));
        }
        return "(" + String.join(", ", dims) + (shape.length == 1 ? ",)" : ")");
    }

    private static String find(Pattern key, String dict, String file, String name) {
        Matcher m = key.matcher(dict);
        if (!m.find()) {
            throw notNpy(file, "its header has no '" + name + "' entry");
        }
        return m.group(1);
    }

    private static long[] shape(String tuple, String file) {
        List<Long> dims = new ArrayList<>();
        for (String part : tuple.split(",")) {
            String d = part.strip();
            if (d.isEmpty()) {
                continue;
            }
            try {
                dims.add(Long.parseLong(d));
            } catch (NumberFormatException e) {
                throw notNpy(file, "its shape (" + tuple + ") is not a tuple of sizes");
            }
        }
        return dims.stream().mapToLong(Long::longValue).toArray();
    }

    private static String describe(String descr) {
        if (descr.length() >= 2 && descr.charAt(0) == '>') {
            return "big-endian";
        }
        if (descr.endsWith("f4")) {
            return "float32";
        }
        if (descr.contains("i") || descr.contains("u")) {
            return "integers";
        }
        if (descr.startsWith("|O") || descr.startsWith("O")) {
            return "Python objects";
        }
        return "not float64";
    }

    private static IllegalArgumentException notNpy(String file, String why) {
        return new IllegalArgumentException(String.format("data file %s is not a readable .npy file: %s; %s (or "
                + "give a CSV file)", file, why, SAVE));
    }
}
