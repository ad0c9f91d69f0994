package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.manifolddp.experiments.cli.Mdp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mdp plan}: public inputs only, every flag refused by name, outputs, MCMC refusal, the n search. */
class PlanCommandTest {

    private static final String[] SPHERE = {"plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius",
        "0.39269908"};
    private static final String[] SPD = {"plan", "--geometry", "spd/log-euclidean:k=2", "--center", "1,0,0,1",
        "--radius", "0.5"};

    @TempDir
    Path folder;

    private static Cli run(String[] base, String... more) {
        List<String> args = new ArrayList<>(Arrays.asList(base));
        args.addAll(Arrays.asList(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void refusesEveryBadFlagByName() {
        String[][] cases = {
            {"--n", "0", "--epsilon", "1"},
            {"--n", "10,10", "--epsilon", "1"},
            {"--n", "10,", "--epsilon", "1"},
            {"--n", "10", "--epsilon", "0"},
            {"--n", "10", "--epsilon", "NaN"},
            {"--n", "10", "--epsilon", "1", "--delta", "1"},
            {"--n", "10", "--epsilon", "1", "--replicates", "1"},
            {"--n", "10", "--epsilon", "1", "--seed", "x"},
            {"--n", "10", "--epsilon", "1", "--mechanism", "kng,nope"},
            {"--n", "10", "--epsilon", "1", "--param", "nope=1"},
            {"--n", "10", "--epsilon", "1", "--param", "kng:nope=1"},
            {"--n", "10", "--epsilon", "1", "--mechanism", "kng", "--param", "riemannian-laplace:step=1"},
            {"--n", "10", "--epsilon", "1", "--param", "kng:sampler=sometimes"},
            {"--n", "10", "--epsilon", "1", "--method", "fast"},
            {"--n", "10", "--epsilon", "1", "--target-error", "-0.1"},
            {"--n", "10", "--epsilon", "1", "--max-n", "100"},
            {"--n", "10", "--epsilon", "1", "--threads", "-2"},
        };
        String[] flags = {"--n", "--n", "--n", "--epsilon", "--epsilon", "--delta", "--replicates",
            "--seed", "--mechanism", "--param", "--param", "--param", "--param", "--method", "--target-error",
            "--max-n", "--threads"};
        for (int i = 0; i < cases.length; i++) {
            Cli cli = run(SPHERE, cases[i]);
            assertThat(cli.exit()).as(cli.toString()).isEqualTo(Mdp.FAILURE);
            assertThat(cli.err()).as(cli.toString()).startsWith("mdp: error: ").contains(flags[i])
                    .contains("Provided value");
            assertThat(cli.out()).isEmpty();
        }
        Cli geometry = Cli.run("plan", "--geometry", "torus:d=2", "--center", "0,0,1", "--radius", "0.3", "--n", "10",
                "--epsilon", "1");
        assertThat(geometry.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(geometry.err()).contains("--geometry");
        Cli centre = run(new String[] {"plan", "--geometry", "sphere:d=2", "--center", "0,1", "--radius", "0.3"},
                "--n", "10", "--epsilon", "1");
        assertThat(centre.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(centre.err()).contains("--center");
        for (String bad : List.of("4", "-1", "0", "1e999")) {
            Cli radius = run(new String[] {"plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", bad},
                    "--n", "10", "--epsilon", "1");
            assertThat(radius.exit()).as(radius.toString()).isEqualTo(Mdp.FAILURE);
            assertThat(radius.err()).contains("--radius").contains("Provided value");
        }
    }

    /** An input option does not exist, and a dataset name is no centre. */
    @Test
    void takesNoInput() {
        Cli input = run(SPHERE, "--n", "10", "--epsilon", "1", "--input", "dataset:fiji-quakes");
        assertThat(input.exit()).isEqualTo(Mdp.USAGE);
        assertThat(input.err()).contains("--input");
        Cli dataset = run(new String[] {"plan", "--geometry", "sphere:d=2", "--center", "dataset:fiji-quakes",
            "--radius", "0.3"}, "--n", "10", "--epsilon", "1");
        assertThat(dataset.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(dataset.err()).contains("--center");
    }

    @Test
    void writesTableCsvJsonAndPlotAndNeverOverwrites() throws IOException {
        Path out = folder.resolve("plan");
        Cli cli = run(SPD, "--n", "20,200", "--epsilon", "0.5,1,2", "--delta", "0,1e-6", "--replicates", "20",
                "--seed", "11", "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("seed 11").contains("closed-form").contains("simulated")
                .contains("tangent-gaussian").contains("needs delta").contains("landmark-laplace")
                .contains("no better than releasing the public centre");
        List<String> csv = Files.readAllLines(out.resolve("plan.csv"));
        assertThat(csv.get(0)).startsWith("kind,mechanism,n,epsilon,delta,guarantee");
        JsonNode json = new ObjectMapper().readTree(out.resolve("plan.json").toFile());
        assertThat(json.get("seed").asLong()).isEqualTo(11);
        assertThat(json.get("syntheticLaw").asText()).contains("theta ~ U[0, 0.5]");
        JsonNode first = json.get("predictions").get(0);
        assertThat(first.get("expectedError").asDouble()).isPositive();
        assertThat(json.get("skipped").size()).isPositive();
        byte[] png = Files.readAllBytes(out.resolve("plan.png"));
        assertThat(Arrays.copyOf(png, 4)).containsExactly(0x89, 'P', 'N', 'G');
        assertThat(csv.size() - 1).isEqualTo(json.get("predictions").size() + json.get("skipped").size());

        Cli again = run(SPD, "--n", "20", "--epsilon", "1", "--out", out.toString());
        assertThat(again.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(again.err()).contains("--out").contains("--force");
        Cli forced = run(SPD, "--n", "20", "--epsilon", "1", "--out", out.toString(), "--force");
        assertThat(forced.exit()).as(forced.toString()).isZero();
    }

    /**
     * KNG and the Riemannian Laplace on the sphere against the committed quickstart run (same r, n, epsilon and data
     * law, 500 replicates there, 200 here): the same order of magnitude, and in fact within 4 combined standard
     * errors (chance of a false failure below 1e-4 per comparison).
     */
    @Test
    void agreesWithTheCommittedQuickstartNumbers() throws IOException {
        Map<String, double[]> quickstart = quickstart();
        Cli cli = run(SPHERE, "--n", "25,100", "--epsilon", "1", "--mechanism", "kng,riemannian-laplace",
                "--replicates", "200", "--seed", "5", "--out", folder.resolve("q").toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        List<String> lines = Files.readAllLines(folder.resolve("q").resolve("plan.csv"));
        int checked = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            String key = f[1].replace("kng", "kng-proven") + "|" + f[2];
            double[] reference = quickstart.get(key);
            assertThat(reference).as(key).isNotNull();
            double expected = Double.parseDouble(f[9]);
            double se = Double.parseDouble(f[10]);
            assertThat(f[12]).isEqualTo("simulated");
            assertThat(expected / reference[0]).as(key).isBetween(0.5, 2.0);
            assertThat(Math.abs(expected - reference[0])).as(key).isLessThan(4 * Math.hypot(se, reference[1]));
            checked++;
        }
        assertThat(checked).isEqualTo(4);
    }

    /** mechanism|n -> {mean, standard error} for epsilon 1 in docs/figures/quickstart/summary.md (band = 2 SE). */
    private static Map<String, double[]> quickstart() throws IOException {
        Pattern row = Pattern.compile("\\| (\\d+) \\| 1\\.0 \\| ([a-z-]+) \\| ([0-9.e-]+) ± ([0-9.e-]+) \\|.*");
        Map<String, double[]> values = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "figures", "quickstart", "summary.md"))) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                values.put(m.group(2) + "|" + m.group(1), new double[] {Double.parseDouble(m.group(3)),
                    Double.parseDouble(m.group(4)) / 2});
            }
        }
        return values;
    }

    /** --estimator: the variance's plan says what it measures and where, in the table and plan.json; bad names fail. */
    @Test
    void plansAnotherEstimatorOnItsParameterSpace() throws IOException {
        Path out = folder.resolve("variance");
        Cli cli = run(SPHERE, "--n", "100", "--epsilon", "1", "--delta", "1e-6", "--estimator", "frechet-variance",
                "--estimator-param", "center=0,0,1", "--out", out.toString());
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("non-private frechet-variance{center=0,0,1} estimate")
                .contains("value space   euclidean:n=1").contains("closed-form")
                .contains("euclidean-laplace releases a mean only")
                .doesNotContain("no better than releasing the public centre");
        JsonNode json = new ObjectMapper().readTree(out.resolve("plan.json").toFile());
        assertThat(json.get("inputs").get("estimator").asText()).isEqualTo("frechet-variance");
        assertThat(json.get("inputs").get("valueSpace").asText()).isEqualTo("euclidean:n=1");
        assertThat(json.get("expectedError").asText()).contains("frechet-variance");

        Cli unknown = run(SPHERE, "--n", "100", "--epsilon", "1", "--estimator", "frechet-mode");
        assertThat(unknown.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(unknown.err()).contains("--estimator: unknown estimator 'frechet-mode'").contains("tangent-pca");
        Cli regression = run(SPHERE, "--n", "100", "--epsilon", "1", "--estimator", "geodesic-regression");
        assertThat(regression.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(regression.err()).contains("--estimator: mdp plan has no synthetic covariate");
        Cli parameter = run(SPHERE, "--n", "100", "--epsilon", "1", "--estimator", "tangent-pca",
                "--estimator-param", "bass=0,0,1");
        assertThat(parameter.exit()).isEqualTo(Mdp.FAILURE);
        assertThat(parameter.err()).contains("--estimator-param: ");
    }

    @Test
    void refusesMcmcUnlessAllowedThenRunsFewReplicates() {
        String[] mcmc = {"--n", "50", "--epsilon", "1", "--mechanism", "kng", "--param", "kng:sampler=mcmc",
            "--param", "kng:burn-in=200", "--param", "kng:thin=10"};
        Cli refused = run(SPHERE, mcmc);
        assertThat(refused.exit()).as(refused.toString()).isZero();
        assertThat(refused.out()).contains("skipped:").contains("Metropolis-Hastings").contains("each release runs 210 chain steps")
                .contains("--allow-mcmc");
        List<String> allowed = new ArrayList<>(Arrays.asList(mcmc));
        allowed.add("--allow-mcmc");
        Cli ran = run(SPHERE, allowed.toArray(String[]::new));
        assertThat(ran.exit()).as(ran.toString()).isZero();
        assertThat(ran.out()).contains("mcmc").contains("10 replicates only (--allow-mcmc)").doesNotContain("skipped:");
    }

    /** The search returns the first n of the doubling grid below the target: the closed form at n/2 is not. */
    @Test
    void targetErrorFindsTheSmallestGridN() {
        Cli cli = run(SPD, "--n", "64,128", "--epsilon", "1", "--mechanism", "riemannian-laplace",
                "--target-error", "0.05");
        assertThat(cli.exit()).as(cli.toString()).isZero();
        Matcher found = Pattern.compile("riemannian-laplace\\s+epsilon 1\\s+delta 0\\s+n = (\\d+) \\(expected error "
                + "([0-9.]+)").matcher(cli.out());
        assertThat(found.find()).as(cli.out()).isTrue();
        int n = Integer.parseInt(found.group(1));
        assertThat(Double.parseDouble(found.group(2))).isLessThan(0.05);
        Cli half = run(SPD, "--n", Integer.toString(n / 2), "--epsilon", "1", "--mechanism", "riemannian-laplace");
        Matcher row = Pattern.compile("riemannian-laplace\\s+" + n / 2 + ".*\\s([0-9.]+) \\(exact\\)")
                .matcher(half.out());
        assertThat(row.find()).as(half.out()).isTrue();
        assertThat(Double.parseDouble(row.group(1))).isGreaterThanOrEqualTo(0.05);
    }

    @Test
    void aTotalEpsilonIsSplitWhereTheClosedFormSaysTheSummedErrorIsSmallest() {
        // the chart Laplace on log-Euclidean SPD(2): E rho = d sigma = 3 (2r/(n epsilon)), so the summed error
        // sum c_i/epsilon_i under sum epsilon_i = 1 is smallest at epsilon_i proportional to sqrt(c_i) ~ 1/sqrt(n_i)
        Cli split = Cli.run("plan", "--geometry", "spd/log-euclidean:k=2", "--center", "1,0,0,1", "--radius", "1",
                "--n", "25,100,400", "--mechanism", "riemannian-laplace", "--total-epsilon", "1");
        assertThat(split.exit()).as(split.toString()).isZero();
        double[] expected = {0.2 / 0.35, 0.1 / 0.35, 0.05 / 0.35};
        String[] lines = split.out().split("\n");
        int found = 0;
        double sum = 0;
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 6 && f[0].equals("riemannian-laplace") && f[1].matches("\\d+")) {
                double share = Double.parseDouble(f[2]);
                assertThat(share).as(line).isCloseTo(expected[found], org.assertj.core.data.Offset.offset(2.0 / 256));
                sum += share;
                found++;
            }
            if (f.length == 5 && f[0].equals("total")) {
                // the split's summed error is below the equal split's
                assertThat(Double.parseDouble(f[2])).isLessThan(Double.parseDouble(f[4]));
            }
        }
        assertThat(found).isEqualTo(3);
        assertThat(sum).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-3));
        Cli both = Cli.run("plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.3", "--n", "10",
                "--mechanism", "riemannian-laplace", "--total-epsilon", "1", "--epsilon", "1");
        assertThat(both.exit()).isEqualTo(1);
        assertThat(both.err()).contains("--total-epsilon chooses each release's epsilon").contains("drop --epsilon 1");
        Cli unnamed = Cli.run("plan", "--geometry", "sphere:d=2", "--center", "0,0,1", "--radius", "0.3", "--n", "10",
                "--total-epsilon", "1");
        assertThat(unnamed.exit()).isEqualTo(1);
        assertThat(unnamed.err()).contains("name their mechanism(s) with --mechanism");
    }
}
