package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one overwrite rule: checked folders, checked files and the atomic write refuse alike, naming the flag. */
class OverwriteGuardTest {

    @TempDir
    Path folder;

    @Test
    void aFolderWithFilesIsReplacedOnlyWithForce() throws IOException {
        Path out = Files.createDirectories(folder.resolve("run"));
        assertThatCode(() -> OverwriteGuard.requireFolder(out, false, "--out")).doesNotThrowAnyException();
        Files.writeString(out.resolve("summary.md"), "x");
        assertThatThrownBy(() -> OverwriteGuard.requireFolder(out, false, "--out"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--out: the output folder " + out + " already holds 1 file(s); mdp does not overwrite "
                        + "results: choose another --out, move the files away, or pass --force to overwrite them");
        assertThatThrownBy(() -> OverwriteGuard.requireFolder(out, false, "name"))
                .hasMessageContaining("choose another name or --out DIR");
        assertThatCode(() -> OverwriteGuard.requireFolder(out, true, "--out")).doesNotThrowAnyException();
        Path file = out.resolve("summary.md");
        assertThatThrownBy(() -> OverwriteGuard.requireFolder(file, true, "--out"))
                .hasMessage("--out: the output folder " + file + " exists and is not a folder; choose another --out");
    }

    /** The check before the work and the write itself give the same refusal for an existing file. */
    @Test
    void anExistingFileIsRefusedAlikeBeforeAndAtTheWrite() throws IOException {
        Path file = folder.resolve("release.json");
        Files.writeString(file, "old");
        String expected = "--out " + file + " already exists and was left unchanged; choose another file or pass "
                + "--force to replace it";
        assertThatThrownBy(() -> OverwriteGuard.requireFile("--out", file, file, false)).hasMessage(expected);
        assertThatThrownBy(() -> AtomicFile.write(file, "new".getBytes(StandardCharsets.UTF_8), false, "--out"))
                .hasMessage(expected);
        assertThat(Files.readString(file)).isEqualTo("old");
        OverwriteGuard.requireFile("--out", file, file, true);
        AtomicFile.write(file, "new".getBytes(StandardCharsets.UTF_8), true, "--out");
        assertThat(Files.readString(file)).isEqualTo("new");
        assertThatThrownBy(() -> OverwriteGuard.requireFile("--out", folder, folder, true))
                .hasMessage("--out " + folder + " is a folder; give a file name");
    }
}
