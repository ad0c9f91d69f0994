package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.data.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The text of a configuration file: UTF-8 (a leading byte-order mark is dropped), at most {@link #MAX_BYTES} bytes.
 * Every failure says what is wrong with the file and what to do, instead of the decoder's "Input length = 4".
 */
final class ConfigText {

    /** The largest configuration file read: 1 MiB, far above any real configuration (the largest shipped is 4 KiB). */
    static final long MAX_BYTES = 1L << 20;

    private ConfigText() {
    }

    static String read(Path file) {
        if (file == null) {
            throw new ConfigException("", "the configuration file must be given (CONFIG). Provided value: null");
        }
        if (Files.isDirectory(file)) {
            throw new ConfigException("", file + " is a folder, not a configuration file; give the YAML file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO would block the read until another process writes to it
            ConfigException.at("", () -> {
                InputFile.requireRegular(file, "the configuration file");
                return null;
            });
        }
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ConfigException("", String.format(Locale.ROOT, "%s has %d bytes; a configuration is at most "
                        + "%d bytes (1 MiB): put data in a data file (data: { file: ... })", file, size, MAX_BYTES));
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException("", "configuration file not found: " + file);
        } catch (AccessDeniedException e) {
            throw new ConfigException("", "cannot read the configuration file " + file + ": permission denied");
        } catch (IOException e) {
            throw new ConfigException("", "cannot read the configuration file " + file + ": " + e.getMessage(), e);
        }
        return decode(bytes, file.toString());
    }

    /** The bytes as UTF-8 text; {@code name} names the file in the message when they are not. */
    static String decode(byte[] bytes, String name) {
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            throw new ConfigException("", String.format(Locale.ROOT, "%s is not UTF-8 text (byte 0x%02x at offset "
                    + "%d); save it as UTF-8", name, bytes[offset] & 0xff, offset));
        }
        try {
            CoderResult flushed = decoder.flush(out);
            if (flushed.isError()) {
                flushed.throwException();
            }
        } catch (CharacterCodingException e) {
            throw new ConfigException("", name + " is not UTF-8 text (it ends inside a character); save it as UTF-8");
        }
        String text = out.flip().toString();
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            throw new ConfigException("", String.format(Locale.ROOT, "%s holds a NUL character (at character %d): it "
                    + "is a binary file, not a YAML configuration", name, nul));
        }
        return text;
    }
}
