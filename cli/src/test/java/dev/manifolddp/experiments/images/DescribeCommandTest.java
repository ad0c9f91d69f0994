package dev.manifolddp.experiments.images;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.Cli;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mdp describe} writes descriptors that {@code mdp release} reads with the ball it prints. */
class DescribeCommandTest {

    @TempDir
    Path folder;

    @Test
    void patchDescriptorsRoundTripIntoARelease() throws IOException {
        BufferedImage picture = new BufferedImage(40, 40, BufferedImage.TYPE_3BYTE_BGR);
        SplittableRandom random = new SplittableRandom(9);
        for (int y = 0; y < 40; y++) {
            for (int x = 0; x < 40; x++) {
                picture.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        Path png = folder.resolve("picture.png");
        ImageIO.write(picture, "png", png.toFile());
        Path csv = folder.resolve("descriptors.csv");
        Cli described = Cli.run("describe", "--input", png.toString(), "--patch", "4", "--out", csv.toString());
        assertThat(described.exit()).as(described.toString()).isZero();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(1 + 100);
        assertThat(lines.get(0).split(",")).hasSize(121);

        // the printed command, run as printed (with its own output file), releases a mean
        String command = described.out().lines().filter(l -> l.strip().startsWith("mdp release")).findFirst()
                .orElseThrow().strip();
        List<String> args = new java.util.ArrayList<>(List.of(command.substring("mdp ".length()).split(" ")));
        args.addAll(List.of("--out", folder.resolve("release.json").toString(), "--ledger",
                folder.resolve("ledger.json").toString()));
        Cli released = Cli.run(args.toArray(String[]::new));
        assertThat(released.exit()).as(released.toString()).isZero();
        assertThat(folder.resolve("release.json")).isNotEmptyFile();

        Cli again = Cli.run("describe", "--input", png.toString(), "--patch", "4", "--out", csv.toString());
        assertThat(again.exit()).isNotZero();
        assertThat(again.err()).contains("--out");
    }

    @Test
    void flagsAreNamedInErrors() {
        Cli noLabel = Cli.run("describe", "--input", "dataset:mnist", "--out", folder.resolve("x.csv").toString());
        assertThat(noLabel.exit()).isNotZero();
        assertThat(noLabel.err()).contains("--label");
        Cli badEta = Cli.run("describe", "--input", "dataset:mnist", "--label", "3", "--eta", "7", "--out",
                folder.resolve("y.csv").toString());
        assertThat(badEta.err()).contains("--eta").contains("Provided value: 7");
    }
}
