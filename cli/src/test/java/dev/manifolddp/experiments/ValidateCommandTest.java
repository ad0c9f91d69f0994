package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mdp validate}: plugin names, plugin parameters, placeholders and capabilities are checked without running,
 * and every error is one line naming the path and what is allowed.
 */
class ValidateCommandTest {

    @TempDir
    Path folder;

    private Cli validate(String yaml) {
        return Cli.run("validate", Configs.write(folder, "config.yaml", yaml).toString());
    }

    private static void assertOneLineError(Cli cli, String... fragments) {
        assertThat(cli.exit()).as(cli.toString()).isEqualTo(1);
        assertThat(cli.errLines()).as(cli.toString()).hasSize(1);
        assertThat(cli.errLines().get(0)).startsWith("mdp: error: ").contains(fragments);
    }

    @Test
    void aValidConfigurationIsReportedWithItsSize() {
        Cli cli = validate(Configs.tinySphere(7, 1));
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("is valid: 2 cells (n x epsilon) x 4 mechanisms").contains("x 7 replicates = 56 "
                + "releases");
    }

    @Test
    void unknownMechanismListsTheKnownOnes() {
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("name: riemannian-laplace", "name: laplace")),
                "config.yaml: mechanisms[1]: unknown mechanism 'laplace'; known mechanisms: ", "kng",
                "riemannian-laplace", "euclidean-laplace", "tangent-gaussian");
    }

    @Test
    void parameterAMechanismDoesNotTakeIsNamedWithItsPath() {
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("params: { project: true }",
                "params: { project: true, burnin: 5 }")),
                "mechanisms[3].params.burnin: mechanism 'euclidean-laplace' takes no parameter 'burnin'; allowed: ",
                "project");
    }

    @Test
    void badParameterValueIsReportedAtTheMechanism() {
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("burn-in: 200", "burn-in: lots")),
                "mechanisms[0].params.burn-in: ", "lots");
    }

    @Test
    void unknownGeneratorEstimatorAndUtilityListWhatIsKnown() {
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("generator: sphere-cap", "generator: cap")),
                "data.generator: unknown data generator 'cap'; known data generators: cap-mixture, geodesic-ball, "
                        + "noisy-geodesic, random-spd, sphere-cap, wishart");
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("center: [0, 0, 1] }",
                "center: [0, 0, 1], size: 3 }")), "data.size: data generator 'sphere-cap' takes no parameter "
                + "'size'; allowed: generator, center, radius");
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("estimator: frechet-mean", "estimator: median")),
                "estimator: unknown estimator 'median'; known estimators: frechet-mean");
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("ambient-distance]", "l1]")),
                "utility[1]: unknown utility measure 'l1'; known utility measures: ambient-distance, "
                        + "distance-to-ball-centre, estimate-prediction-mse, estimate-time, geodesic-distance, "
                        + "prediction-mse, principal-angle, principal-angle-2, release-time, "
                        + "squared-geodesic-distance, vech-distance");
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("ambient-distance]", "vech-distance]")),
                "utility[1]: the utility measure 'vech-distance' cannot be computed on sphere:d=2");
    }

    @Test
    void unknownGeometryAndGeneratorParameterValuesFailAtTheirPath() {
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("geometry: sphere:d=2", "geometry: torus:d=2")),
                "geometry: unknown geometry 'torus'");
        assertOneLineError(validate(Configs.tinySphere(3, 1).replace("center: [0, 0, 1]", "center: [0, 1]")),
                "data: ", "'center' needs 3 comma-separated numbers");
    }

    @Test
    void sweepAxesFillPlaceholdersAndUnusedOnesAreErrors() {
        String spd = """
                name: spd-k
                seed: 1
                replicates: 2
                geometry: spd/log-euclidean:k={k}
                data: { generator: random-spd, r: 0.25 }
                sweep: { k: [2, 3], n: [20], epsilon: [0.5], delta: [1e-6] }
                mechanisms: [tangent-gaussian]
                utility: [geodesic-distance, vech-distance]
                """;
        Cli cli = validate(spd);
        assertThat(cli.exit()).as(cli.toString()).isZero();
        assertThat(cli.out()).contains("2 cells (k x n x epsilon x delta)");
        assertOneLineError(validate(spd.replace("k={k}", "k=2")), "sweep.k: the axis 'k' is used nowhere; write {k}");
        assertOneLineError(validate(spd.replace("k={k}", "k={m}")), "geometry: the placeholder {m} names no sweep "
                + "axis");
        assertOneLineError(validate(spd.replace("n: [20], ", "")), "sweep.n: generated data need the sample size axis");
    }

    @Test
    void missingFileIsOneLine() {
        Cli cli = Cli.run("validate", folder.resolve("absent.yaml").toString());
        assertOneLineError(cli, "configuration file not found");
    }
}
