package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mdp release --estimator geodesic-regression}: a private regression of sphere points on an age column, with
 * the public covariate range and ball from flags; an mcmc release needs --allow-mcmc; every refusal names its flag and
 * writes nothing.
 */
class RegressionReleaseCommandTest {

    @TempDir
    Path folder;

    private Path input;

    /** 40 points near the geodesic from exp(N, 0.1 e1) with velocity 0.3 e2 over ages 20..60, six decimals. */
    @BeforeEach
    void writeData() throws IOException {
        StringBuilder csv = new StringBuilder("age,x,y,z\n");
        for (int i = 0; i < 40; i++) {
            double age = 20 + 40 * i / 39.0;
            double s = 0.3 * (age - 20) / 40;
            double[] p0 = {Math.sin(0.1), 0, Math.cos(0.1)};
            double[] y = {Math.cos(s) * p0[0], Math.sin(s), Math.cos(s) * p0[2]};
            csv.append(String.format(Locale.ROOT, "%.1f,%.6f,%.6f,%.6f%n", age, y[0], y[1], y[2]));
        }
        input = folder.resolve("walk.csv");
        Files.writeString(input, csv);
    }

    /** The release with these flags; a flag given in {@code extra} replaces the default's value. */
    private Cli release(String... extra) {
        Map<String, String> flags = new LinkedHashMap<>();
        String[] defaults = {"--estimator", "geodesic-regression", "--geometry", "sphere:d=2", "--covariate", "age",
            "--covariate-range", "20,60", "--mechanism", "kng", "--epsilon-p", "1", "--epsilon-v", "1", "--center",
            "0,0,1", "--radius", "0.35", "--input", input.toString(), "--out",
            folder.resolve("regression.json").toString(), "--ledger", folder.resolve("ledger.json").toString()};
        for (int i = 0; i < defaults.length; i += 2) {
            flags.put(defaults[i], defaults[i + 1]);
        }
        List<String> switches = new ArrayList<>();
        for (int i = 0; i < extra.length; i++) {
            if (extra[i].equals("--allow-mcmc")) {
                switches.add(extra[i]);
            } else {
                flags.put(extra[i], extra[++i]);
            }
        }
        List<String> args = new ArrayList<>(List.of("release"));
        flags.forEach((flag, value) -> args.addAll(List.of(flag, value)));
        args.addAll(List.of("--param", "burn-in=1500", "--param", "thin=10", "--param", "step=3"));
        args.addAll(switches);
        return Cli.run(args.toArray(String[]::new));
    }

