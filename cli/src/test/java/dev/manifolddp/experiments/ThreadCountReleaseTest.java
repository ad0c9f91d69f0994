package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.geometry.RecordBlocks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release's value has the same bits on 1, 2 and 3 threads (issue 26 item 2): `mdp release` on more records than
 * one block of {@link RecordBlocks}, run inside a pool of each size, so that the sums over records (the Newton
 * mean's Hessian sums, the KNG density's sums of logarithms) really are split between threads.
 */
class ThreadCountReleaseTest {

    @TempDir
    Path folder;

    @Test
    void aReleaseHasTheSameBitsOnOneTwoAndThreeThreads() throws IOException {
        int n = 2 * RecordBlocks.SIZE + 777;
        SplittableRandom random = new SplittableRandom(26);
        StringBuilder text = new StringBuilder("x0,x1,x2\n");
        for (int i = 0; i < n; i++) {
            double theta = 0.3 * Math.sqrt(random.nextDouble());
            double phi = 2 * Math.PI * random.nextDouble();
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", Math.sin(theta) * Math.cos(phi),
                    Math.sin(theta) * Math.sin(phi), Math.cos(theta)));
        }
        Path points = folder.resolve("points.csv");
        Files.writeString(points, text);
        for (String mechanism : List.of("riemannian-laplace", "kng")) {
            List<String> values = new ArrayList<>();
            for (int threads = 1; threads <= 3; threads++) {
                Path out = folder.resolve(mechanism + "-" + threads + ".json");
                Path ledger = folder.resolve("ledger-" + mechanism + threads + ".json");
                ForkJoinPool pool = new ForkJoinPool(threads);
                Cli cli;
                try {
                    cli = pool.submit(() -> Cli.run("release", "--geometry", "sphere:d=2", "--mechanism", mechanism,
                            "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--input", points.toString(),
                            "--seed", "5", "--out", out.toString(), "--ledger", ledger.toString())).join();
                } finally {
                    pool.shutdown();
                }
                assertThat(cli.exit()).as(cli.toString()).isZero();
                JsonNode value = new ObjectMapper().readTree(out.toFile()).get("value");
                StringBuilder bits = new StringBuilder();
                for (JsonNode v : value) {
                    bits.append(Long.toHexString(Double.doubleToRawLongBits(v.asDouble()))).append(' ');
                }
                values.add(bits.toString());
            }
            assertThat(values.get(1)).as(mechanism + " on 2 threads").isEqualTo(values.get(0));
            assertThat(values.get(2)).as(mechanism + " on 3 threads").isEqualTo(values.get(0));
        }
    }
}
