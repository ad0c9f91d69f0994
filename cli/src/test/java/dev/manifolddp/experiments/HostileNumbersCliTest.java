package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22: every numeric flag of every command that takes numbers ({@code release} with each kind of mechanism,
 * {@code plan}, {@code audit}, {@code describe}) swept through the extremes of a double and a long. Each run either
 * succeeds with a finite result, or fails with one line that names the flag and shows no internal value: no stack
 * trace, no Java exception name, no NaN or infinity the user did not write, no overflowed integer, and no hang.
 */
class HostileNumbersCliTest {

    /** The extremes of the numeric types, as a user could type them. */
    static final List<String> EXTREMES = List.of("0", "-1", "4.9e-322", "4.9E-324", "1e-300", "1e300",
            "1.7976931348623157E308", "NaN", "Infinity", "-Infinity", "9223372036854775807", "-9223372036854775808",
            "2147483647", "-2147483648");

    /** Texts that only an internal value could have put into a message. */
    private static final List<String> INTERNAL = List.of("9223372036854775807", "-9223372036854775808", "NaN",
            "Infinity", "4.9E-324");

    private static final Duration LIMIT = Duration.ofSeconds(30);

    @TempDir
    static Path work;

    static Path data;
    static Path subjects;
    static Path picture;
    static Path tensors;
    static final AtomicInteger LEDGERS = new AtomicInteger();

