package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.RandomSpdGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mdp release}: the happy path and every error path, with exit codes and one-line messages. */
class ReleaseCommandTest {

    private static final String IDENTITY = "1,0,0,0,1,0,0,0,1";

    @TempDir
    Path folder;

    private Path tensors;

    /** 30 SPD(3) matrices in the ball of radius sqrt(3) * 0.25 = 0.433 around I. */
    @BeforeEach
    void writeTensors() throws IOException {
        GeneratedData data = new RandomSpdGenerator(3, 0.25).generate(30, RandomStreams.seeded(8).stream(0, 0));
        tensors = write("tensors.csv", data.points(), "");
    }

    private Path write(String name, double[][] points, String extra) throws IOException {
        StringBuilder csv = new StringBuilder();
        for (double[] p : points) {
            csv.append(Arrays.stream(p).mapToObj(v -> String.format(Locale.ROOT, "%.17g", v))
                    .collect(Collectors.joining(","))).append('\n');
        }
        csv.append(extra);
        Path file = folder.resolve(name);
        Files.writeString(file, csv);
        return file;
    }

    private Cli release(Path input, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "spd/log-euclidean:k=3", "--mechanism",
                "tangent-gaussian", "--epsilon", "0.5", "--delta", "1e-6", "--center", IDENTITY, "--radius", "0.5",
                "--input", input.toString(), "--out", folder.resolve("release.json").toString(), "--ledger",
                folder.resolve("ledger.json").toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void assertOneLineFailure(Cli cli, String fragment) {
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
        assertThat(cli.errLines().get(0)).startsWith("mdp: error: ").contains(fragment);
    }

    @Test
    void releasesAPrivateMeanAndWritesItAsJson() throws IOException {
        Cli cli = release(tensors, "--seed", "42", "--param", "calibration=analytic");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("mechanism     tangent-gaussian on spd/log-euclidean:k=3")
                .contains("records       30 from").contains("guarantee     not-private").contains("release       [[")
                .contains("wrote ");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("release.json").toFile());
        assertThat(json.get("mechanism").asText()).isEqualTo("tangent-gaussian");
        assertThat(json.get("value")).hasSize(9);
        assertThat(json.get("onManifold").asBoolean()).isTrue();
        assertThat(json.get("budget").get("epsilon").asDouble()).isEqualTo(0.5);
        assertThat(json.get("budget").get("delta").asDouble()).isEqualTo(1e-6);
        assertThat(json.get("sensitivity").asDouble()).isCloseTo(2 * 0.5 / 30, org.assertj.core.data.Offset.offset(
                1e-12));
        assertThat(json.get("sigma").asDouble()).isPositive();
        // --seed makes the noise predictable: the release says so at the top
        assertThat(json.fieldNames().next()).isEqualTo("guarantee");
        assertThat(json.get("guarantee").asText()).isEqualTo("not-private");
        assertThat(json.get("unitOfPrivacy").asText()).contains("one record");
        assertThat(json.get("randomSource").asText()).contains("seed=42");
        assertThat(json.get("input").get("records").asInt()).isEqualTo(30);
        String first = json.get("value").toString();

        Cli again = release(tensors, "--seed", "42", "--force");
        assertThat(again.exit()).isZero();
        assertThat(new ObjectMapper().readTree(folder.resolve("release.json").toFile()).get("value").toString())
                .isEqualTo(first);
    }

