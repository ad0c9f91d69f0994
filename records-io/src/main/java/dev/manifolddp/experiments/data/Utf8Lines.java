package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The lines of a file, decoded as strict UTF-8 while it is read through fixed buffers, so the memory a read needs
 * does not grow with the file, only with its longest line. A leading byte-order mark is dropped; a line ends at
 * {@code \r\n}, {@code \r} or {@code \n}, and the text after the last terminator is a last (possibly empty) line.
 * The SHA-256 is taken of exactly the bytes decoded, in the same pass (on a thread of its own,
 * {@link BackgroundDigest}), so it always describes the data read even if the file changes on disk meanwhile. A
 * byte that is not UTF-8 fails the read naming its line, value and offset.
 *
 * <p>The current line lives in {@link #chars()} up to {@link #length()} and is overwritten by {@link #next()}.
 */
final class Utf8Lines implements AutoCloseable {

    private static final int CHUNK = 1 << 16;
    private static final char BOM = '\uFEFF';

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final BackgroundDigest digest = new BackgroundDigest(CHUNK);
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    /** Bytes read and not yet decoded (read mode); {@link #bufferStart} is the file offset of its index 0. */
    private final ByteBuffer bytes = ByteBuffer.allocate(CHUNK).flip();
    /** Characters decoded and not yet scanned into a line (read mode). */
    private final CharBuffer chars = CharBuffer.allocate(CHUNK).flip();
    private long bufferStart;
    private boolean endOfFile;
    private boolean decoded;
    /** A malformed byte met after characters still to be scanned: reported once the scan reaches it. */
    private String malformed;
    private char[] line = new char[128];
    private int length;
    private int number;
    private boolean afterCarriageReturn;
    private boolean atStart = true;
    private boolean finished;
    private String sha256;

    private Utf8Lines(Path file, FileChannel channel, long size) {
        this.file = file;
        this.channel = channel;
        this.size = size;
    }

    /**
     * Opens {@code file}, which must be a regular file ({@link InputFile#requireRegular}).
     *
     * @throws IllegalArgumentException naming the file when it is missing, not a regular file or unreadable
     */
    static Utf8Lines open(Path file) {
        InputFile.requireRegular(file, "data file");
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
            try {
                return new Utf8Lines(file, channel, channel.size());
            } catch (RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("data file not found: " + file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves to the next line.
     *
     * @return false after the last line
     * @throws IllegalArgumentException naming the line, byte and offset when the line holds bytes that are not UTF-8
     */
    boolean next() {
        if (finished) {
            return false;
        }
        length = 0;
        while (true) {
            char[] a = chars.array();
            int p = chars.position();
            int end = chars.limit();
            if (p < end) {
                if (afterCarriageReturn) {
                    afterCarriageReturn = false;
                    if (a[p] == '\n') {
                        p++;
                    }
                }
                if (atStart && p < end) {
                    atStart = false;
                    if (a[p] == BOM) {
                        p++;
                    }
                }
                int start = p;
                while (p < end && a[p] != '\n' && a[p] != '\r') {
                    p++;
                }
                append(a, start, p);
                if (p < end) {
                    afterCarriageReturn = a[p] == '\r';
                    chars.position(p + 1);
                    number++;
                    return true;
                }
                chars.position(p);
            }
            if (!refill()) {
                finished = true;
                number++;
                return true;
            }
        }
    }

    /** The current line's characters, valid up to {@link #length()} until the next call of {@link #next()}. */
    char[] chars() {
        return line;
    }

    int length() {
        return length;
    }

    /** The current line's 1-based number. */
    int number() {
        return number;
    }

    /** The file as given, for messages. */
    Path file() {
        return file;
    }

    /** The file's size in bytes when it was opened. */
    long size() {
        return size;
    }

    /** The byte offset in the file where the scan stands (the end of the current line). */
    long position() {
        long scanned = bufferStart + bytes.position();
        char[] a = chars.array();
        for (int i = chars.position(); i < chars.limit(); i++) {
            char c = a[i];
            scanned -= c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return scanned;
    }

    /** The SHA-256 of every byte of the file (lower-case hex); only once {@link #next()} has returned false. */
    String sha256() {
        if (!finished) {
            throw new IllegalStateException("the SHA-256 of " + file + " is known only after its last line");
        }
        if (sha256 == null) {
            sha256 = digest.hex();
        }
        return sha256;
    }

    @Override
    public void close() {
        digest.close();
        try {
            channel.close();
        } catch (IOException e) {
            // the bytes were read (or the read failed and says so); a failed close loses nothing
        }
    }

    private void append(char[] a, int from, int to) {
        int n = to - from;
        if (n == 0) {
            return;
        }
        if (length + n > line.length) {
            line = java.util.Arrays.copyOf(line, Math.max(length + n, 2 * line.length));
        }
        System.arraycopy(a, from, line, length, n);
        length += n;
    }

    /** Decodes more characters; false at the end of the file. */
    private boolean refill() {
        if (malformed != null) {
            throw new IllegalArgumentException(malformed);
        }
        if (decoded) {
            return false;
        }
        chars.clear();
        while (chars.position() == 0) {
            CoderResult result = decoder.decode(bytes, chars, endOfFile);
            if (result.isError()) {
                int offset = bytes.position();
                malformed = String.format("data file %s is not UTF-8 text: line %d has an invalid byte 0x%02X at "
                        + "byte offset %d; save the file as UTF-8 CSV (is it a spreadsheet or a binary file?)", file,
                        number + 1 + terminators(chars), bytes.get(offset) & 0xFF, bufferStart + offset);
                break;
            }
            if (result.isOverflow()) {
                break;
            }
            if (endOfFile) {
                decoder.flush(chars);
                decoded = true;
                break;
            }
            readMore();
        }
        chars.flip();
        if (chars.hasRemaining()) {
            return true;
        }
        if (malformed != null) {
            throw new IllegalArgumentException(malformed);
        }
        return false;
    }

    /** The line breaks among the characters decoded but not yet scanned (write mode), for a malformed byte's line. */
    private int terminators(CharBuffer pending) {
        char[] a = pending.array();
        int count = 0;
        boolean carriageReturn = afterCarriageReturn;
        for (int i = 0; i < pending.position(); i++) {
            if (a[i] == '\r' || (a[i] == '\n' && !carriageReturn)) {
                count++;
            }
            carriageReturn = a[i] == '\r';
        }
        return count;
    }

    private void readMore() {
        bufferStart += bytes.position();
        bytes.compact();
        try {
            int read;
            do {
                read = channel.read(bytes);
            } while (read == 0 && bytes.hasRemaining());
            if (read < 0) {
                endOfFile = true;
            } else {
                digest.update(bytes.array(), bytes.position() - read, read);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        } finally {
            bytes.flip();
        }
    }
}