    @BeforeAll
    static void files() throws IOException {
        String rows = "0.1,0,0.99498744\n0,0.1,0.99498744\n-0.1,0,0.99498744\n0,-0.1,0.99498744\n";
        data = Files.writeString(work.resolve("data.csv"), "x,y,z\n" + rows);
        subjects = Files.writeString(work.resolve("subjects.csv"), "id,x,y,z\n" + rows.lines()
                .map(line -> "p" + line.hashCode() % 2 + "," + line).reduce("", (a, b) -> a + b + "\n"));
        BufferedImage image = new BufferedImage(12, 12, BufferedImage.TYPE_3BYTE_BGR);
        SplittableRandom random = new SplittableRandom(4);
        for (int y = 0; y < 12; y++) {
            for (int x = 0; x < 12; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        tensors = Files.writeString(work.resolve("tensors.csv"), "1.1,0.1,0.1,0.9\n0.9,0,0,1.1\n1,0.05,0.05,1\n"
                + "1.05,0,0,0.95\n");
        picture = work.resolve("picture.png");
        ImageIO.write(image, "png", picture.toFile());
    }

    /** One numeric input of one command: the arguments without it, and how it is given. */
    private record Input(String label, List<String> base, String flag, String param) {

        List<String> with(String value) {
            List<String> args = new ArrayList<>(base);
            int ledger = args.indexOf("--ledger");
            if (ledger >= 0) {
                // a fresh ledger per run: one run's declared total must not decide the next run's refusal
                args.set(ledger + 1, work.resolve("ledger-" + LEDGERS.incrementAndGet() + ".json").toString());
            }
            if (param != null) {
                args.addAll(List.of("--param", param + "=" + value));
            } else {
                args.addAll(List.of(flag, value));
            }
            return args;
        }

        /** What the message must name: the flag, or the parameter's key. */
        String named() {
            return param != null ? param : flag;
        }
    }

    private static List<String> release(String mechanism, String... extra) {
        boolean chart = mechanism.equals("tangent-gaussian");
        List<String> args = new ArrayList<>(List.of("release", "--geometry", chart ? "spd/log-euclidean:k=2"
                : "sphere:d=2", "--mechanism", mechanism, "--center", chart ? "1,0,0,1" : "0,0,1", "--input",
                (chart ? tensors : data).toString(), "--ledger", work.resolve("ledger.json").toString(), "--force"));
        args.addAll(List.of(extra));
        return args;
    }

    /** The arguments with those of {@code flag} left out, so that the sweep gives it. */
    private static List<String> without(List<String> args, String flag) {
        List<String> kept = new ArrayList<>(args);
        int at = kept.indexOf(flag);
        if (at >= 0) {
            kept.remove(at + 1);
            kept.remove(at);
        }
        return kept;
    }

    private static List<Input> inputs() {
        List<Input> inputs = new ArrayList<>();
        AtomicInteger out = new AtomicInteger();
        for (String mechanism : List.of("riemannian-laplace", "euclidean-laplace", "tangent-gaussian", "kng")) {
            String delta = mechanism.equals("tangent-gaussian") ? "1e-6" : "0";
            for (String flag : List.of("--epsilon", "--delta", "--radius", "--total-epsilon", "--seed")) {
                List<String> base = release(mechanism, "--epsilon", "1", "--delta", delta, "--radius", "0.3",
                        "--out", work.resolve("r" + out.incrementAndGet() + ".json").toString());
                inputs.add(new Input(mechanism + " " + flag, without(base, flag), flag, null));
            }
        }
        List<String> budgeted = release("riemannian-laplace", "--epsilon", "1", "--radius", "0.3", "--total-epsilon",
                "5", "--out", work.resolve("budgeted.json").toString());
        inputs.add(new Input("release --total-delta", budgeted, "--total-delta", null));
        List<String> grouped = new ArrayList<>(release("riemannian-laplace", "--epsilon", "1", "--radius", "0.3",
                "--subject-column", "id", "--columns", "x,y,z", "--out", work.resolve("g.json").toString()));
        grouped.set(grouped.indexOf(data.toString()), subjects.toString());
        inputs.add(new Input("release --max-records-per-subject", grouped, "--max-records-per-subject", null));
        for (String param : List.of("proposal-budget", "burn-in", "thin", "chains", "step")) {
            List<String> base = release("kng", "--epsilon", "1", "--radius", "0.3", "--allow-mcmc", "--out",
                    work.resolve("k-" + param + ".json").toString());
            if (!param.equals("proposal-budget")) {
                base.addAll(List.of("--param", "sampler=mcmc"));
            }
            if (!param.equals("burn-in")) {
                base.addAll(List.of("--param", "burn-in=100"));
            }
            if (!param.equals("thin")) {
                base.addAll(List.of("--param", "thin=2"));
            }
            inputs.add(new Input("release kng " + param, base, null, param));
        }
        List<String> plan = List.of("plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.3",
                "--n", "10", "--epsilon", "1", "--mechanism", "riemannian-laplace", "--replicates", "2",
                "--threads", "1");
        for (String flag : List.of("--radius", "--n", "--epsilon", "--delta", "--replicates", "--seed",
                "--target-error", "--threads")) {
            List<String> args = new ArrayList<>(without(plan, flag));
            if (flag.equals("--target-error")) {
                args.addAll(List.of("--max-n", "1000")); // an unreachable target is searched up to --max-n
            }
            inputs.add(new Input("plan " + flag, args, flag, null));
        }
        List<String> searched = new ArrayList<>(plan);
        searched.addAll(List.of("--target-error", "0.1"));
        inputs.add(new Input("plan --max-n", searched, "--max-n", null));
        List<String> audit = List.of("audit", "--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace",
                "--epsilon", "1", "--center", "0,0,1", "--radius", "0.3", "--n", "4", "--releases", "20",
                "--threads", "1", "--quiet", "--force", "--out", work.resolve("audit.json").toString());
        for (String flag : List.of("--epsilon", "--delta", "--radius", "--n", "--releases", "--directions", "--seed",
                "--confidence", "--threads")) {
            inputs.add(new Input("audit " + flag, without(audit, flag), flag, null));
        }
        List<String> describe = List.of("describe", "--input", picture.toString(), "--patch", "4", "--quiet",
                "--force", "--out", work.resolve("d.csv").toString());
        for (String flag : List.of("--patch", "--eta")) {
            inputs.add(new Input("describe " + flag, without(describe, flag), flag, null));
        }
        return inputs;
    }

    @Test
    void everyNumericFlagRefusesItsExtremesByNameOrGivesAFiniteResult() {
        List<String> failures = new ArrayList<>();
        int runs = 0;
        for (Input input : inputs()) {
            for (String value : EXTREMES) {
                List<String> args = input.with(value);
                Cli cli;
                try {
                    cli = assertTimeoutPreemptively(LIMIT, () -> Cli.run(args.toArray(String[]::new)));
                } catch (AssertionError e) {
                    failures.add(input.label() + " = " + value + ": no answer within " + LIMIT);
                    continue;
                }
                runs++;
                String problem = problem(input, value, cli);
                if (problem != null) {
                    failures.add(input.label() + " = " + value + ": " + problem + "\n    " + cli.err().strip());
                }
            }
        }
        assertThat(failures).as("of %d runs", runs).isEmpty();
    }

    private static String problem(Input input, String value, Cli cli) {
        if (cli.exit() == 0) {
            return resultProblem(input, value, cli);
        }
        if (cli.errLines().size() != 1) {
            return "not one line";
        }
        String err = cli.err();
        if (err.contains("Exception") || err.contains("\tat ") || err.contains("java.")) {
            return "a Java exception";
        }
        if (!err.contains(input.named())) {
            return "does not name " + input.named();
        }
        for (String internal : INTERNAL) {
            if (err.contains(internal) && !value.toLowerCase(Locale.ROOT).contains(internal.toLowerCase(Locale.ROOT))
                    && !internal.toLowerCase(Locale.ROOT).contains(value.toLowerCase(Locale.ROOT))) {
                return "shows the internal value " + internal;
            }
        }
        return null;
    }

    private static String resultProblem(Input input, String value, Cli cli) {
        if (!input.base().get(0).equals("release")) {
            return null;
        }
        int at = input.with(value).indexOf("--out");
        Path out = Path.of(input.with(value).get(at + 1));
        try {
            JsonNode release = new ObjectMapper().readTree(out.toFile());
            for (JsonNode coordinate : release.get("value")) {
                if (!Double.isFinite(coordinate.asDouble()) || coordinate.isTextual()) {
                    return "a non-finite released value " + release.get("value");
                }
            }
        } catch (IOException e) {
            return "no readable release: " + e.getMessage();
        }
        return null;
    }
}