    /**
     * A kng release from the command line: a fixed proposal budget by default (guarantee epsilon-delta with the
     * default delta 1e-10), nothing data-dependent in release.json, the diagnostics only in the file asked for.
     */
    @Test
    void kngReleasesUseAFixedBudgetAndPublishNoDiagnostics() throws IOException {
        Path points = folder.resolve("sphere.csv");
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            double t = 0.2 * i / 40;
            csv.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", Math.sin(t) * Math.cos(i), Math.sin(t)
                    * Math.sin(i), Math.cos(t)));
        }
        Files.writeString(points, csv);
        Path diagnostics = folder.resolve("diagnostics.json");
        Cli cli = Cli.run("release", "--geometry", "sphere:d=2", "--mechanism", "kng", "--epsilon", "1", "--center",
                "0,0,1", "--radius", "0.3", "--input", points.toString(), "--out",
                folder.resolve("kng.json").toString(), "--diagnostics", diagnostics.toString(), "--ledger", folder.resolve("ledger.json").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("guarantee     epsilon-delta").contains("privacy unit  one record");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("kng.json").toFile());
        assertThat(json.get("guarantee").asText()).isEqualTo("epsilon-delta");
        assertThat(json.get("budget").get("delta").asDouble()).isPositive().isLessThanOrEqualTo(1e-10);
        String text = Files.readString(folder.resolve("kng.json"));
        assertThat(text).doesNotContain("acceptanceRate").doesNotContain("meanIterations")
                .doesNotContain("effectiveSampleSize").doesNotContain("\"sampler\" : {");
        JsonNode diag = new ObjectMapper().readTree(diagnostics.toFile());
        assertThat(diag.get("note").asText()).startsWith("DO NOT PUBLISH");
        assertThat(diag.get("values").has("meanIterations")).isTrue();
        assertThat(diag.get("sampler").get("proposals").asLong()).isPositive();
    }

    /**
     * Issue 21: the MCMC refusal is decided by the calibration, before any record is used. The records here lie
     * outside the ball (a refusal of the records themselves) and the chain would take 9 x 10^8 steps: the refusal is the
     * MCMC one, at once. Before, the chain ran on the private file and was refused afterwards.
     */
    @Test
    void mcmcIsRefusedBeforeAnyRecordIsUsed() throws IOException {
        Path points = folder.resolve("far.csv");
        String far = BadReleaseInputTest.POLE_20.replace("0,1", "1,0");
        Files.writeString(points, (far + "\n").repeat(10));
        long start = System.nanoTime();
        Cli refused = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng",
                "--epsilon", "1", "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input",
                points.toString(), "--out", folder.resolve("far.json").toString(), "--param", "burn-in=900000000",
                "--param", "thin=10", "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(refused, "guarantee mcmc");
        assertThat(refused.err()).contains("Nothing was computed from the records").doesNotContain("outside");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(10);
        assertThat(folder.resolve("far.json")).doesNotExist();
        assertThat(folder.resolve("ledger.json")).doesNotExist();
    }

    /** A seeded chain needs the same consent: the seed makes it not-private too, it does not waive the consent. */
    @Test
    void aSeededChainStillNeedsConsent() throws IOException {
        Path points = folder.resolve("seeded.csv");
        Files.writeString(points, (BadReleaseInputTest.POLE_20 + "\n").repeat(10));
        Cli refused = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng", "--epsilon", "1",
                "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input", points.toString(), "--out",
                folder.resolve("seeded.json").toString(), "--param", "burn-in=200", "--param", "thin=10", "--seed",
                "7", "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(refused, "guarantee mcmc");
        assertThat(folder.resolve("seeded.json")).doesNotExist();
    }

    /** An mcmc release is refused without --allow-mcmc, with the reason; nothing is written. */
    @Test
    void mcmcReleasesNeedConsent() throws IOException {
        Path points = folder.resolve("pole.csv");
        Files.writeString(points, (BadReleaseInputTest.POLE_20 + "\n").repeat(10));
        Path out = folder.resolve("pole.json");
        Cli refused = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng",
                "--epsilon", "1", "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input", points.toString(), "--out",
                out.toString(), "--param", "burn-in=200", "--param", "thin=10", "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(refused, "guarantee mcmc");
        assertThat(refused.err()).contains("--allow-mcmc").contains("public lower bound on the acceptance rate");
        assertThat(out).doesNotExist();
        Cli allowed = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng",
                "--epsilon", "1", "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input", points.toString(), "--out",
                out.toString(), "--param", "burn-in=200", "--param", "thin=10", "--allow-mcmc", "--ledger",
                folder.resolve("ledger.json").toString());
        assertThat(allowed.exit()).as(allowed.toString()).isZero();
        assertThat(new ObjectMapper().readTree(out.toFile()).get("guarantee").asText()).isEqualTo("mcmc");
    }

    /**
     * The refusal's advice is computed by calibrating at nearby public inputs, so it points the right way on both
     * sides: at epsilon = 1 a larger epsilon gives an exact draw; at epsilon = 1e6 the fixed proposal budget grows with
     * epsilon and only a smaller one does (issue 22, item 4).
     */
    @Test
    void theMcmcRefusalSaysWhichWayToMoveEpsilon() throws IOException {
        Path points = folder.resolve("pole.csv");
        Files.writeString(points, (BadReleaseInputTest.POLE_20 + "\n").repeat(10));
        for (String[] expected : new String[][] {{"1", "--epsilon 8.000 or larger"},
                {"1e6", "--epsilon 3.125e+04 or smaller"}}) {
            Cli refused = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng", "--epsilon",
                    expected[0], "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input",
                    points.toString(), "--out", folder.resolve("advice.json").toString(), "--ledger",
                    folder.resolve("ledger.json").toString());
            assertOneLineFailure(refused, "guarantee mcmc");
            assertThat(refused.err()).contains("an exact draw needs " + expected[1]);
            if (!expected[0].equals("1")) {
                continue; // one check that the advice is right is enough: each exact draw costs up to 10^6 proposals
            }
            // and the advice is right: the advised epsilon draws exactly
            String advised = expected[1].split(" ")[1];
            Cli exact = Cli.run("release", "--geometry", "sphere:d=20", "--mechanism", "kng", "--epsilon", advised,
                    "--center", BadReleaseInputTest.POLE_20, "--radius", "0.3", "--input", points.toString(), "--out",
                    folder.resolve("advised-" + expected[0] + ".json").toString(), "--ledger",
                    folder.resolve("ledger.json").toString());
            assertThat(exact.exit()).as(exact.toString()).isZero();
        }
    }

    /**
     * Kendall shapes with 50 landmarks at r = 0.3, where the public envelope is hopeless: auto draws exactly with the
     * data-dependent envelope (no --allow-mcmc needed): the value's law is exact, but no public bound covers the
     * draw's failure at the proposal cap, so the guarantee is unproven, and the release says why.
     */
    @Test
    void kendallAutoDrawsExactlyWithoutConsent() throws IOException {
        Path points = folder.resolve("shapes.csv");
        Files.writeString(points, (BadReleaseInputTest.POLYGON_50 + "\n").repeat(10));
        Path out = folder.resolve("shapes.json");
        Cli cli = Cli.run("release", "--geometry", "kendall:landmarks=50", "--mechanism", "kng",
                "--epsilon", "1", "--center", BadReleaseInputTest.POLYGON_50, "--radius", "0.3", "--input",
                points.toString(), "--out", out.toString(), "--ledger", folder.resolve("ledger.json").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode release = new ObjectMapper().readTree(out.toFile());
        assertThat(release.get("guarantee").asText()).isEqualTo("unproven");
        assertThat(release.toString()).contains("exact with the data-dependent envelope")
                .contains("UNPROVEN: the value has exactly the KNG law").contains("no public bound");
        assertThat(cli.out()).contains("guarantee     unproven").contains("warning: UNPROVEN: the value has exactly");
    }

    /** Asking for the chain explicitly works: no fixed proposal budget is forced on it. */
    @Test
    void anExplicitChainIsAcceptedWithConsent() throws IOException {
        Path points = folder.resolve("sphere.csv");
        Files.writeString(points, "0,0,1\n0,0.1,0.99498743710662\n0.1,0,0.99498743710662\n");
        Path out = folder.resolve("chain.json");
        Cli cli = Cli.run("release", "--geometry", "sphere:d=2", "--mechanism", "kng", "--epsilon", "1",
                "--center", "0,0,1", "--radius", "0.3", "--input", points.toString(), "--out", out.toString(),
                "--param", "sampler=mcmc", "--param", "burn-in=200", "--param", "thin=10", "--allow-mcmc",
                "--ledger", folder.resolve("ledger.json").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(new ObjectMapper().readTree(out.toFile()).get("guarantee").asText()).isEqualTo("mcmc");
    }

    @Test
    void withoutASeedTheSourceIsSecure() throws IOException {
        Cli cli = release(tensors);
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(folder.resolve("release.json").toFile());
        assertThat(json.get("randomSource").asText()).contains("SecureRandom");
    }

    @Test
    void missingOrMalformedFileIsOneLine() throws IOException {
        assertOneLineFailure(release(folder.resolve("absent.csv")), "data file not found");
        Path bad = folder.resolve("bad.csv");
        Files.writeString(bad, "1,0,0,0,1,0,0,0\n");
        assertOneLineFailure(release(bad), "a 3x3 symmetric matrix point needs 9 numbers");
    }

    @Test
    void aPointOffTheManifoldIsOneLine() throws IOException {
        Path off = write("off.csv", new double[][] {{1, 0, 0, 0, 1, 0, 0, 0, 1}}, "1,0,0,0,-1,0,0,0,1\n");
        assertOneLineFailure(release(off), "1 of 2 rows are not points of spd/log-euclidean:k=3: line 2");
    }

    @Test
    void dataOutsideTheBallIsRefusedUnlessClipped() throws IOException {
        Path outside = write("outside.csv", new double[][] {{1, 0, 0, 0, 1, 0, 0, 0, 1}}, "3,0,0,0,1,0,0,0,1\n");
        assertOneLineFailure(release(outside), "1 of 2 records lie outside the declared ball of radius 0.5");
        assertThat(release(outside).err()).contains("line 2 at distance 1.0986").contains("use --clip");
        Cli clipped = release(outside, "--clip", "--seed", "1");
        assertThat(clipped.exit()).as(clipped.toString()).isZero();
        assertThat(clipped.out()).contains("(1 clipped onto the ball's boundary;");
    }

    @Test
    void anImpossibleBudgetIsOneLine() {
        List<String> args = new ArrayList<>(List.of("release", "--geometry", "spd/log-euclidean:k=3",
                "--mechanism", "tangent-gaussian", "--epsilon", "-1", "--center", IDENTITY, "--radius", "0.5",
                "--input", tensors.toString(), "--out", folder.resolve("r.json").toString(), "--ledger",
                folder.resolve("ledger.json").toString()));
        assertOneLineFailure(Cli.run(args.toArray(String[]::new)), "epsilon must be a finite number > 0");
        args.set(args.indexOf("-1"), "0.5");
        // the tangent Gaussian needs delta > 0: a pure-DP budget is impossible for it
        Cli pure = Cli.run(args.toArray(String[]::new));
        assertThat(pure.exit()).as(pure.toString()).isEqualTo(1);
        assertThat(pure.errLines()).hasSize(1);
        assertThat(pure.err()).contains("delta");
        assertThat(folder.resolve("r.json")).doesNotExist();
    }

    @Test
    void badCentreUnknownMechanismAndUsageErrors() {
        Cli shortCentre = Cli.run("release", "--geometry", "spd/log-euclidean:k=3", "--mechanism",
                "tangent-gaussian", "--epsilon", "0.5", "--delta", "1e-6", "--center", "1,0,0", "--radius", "0.5",
                "--input", tensors.toString(), "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(shortCentre, "--center: a 3x3 symmetric matrix point needs 9 numbers");
        Cli notPoint = Cli.run("release", "--geometry", "sphere:d=2", "--mechanism", "riemannian-laplace",
                "--epsilon", "1", "--center", "0,0,2", "--radius", "0.3", "--input", tensors.toString(), "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(notPoint, "--center is not a point of sphere");
        Cli unknown = Cli.run("release", "--geometry", "sphere:d=2", "--mechanism", "gauss", "--epsilon", "1",
                "--center", "0,0,1", "--radius", "0.3", "--input", tensors.toString(), "--ledger", folder.resolve("ledger.json").toString());
        assertOneLineFailure(unknown, "unknown mechanism 'gauss'; known mechanisms: ");
        Cli usage = Cli.run("release", "--geometry", "sphere:d=2");
        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.errLines()).hasSize(1);
        assertThat(usage.err()).startsWith("mdp: error: Missing required options");
    }

    @Test
    void debugAddsTheStackTrace() {
        Cli cli = release(folder.resolve("absent.csv"), "--debug");
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.errLines().get(0)).startsWith("mdp: error: data file not found");
        assertThat(cli.errLines().size()).isGreaterThan(3);
        assertThat(cli.err()).contains("IllegalArgumentException").contains("\tat ");
    }
}
