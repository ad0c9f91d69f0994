package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ConfigReader;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.PlotConfig;
import org.junit.jupiter.api.Test;

/** Syntax, types and ranges of the YAML schema, with errors at their path. */
class ConfigReaderTest {

    private static ExperimentConfig parse(String yaml) {
        return ConfigReader.parse(yaml, null);
    }

    @Test
    void readsTheIssueExample() {
        ExperimentConfig config = parse(Configs.tinySphere(5, 0));
        assertThat(config.name()).isEqualTo("tiny-sphere");
        assertThat(config.seed()).isEqualTo(11);
        assertThat(config.data().generator()).isEqualTo("sphere-cap");
        assertThat(config.data().parameters()).containsEntry("center", "0,0,1").containsEntry("radius", "0.39269908");
        assertThat(config.sweep()).extracting(a -> a.name() + "=" + a.values()).containsExactly("n=[10, 30]",
                "epsilon=[1.0]");
        assertThat(config.estimator().name()).isEqualTo("frechet-mean");
        assertThat(config.mechanisms()).extracting(m -> m.label()).containsExactly("kng", "riemannian-laplace",
                "euclidean-laplace", "projected-euclidean-laplace");
        assertThat(config.mechanisms().get(0).params()).containsEntry("burn-in", "200");
        assertThat(config.mechanisms().get(3).params()).containsEntry("project", "true");
        assertThat(config.utility()).containsExactly("geodesic-distance", "ambient-distance");
        assertThat(config.deviations()).hasSize(1);
    }

    @Test
    void unknownTopLevelKeyNamesItAndListsTheAllowedKeys() {
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0) + "replicate: 3\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("replicate: unknown key 'replicate'")
                .hasMessageContaining("allowed keys: kind, name, reproduces, seed, replicates, threads, geometry, data, "
                        + "sweep, estimator, mechanisms, utility, deviations, non-private, plot");
    }

    @Test
    void unknownKeyInAMechanismEntryHasItsPath() {
        String yaml = Configs.tinySphere(5, 0).replace("{ name: riemannian-laplace }",
                "{ name: riemannian-laplace, parms: { a: 1 } }");
        assertThatThrownBy(() -> parse(yaml)).hasMessageStartingWith("mechanisms[1].parms: unknown key 'parms'")
                .hasMessageContaining("allowed keys: name, label, params");
    }

    @Test
    void typesAndRangesAreChecked() {
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("seed: 11", "seed: eleven")))
                .hasMessageStartingWith("seed: the master seed must be an integer");
        assertThatThrownBy(() -> parse(Configs.tinySphere(0, 0)))
                .hasMessageStartingWith("replicates: replicates must be an integer in [1,");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("n: [10, 30]", "n: [10, -3]")))
                .hasMessageStartingWith("sweep.n[1]: n must be an integer >= 1. Provided value: -3");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("epsilon: [1.0]", "epsilon: [0]")))
                .hasMessageStartingWith("sweep.epsilon[0]: epsilon must be finite and > 0");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("epsilon: [1.0]", "delta: [1e-6]")))
                .hasMessageStartingWith("sweep.epsilon: the sweep needs epsilon");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("epsilon: [1.0]",
                "epsilon: [1.0], delta: [1.5]"))).hasMessageStartingWith("sweep.delta[0]: delta must be 0");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("name: tiny-sphere", "name: a/b")))
                .hasMessageStartingWith("name: the name becomes the output folder");
    }

    @Test
    void labelsMustDiffer() {
        String yaml = Configs.tinySphere(5, 0).replace("label: projected-euclidean-laplace", "label: euclidean-laplace");
        assertThatThrownBy(() -> parse(yaml)).hasMessageStartingWith("mechanisms[3].label: the label "
                + "'euclidean-laplace' is already used by mechanisms[2]");
    }

    @Test
    void dataNeedsExactlyOneSource() {
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0).replace("generator: sphere-cap, ", "")))
                .hasMessageStartingWith("data: needs either 'generator: NAME'");
        String file = Configs.tinySphere(5, 0).replace("{ generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }",
                "{ file: points.csv, center: [0, 0, 1], colour: red }");
        assertThatThrownBy(() -> parse(file)).hasMessageStartingWith("data.colour: unknown key 'colour' in file "
                + "data; allowed keys: file, center, radius, clip, non-private");
        String noRadius = Configs.tinySphere(5, 0).replace(
                "{ generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }", "{ file: p.csv, center: [0, 0, 1] }");
        assertThatThrownBy(() -> parse(noRadius)).hasMessageStartingWith("data.radius: file data need the public "
                + "ball radius");
        assertThat(parse(noRadius.replace("center: [0, 0, 1] }", "center: [0, 0, 1], non-private: true }"))
                .data().radius()).isNull();
    }

    @Test
    void estimatorMayBeANameOrAMapping() {
        ExperimentConfig config = parse(Configs.tinySphere(5, 0).replace("estimator: frechet-mean",
                "estimator: { name: frechet-mean, params: { tolerance: 1e-9 } }"));
        assertThat(config.estimator().params()).containsEntry("tolerance", "1e-9");
        assertThat(parse(Configs.tinySphere(5, 0).replace("estimator: frechet-mean\n", "")).estimator().name())
                .isEqualTo("frechet-mean");
    }

    @Test
    void kindAndPlotSettingsAreChecked() {
        assertThat(parse("kind: mechanisms\n" + Configs.tinySphere(5, 0)).name()).isEqualTo("tiny-sphere");
        assertThatThrownBy(() -> parse("kind: bounds\n" + Configs.tinySphere(5, 0)))
                .hasMessageStartingWith("kind: unknown kind; allowed: mechanisms, sensitivity-check, "
                        + "regression-sensitivity (default mechanisms). Provided value: bounds");
        assertThatThrownBy(() -> parse("kind: regression\n" + Configs.tinySphere(5, 0)))
                .hasMessageStartingWith("kind: unknown kind; allowed: mechanisms, sensitivity-check, "
                        + "regression-sensitivity (default mechanisms); a geodesic regression is a comparison of kind "
                        + "mechanisms with estimator geodesic-regression");
        ExperimentConfig config = parse(Configs.tinySphere(5, 0) + "plot: { statistic: median, band: sd }\n");
        assertThat(config.plot().statistic()).isEqualTo(PlotConfig.Statistic.MEDIAN);
        assertThat(config.plot().band()).isEqualTo(PlotConfig.Band.SD);
        assertThat(parse(Configs.tinySphere(5, 0)).plot().band()).isEqualTo(PlotConfig.Band.SE);
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0) + "plot: { band: iqr }\n"))
                .hasMessageStartingWith("plot.band: unknown plot band; allowed: se, sd, none. Provided value: iqr");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0) + "plot: { colour: red }\n"))
                .hasMessageStartingWith("plot.colour: unknown key 'colour' in plot; allowed keys: x, log-x, log-y, "
                        + "statistic, band");
    }

    @Test
    void invalidYamlAndDuplicateKeysAreErrors() {
        assertThatThrownBy(() -> parse("name: [unclosed\n")).hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> parse(Configs.tinySphere(5, 0) + "seed: 12\n")).hasMessageContaining("seed");
    }
}
