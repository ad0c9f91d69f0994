package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, items 1 and 5: every command that writes refuses an output that is one of its inputs (by the same name,
 * another name for it, or a link to it, with {@code --force} or not) and leaves every file of the folder as it was;
 * every input that is not a regular file (a FIFO, which would block the read forever) is refused before it is opened.
 * The sweep runs each writing command with each of its outputs pointed at each of its inputs.
 */
class InputFilesAreSafeTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    @TempDir
    Path work;

    private Path data;
    private Path picture;
    private Path config;
    private Path plugins;
    private Path jar;

    @BeforeEach
    void files() throws IOException {
        data = Files.writeString(work.resolve("data.csv"), "x,y,z\n0.1,0,0.99498744\n0,0.1,0.99498744\n"
                + "-0.1,0,0.99498744\n0,-0.1,0.99498744\n");
        BufferedImage image = new BufferedImage(12, 12, BufferedImage.TYPE_3BYTE_BGR);
        SplittableRandom random = new SplittableRandom(4);
        for (int y = 0; y < 12; y++) {
            for (int x = 0; x < 12; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        picture = work.resolve("picture.png");
        ImageIO.write(image, "png", picture.toFile());
        config = Files.writeString(work.resolve("config.yaml"), """
                name: guarded
                seed: 3
                replicates: 2
                geometry: sphere:d=2
                data: { file: data.csv, center: [0, 0, 1], radius: 0.3 }
                sweep: { epsilon: [1.0] }
                mechanisms: [riemannian-laplace]
                utility: [geodesic-distance]
                """);
        plugins = Files.createDirectories(work.resolve("plugins"));
        jar = plugins.resolve("empty.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), new Manifest())) {
            out.flush();
        }
    }

    private List<String> release(String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "sphere:d=2", "--mechanism",
                "riemannian-laplace", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--input",
                data.toString(), "--seed", "1", "--plugins", plugins.toString(), "--ledger",
                work.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void noCommandWritesOverOneOfItsInputs() throws IOException {
        Files.createSymbolicLink(work.resolve("link.csv"), data);
        List<List<String>> commands = new ArrayList<>();
        for (String input : List.of(data.toString(), work.resolve("sub/../data.csv").toString(),
                work.resolve("link.csv").toString(), jar.toString())) {
            for (String force : List.of("--no-force-flag", "--force")) {
                commands.add(withForce(release("--out", input), force));
                commands.add(withForce(release("--out", work.resolve("r.json").toString(), "--diagnostics", input),
                        force));
            }
            commands.add(withForce(List.of("audit", "--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace",
                    "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--n", "4", "--releases", "20",
                    "--plugins", plugins.toString(), "--out", input), input.equals(jar.toString()) ? "--force" : ""));
        }
        for (String force : List.of("--no-force-flag", "--force")) {
            List<String> ledgerIsData = withForce(release("--out", work.resolve("r.json").toString()), force);
            ledgerIsData.set(ledgerIsData.indexOf(work.resolve("ledger.json").toString()), data.toString());
            commands.add(ledgerIsData);
            commands.add(withForce(List.of("describe", "--input", picture.toString(), "--patch", "4", "--out",
                    picture.toString()), force));
            commands.add(withForce(List.of("describe", "--input", picture.toString(), "--patch", "4", "--out",
                    work.resolve("./picture.png").toString()), force));
            // a run's output folder that holds its configuration, its data or a plugin jar
            commands.add(withForce(List.of("run", config.toString(), "--out", work.toString(), "--quiet"), force));
            commands.add(withForce(List.of("run", config.toString(), "--plugins", plugins.toString(), "--out",
                    plugins.toString(), "--quiet"), force));
        }
        Map<String, String> before = digests();
        for (List<String> command : commands) {
            Cli cli = assertTimeoutPreemptively(LIMIT, () -> Cli.run(command.toArray(String[]::new)));
            String what = String.join(" ", command) + "\n" + cli;
            assertThat(cli.exit()).as(what).isNotZero();
            assertThat(cli.errLines()).as(what).hasSize(1);
            assertThat(cli.err()).as(what).containsAnyOf("is the same file as", "holds", "already exists")
                    .doesNotContain("Exception");
            assertThat(digests()).as("no file changed, none appeared: " + what).isEqualTo(before);
        }
        assertThat(commands).hasSizeGreaterThanOrEqualTo(30);
    }

    private static List<String> withForce(List<String> command, String force) {
        List<String> copy = new ArrayList<>(command);
        if (force.equals("--force")) {
            copy.add("--force");
        }
        return copy;
    }

    @Test
    void aFifoIsNeverOpenedAsAnInput() throws Exception {
        Path fifo = work.resolve("pipe.csv");
        assumeTrue(mkfifo(fifo), "mkfifo is available");
        Path fifoPng = work.resolve("pipe.png");
        assumeTrue(mkfifo(fifoPng));
        Path fifoConfig = work.resolve("pipe.yaml");
        assumeTrue(mkfifo(fifoConfig));
        Path fifoJar = plugins.resolve("pipe.jar");
        Path fifoData = Files.writeString(work.resolve("fifo-data.yaml"), Files.readString(config)
                .replace("file: data.csv", "file: pipe.csv"));
        List<List<String>> commands = new ArrayList<>();
        List<String> fromFifo = release("--out", work.resolve("r.json").toString());
        fromFifo.set(fromFifo.indexOf(data.toString()), fifo.toString());
        commands.add(fromFifo);
        List<String> ledgerFifo = release("--out", work.resolve("r.json").toString());
        ledgerFifo.set(ledgerFifo.indexOf(work.resolve("ledger.json").toString()), fifo.toString());
        commands.add(ledgerFifo);
        commands.add(List.of("describe", "--input", fifoPng.toString(), "--patch", "4", "--out",
                work.resolve("d.csv").toString()));
        commands.add(List.of("run", fifoConfig.toString(), "--out", work.resolve("o1").toString(), "--quiet"));
        commands.add(List.of("validate", fifoConfig.toString()));
        commands.add(List.of("run", fifoData.toString(), "--out", work.resolve("o2").toString(), "--quiet"));
        commands.add(List.of("validate", fifoData.toString()));
        for (List<String> command : commands) {
            Cli cli = assertTimeoutPreemptively(LIMIT, () -> Cli.run(command.toArray(String[]::new)));
            String what = String.join(" ", command) + "\n" + cli;
            assertThat(cli.exit()).as(what).isNotZero();
            assertThat(cli.errLines()).as(what).hasSize(1);
            assertThat(cli.err()).as(what).contains("not a regular file").doesNotContain("Exception");
        }
        assumeTrue(mkfifo(fifoJar));
        for (String command : List.of("list", "validate")) {
            List<String> args = command.equals("list") ? List.of("list", "--plugins", plugins.toString())
                    : List.of("validate", config.toString(), "--plugins", plugins.toString());
            Cli cli = assertTimeoutPreemptively(LIMIT, () -> Cli.run(args.toArray(String[]::new)));
            assertThat(cli.exit()).as(cli.toString()).isNotZero();
            assertThat(cli.err()).as(cli.toString()).contains("pipe.jar").contains("not a regular file");
        }
    }

    private static boolean mkfifo(Path path) {
        try {
            return new ProcessBuilder("mkfifo", path.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The SHA-256 of every file below the work folder, by relative path. */
    private Map<String, String> digests() throws IOException {
        Map<String, String> digests = new TreeMap<>();
        try (Stream<Path> files = Files.walk(work)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                digests.put(work.relativize(file).toString(), sha256(Files.readAllBytes(file)));
            }
        }
        return digests;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
