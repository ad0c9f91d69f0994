package dev.manifolddp.experiments.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.manifolddp.experiments.images.CsvImages;
import dev.manifolddp.geometry.Geometries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data file must be a regular file: a folder, a named pipe or a device is refused by name, before it is opened. */
class InputFileTest {

    @TempDir
    Path folder;

    @Test
    void aRegularFileAndALinkToOneAreAccepted() throws IOException {
        Path file = Files.writeString(folder.resolve("points.csv"), "0,0,1\n");
        InputFile.requireRegular(file, "data file");
        Path link = Files.createSymbolicLink(folder.resolve("link.csv"), file);
        InputFile.requireRegular(link, "data file");
        assertThat(PointFile.read(link, Geometries.parse("sphere:d=2")).size()).isEqualTo(1);
    }

    @Test
    void aMissingFileAndAFolderAreNamed() {
        assertThatThrownBy(() -> InputFile.requireRegular(folder.resolve("absent.csv"), "--input"))
                .hasMessage("--input not found: " + folder.resolve("absent.csv"));
        assertThatThrownBy(() -> InputFile.requireRegular(folder, "data file"))
                .hasMessage("data file " + folder + " is a folder; give a file");
    }

    /** A named pipe nobody writes to would block the read forever; it is refused at once, naming the pipe. */
    @Test
    void aNamedPipeIsRefusedWithoutBlocking() throws Exception {
        Path pipe = folder.resolve("pipe.csv");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("mkfifo is not available here: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(mkfifo.waitFor() == 0 && Files.exists(pipe), "mkfifo could not make a pipe");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(() -> PointFile.read(pipe,
                Geometries.parse("sphere:d=2"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("data file " + pipe + " is a named pipe (FIFO), not a regular file"));
    }

    /** The image reader of {@code mdp describe} makes the same check. */
    @Test
    void theImageReaderRefusesAFolder() {
        assertThatThrownBy(() -> CsvImages.read(folder, 3, "--input"))
                .hasMessage("--input: the image file " + folder + " is a folder; give a file");
    }

    /** An endless device ({@code /dev/zero}) is refused rather than read until memory runs out. */
    @Test
    void aDeviceIsRefused() {
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero here");
        assertThatThrownBy(() -> PointFile.read(zero, Geometries.parse("sphere:d=2")))
                .hasMessageStartingWith("data file /dev/zero is a device, not a regular file");
    }
}