    /**
     * The one release sequence: {@code --estimator geodesic-regression} with its settings as {@code --estimator-param}
     * goes through the generic path (records {@code [y..., x]}, KNG on the tangent bundle) and releases, for the same
     * seed and chain, the very geodesic of the regression's own joint path.
     */
    @Test
    void theGenericSequenceReleasesTheJointMethodsGeodesic() throws IOException {
        Path own = folder.resolve("own.json");
        Cli legacy = Cli.run("release", "--estimator", "geodesic-regression", "--geometry", "sphere:d=2",
                "--covariate", "age", "--covariate-range", "20,60", "--mechanism", "kng", "--epsilon", "1",
                "--center", "0,0,1", "--radius", "0.35", "--input", input.toString(), "--out", own.toString(),
                "--ledger", folder.resolve("own-ledger.json").toString(), "--param", "burn-in=1500", "--param",
                "thin=10", "--param", "step=3", "--seed", "5", "--allow-mcmc");
        assertThat(legacy.exit()).as(legacy.toString()).isZero();
        Path generic = folder.resolve("generic.json");
        Cli cli = Cli.run("release", "--estimator", "geodesic-regression", "--estimator-param", "covariate-low=20",
                "--estimator-param", "covariate-high=60", "--geometry", "sphere:d=2", "--covariate", "age",
                "--mechanism", "kng", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.35", "--input",
                input.toString(), "--out", generic.toString(), "--ledger",
                folder.resolve("generic-ledger.json").toString(), "--param", "burn-in=1500", "--param", "thin=10",
                "--param", "step=3", "--seed", "5", "--allow-mcmc");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        JsonNode a = new ObjectMapper().readTree(own.toFile());
        JsonNode b = new ObjectMapper().readTree(generic.toFile());
        assertThat(b.get("valueSpace").asText()).isEqualTo("tangent-bundle(" + b.get("geometry").asText() + ")");
        // the regression flags are read as the estimator's parameters: the same release, byte for byte in its value
        assertThat(b.get("meaning")).isEqualTo(a.get("meaning"));
        assertThat(b.get("value")).isEqualTo(a.get("value"));
        assertThat(b.get("sigma").asDouble()).isEqualTo(a.get("sigma").asDouble());
        assertThat(b.get("guarantee").asText()).isEqualTo(a.get("guarantee").asText()).isEqualTo("not-private");

        Cli missing = Cli.run("release", "--estimator", "geodesic-regression", "--estimator-param",
                "covariate-low=20", "--estimator-param", "covariate-high=60", "--geometry", "sphere:d=2",
                "--mechanism", "kng", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.35", "--input",
                input.toString(), "--out", folder.resolve("missing.json").toString(), "--allow-mcmc");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).contains("--covariate").contains("needs each record's covariate");
        Cli narrow = Cli.run("release", "--estimator", "geodesic-regression", "--estimator-param",
                "covariate-low=30", "--estimator-param", "covariate-high=60", "--geometry", "sphere:d=2",
                "--covariate", "age", "--mechanism", "kng", "--epsilon", "1", "--center", "0,0,1", "--radius", "0.35",
                "--input", input.toString(), "--out", folder.resolve("narrow.json").toString(), "--ledger",
                folder.resolve("narrow-ledger.json").toString(), "--allow-mcmc");
        assertThat(narrow.exit()).isEqualTo(1);
        assertThat(narrow.err()).contains("line 2, column 1 (age) = 20.0 not in [30.0, 60.0]");
        assertThat(folder.resolve("narrow.json")).doesNotExist();
    }

    @Test
    void releasesFootpointAndShootingVectorWithTheirGuarantee() throws IOException {
        Cli cli = release("--allow-mcmc");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("guarantee     mcmc").contains("the split is ignored");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("regression.json").toFile());
        assertThat(json.fieldNames().next()).isEqualTo("guarantee");
        assertThat(json.get("guarantee").asText()).isEqualTo("mcmc");
        // one release sequence: the regression flags became the estimator's public domain and kng's draw
        JsonNode meaning = json.get("meaning");
        assertThat(meaning.get("footpoint")).hasSize(3);
        assertThat(meaning.get("shootingVector")).hasSize(3);
        assertThat(meaning.get("covariateRange").get(0).asDouble()).isEqualTo(20.0);
        assertThat(meaning.get("covariateRange").get(1).asDouble()).isEqualTo(60.0);
        assertThat(json.get("mechanism").asText()).isEqualTo("kng");
        assertThat(json.get("valueSpace").asText()).startsWith("tangent-bundle(");
        assertThat(json.get("budget").get("epsilon").asDouble()).isEqualTo(2.0);
        JsonNode parameters = json.get("parameters");
        assertThat(parameters.get("estimator").asText()).isEqualTo("geodesic-regression");
        // the default public domain: footpoint radius r, speed 2r
        assertThat(parameters.get("footpointRadius").asDouble()).isEqualTo(0.35);
        assertThat(parameters.get("maxSpeed").asDouble()).isEqualTo(0.7);
        // the footpoint is reported at age 0 of the caller's covariate: a point of the sphere, not of the ball
        JsonNode f = meaning.get("footpoint");
        assertThat(Math.sqrt(f.get(0).asDouble() * f.get(0).asDouble() + f.get(1).asDouble() * f.get(1).asDouble()
                + f.get(2).asDouble() * f.get(2).asDouble())).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Files.readString(folder.resolve("regression.json"))).doesNotContain("acceptance");
    }

    /**
     * Issue 23: the chains draw each step's scale from a public ladder by default and record its ends and size;
     * {@code --param proposal-scales=single} keeps the one-scale kernel, and an unknown name is refused by its flag.
     */
    @Test
    void theLadderIsTheDefaultAndTheOneScaleKernelStaysSelectable() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        Cli ladder = release("--allow-mcmc");
        assertThat(ladder.exit()).as(ladder.toString()).isZero();
        JsonNode parameters = mapper.readTree(folder.resolve("regression.json").toFile()).get("parameters");
        assertThat(parameters.get("proposalScaleMixture").asText()).isEqualTo("ladder");
        assertThat(parameters.get("proposalScaleLevels").asInt()).isGreaterThan(1);
        assertThat(parameters.get("proposalScaleMin").asDouble()).isEqualTo(parameters.get("proposalScale")
                .asDouble());
        assertThat(parameters.get("proposalScaleMax").asDouble()).isGreaterThan(parameters.get("proposalScale")
                .asDouble());
        Cli single = release("--allow-mcmc", "--param", "proposal-scales=single", "--out",
                folder.resolve("single.json").toString());
        assertThat(single.exit()).as(single.toString()).isZero();
        parameters = mapper.readTree(folder.resolve("single.json").toFile()).get("parameters");
        assertThat(parameters.get("proposalScaleMixture").asText()).isEqualTo("single");
        assertThat(parameters.get("proposalScaleLevels").asInt()).isOne();
        assertThat(parameters.get("proposalScaleMax").asDouble()).isEqualTo(parameters.get("proposalScale")
                .asDouble());
        Cli unknown = release("--allow-mcmc", "--param", "proposal-scales=adaptive", "--out",
                folder.resolve("unknown.json").toString());
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).startsWith("mdp: error: ").contains("--param")
                .contains("proposal-scales").contains("ladder, single").contains("Provided value: adaptive");
        assertThat(folder.resolve("unknown.json")).doesNotExist();
    }

    /** Issue 21: the refusal is decided from the flags, before the file is read (a malformed file is not reached). */
    @Test
    void theMcmcRefusalComesBeforeTheFileIsRead() throws IOException {
        Path broken = folder.resolve("broken.csv");
        Files.writeString(broken, "age,x,y,z\n30,0,0,1\n31,not-a-number,0,1\n");
        Cli cli = release("--input", broken.toString());
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.err()).contains("--allow-mcmc").contains("Nothing was read or written")
                .doesNotContain("not-a-number");
    }

    @Test
    void aSeededRegressionStillNeedsConsent() {
        Cli cli = release("--seed", "7");
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.err()).contains("--allow-mcmc");
        assertThat(folder.resolve("regression.json")).doesNotExist();
    }

    @Test
    void anMcmcReleaseNeedsConsentAndWritesNothingWithoutIt() {
        Cli cli = release();
        assertThat(cli.exit()).isEqualTo(1);
        assertThat(cli.err()).contains("--allow-mcmc").contains("tangent bundle");
        assertThat(folder.resolve("regression.json")).doesNotExist();
        assertThat(folder.resolve("ledger.json")).doesNotExist();
    }

    /**
     * --where needs its column declared public here too: refused from the flags without the declaration, recorded in
     * the release with it (n counts the selected rows).
     */
    @Test
    void aSelectionNeedsItsColumnDeclaredPublic() throws IOException {
        List<String> lines = Files.readAllLines(input);
        StringBuilder csv = new StringBuilder("site," + lines.get(0) + "\n");
        for (int i = 1; i < lines.size(); i++) {
            csv.append(i % 4 == 0 ? "b," : "a,").append(lines.get(i)).append('\n');
        }
        input = folder.resolve("sites.csv");
        Files.writeString(input, csv + "a,30,0,NaN,1\n");
        Cli refused = release("--where", "site=a", "--columns", "x,y,z", "--allow-mcmc");
        assertThat(refused.exit()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.errLines()).hasSize(1);
        assertThat(refused.err()).contains("--where site=a selects rows by the column 'site'")
                .contains("declare it with --public-columns site").contains("Nothing was read or written");
        assertThat(folder.resolve("regression.json")).doesNotExist();
        assertThat(folder.resolve("ledger.json")).doesNotExist();

        Files.writeString(input, csv);
        Cli cli = release("--where", "site=a", "--public-columns", "site", "--columns", "x,y,z",
                "--allow-mcmc");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("records       30 from").contains("selection     site in a");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("regression.json").toFile());
        assertThat(json.get("input").get("rows").asText()).isEqualTo("site in a");
        assertThat(json.get("input").get("publicColumns").get(0).asText()).isEqualTo("site");
        assertThat(json.get("input").get("records").asInt()).isEqualTo(30);
        assertThat(json.get("unitOfPrivacy").asText()).contains("selected by the column 'site' declared public");
    }

    @Test
    void refusalsNameTheirFlag() throws IOException {
        Cli noRange = Cli.run("release", "--estimator", "geodesic-regression", "--geometry", "sphere:d=2",
                "--covariate", "age", "--mechanism", "kng", "--epsilon", "1", "--center", "0,0,1", "--radius",
                "0.35", "--input", input.toString(), "--out", folder.resolve("x.json").toString());
        assertThat(noRange.err()).contains("--covariate-range is required");
        Cli laplace = release("--mechanism", "riemannian-laplace");
        assertThat(laplace.exit()).isEqualTo(1);
        assertThat(laplace.err()).contains("--mechanism: a geodesic regression is released by kng");
        Cli both = release("--epsilon", "1", "--allow-mcmc");
        assertThat(both.err()).contains("give either --epsilon (the total) or --epsilon-p and --epsilon-v");
        Cli narrow = release("--covariate-range", "30,60", "--allow-mcmc"); // consent first: it is decided before the file
        assertThat(narrow.exit()).isEqualTo(1);
        assertThat(narrow.err()).contains("age");
        Cli misplaced = Cli.run("release", "--geometry", "sphere:d=2", "--covariate", "age", "--mechanism", "kng",
                "--epsilon", "1", "--center", "0,0,1", "--radius", "0.35", "--input", input.toString());
        assertThat(misplaced.err()).contains("belong to --estimator geodesic-regression");
        Cli beyond = release("--radius", "0.5");
        assertThat(beyond.exit()).isEqualTo(1);
        assertThat(beyond.err()).contains("--estimator geodesic-regression");
        assertThat(folder.resolve("regression.json")).doesNotExist();
        for (Cli cli : List.of(noRange, laplace, both, narrow, misplaced, beyond)) {
            assertThat(cli.err()).as(cli.toString()).startsWith("mdp: error: ").doesNotContain("\tat ");
        }
    }

    /**
     * {@code --method} and {@code --mechanism} name one release: kng serves every method (the flag form's spelling),
     * two-step-regression agrees with a two-step method and releases the same draw for the same seed, and contradicts
     * the joint one; an unknown method is refused naming {@code --method}.
     */
    @Test
    void methodAndMechanismAgreeOrAreRefusedNamingTheFlag() throws IOException {
        Cli viaKng = release("--method", "public-vector", "--seed", "3", "--out",
                folder.resolve("kng.json").toString(), "--ledger", folder.resolve("kng-ledger.json").toString(),
                "--allow-mcmc");
        Cli viaTwoStep = release("--method", "public-vector", "--mechanism", "two-step-regression", "--seed", "3",
                "--out", folder.resolve("two.json").toString(), "--ledger", folder.resolve("two-ledger.json").toString(),
                "--allow-mcmc");
        assertThat(viaKng.exit()).as(viaKng.err()).isZero();
        assertThat(viaTwoStep.exit()).as(viaTwoStep.err()).isZero();
        assertThat(Files.readString(folder.resolve("two.json"))).isEqualTo(Files.readString(folder.resolve("kng.json")));
        Cli joint = release("--mechanism", "two-step-regression", "--allow-mcmc");
        assertThat(joint.exit()).isEqualTo(1);
        assertThat(joint.err()).contains("--method: --mechanism two-step-regression").contains("--method joint");
        Cli unknown = release("--method", "pairwise", "--allow-mcmc");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("--method: unknown regression method").contains("pairwise");
        Cli asParam = release("--method", "public-vector", "--param", "method=paper", "--allow-mcmc");
        assertThat(asParam.exit()).isEqualTo(1);
        assertThat(asParam.err()).contains("--param method: with the regression's flags give the method as --method");
        assertThat(folder.resolve("regression.json")).doesNotExist();
        for (Cli cli : List.of(joint, unknown, asParam)) {
            assertThat(cli.err()).as(cli.toString()).startsWith("mdp: error: ").doesNotContain("\tat ");
        }
    }
}
