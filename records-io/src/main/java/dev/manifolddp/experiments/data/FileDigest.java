package dev.manifolddp.experiments.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The SHA-256 of a data file's bytes (lower-case hex), known when it was read or taken on first use. Its one reader is
 * the budget ledger, which needs it only to continue an earlier ledger's account keyed by a file's bytes; a large file
 * read in blocks ({@link CsvBlocks}) therefore leaves it to first use, and a release charged to a ledger without such
 * accounts never reads its file twice (on 10^6 rows the hash was about a tenth of a release). Taken later, the digest is
 * refused when the file's size or modification time differ from those of the read, so it is always the digest of the
 * bytes that were read.
 */
public final class FileDigest implements Supplier<String> {

    private final Path file;
    private final long size;
    private final FileTime modified;
    private String hex;

    private FileDigest(Path file, long size, FileTime modified, String hex) {
        this.file = file;
        this.size = size;
        this.modified = modified;
        this.hex = hex;
    }

    /** A digest already taken, or null for none. */
    public static FileDigest of(String hex) {
        return hex == null ? null : new FileDigest(null, -1, null, hex);
    }

    /** The digest of {@code file}, read with {@code size} bytes and last modified at {@code modified}, on first use. */
    static FileDigest later(Path file, long size, FileTime modified) {
        return new FileDigest(Objects.requireNonNull(file), size, Objects.requireNonNull(modified), null);
    }

    /**
     * The digest.
     *
     * @throws IllegalArgumentException naming the file when it can no longer be read, or has changed since it was read
     */
    @Override
    public synchronized String get() {
        if (hex == null) {
            try {
                String taken = sha256(file);
                if (!unchanged()) {
                    throw new IllegalArgumentException("data file " + file + " changed after it was read; read it "
                            + "again once nothing writes to it");
                }
                hex = taken;
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read data file " + file + " again for its SHA-256: "
                        + e.getMessage(), e);
            }
        }
        return hex;
    }

    /**
     * True when the file still has the size and modification time of the read: the readers check it once they are
     * done ({@link CsvBlocks}, {@link NpyPoints}), and {@link #get} after hashing.
     */
    boolean unchanged() throws IOException {
        return Files.size(file) == size && Files.getLastModifiedTime(file).equals(modified);
    }

    /** The lower-case hex SHA-256 of the bytes of {@code file}, read in order. */
    static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java runtime has no SHA-256", e);
        }
        // 64 KiB a call: in a few large calls the compression loop stays interpreted instead of reaching its
        // intrinsic (SHA-NI), several times slower
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        try (FileChannel channel = FileChannel.open(file)) {
            while (channel.read(buffer) >= 0) {
                buffer.flip();
                digest.update(buffer);
                buffer.clear();
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    @Override
    public String toString() {
        return hex != null ? hex : "SHA-256 of " + file + " (on first use)";
    }
}
