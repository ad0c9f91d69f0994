package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file digest taken on first use is the SHA-256 of the bytes that were read, or a refusal naming the file. */
class FileDigestTest {

    @TempDir
    Path folder;

    @Test
    void aDigestTakenLaterIsTheSha256OfTheFileAsRead() throws Exception {
        Path file = folder.resolve("d.csv");
        Files.writeString(file, "x0,x1,x2\n0,0,1\n".repeat(5000), StandardCharsets.UTF_8);
        FileDigest digest = FileDigest.later(file, Files.size(file), Files.getLastModifiedTime(file));
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        assertThat(digest.get()).isEqualTo(expected);
        Files.delete(file);
        assertThat(digest.get()).as("taken once, kept").isEqualTo(expected);
    }

    @Test
    void aFileChangedOrGoneSinceTheReadIsRefusedByName() throws IOException {
        Path file = folder.resolve("d.csv");
        Files.writeString(file, "x0,x1,x2\n0,0,1\n", StandardCharsets.UTF_8);
        long size = Files.size(file);
        FileTime modified = Files.getLastModifiedTime(file);
        FileDigest changed = FileDigest.later(file, size, modified);
        Files.writeString(file, "x0,x1,x2\n0,1,0\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.fromMillis(modified.toMillis() + 5000));
        assertThatThrownBy(changed::get).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data file " + file + " changed after it was read; read it again once nothing writes to it");
        FileDigest gone = FileDigest.later(file, size, modified);
        Files.delete(file);
        assertThatThrownBy(gone::get).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot read data file " + file + " again for its SHA-256");
        assertThat(FileDigest.of(null)).isNull();
        assertThat(FileDigest.of("ab").get()).isEqualTo("ab");
    }
}
