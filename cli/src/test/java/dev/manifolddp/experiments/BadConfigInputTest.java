package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input suite of {@code mdp validate} and {@code mdp run}: hostile or malformed configurations, files and
 * flags, each written into a fresh folder. Every case must exit non-zero with exactly one line
 * {@code mdp: error: ...} that names the key, flag or file (the expected fragments), print no stack trace, write no
 * NaN, and leave every file of the folder as it was (nothing created, changed or deleted). Configuration cases run
 * through both commands; flag cases through the command they belong to.
 */
class BadConfigInputTest {

    /** A valid configuration every case mutates: 2 cells x 2 mechanisms x 3 replicates, validated in 0.1 s. */
    static final String BASE = """
            name: bad-input
            seed: 11
            replicates: 3
            threads: 1
            geometry: sphere:d=2
            data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }
            sweep: { n: [10, 30], epsilon: [1.0] }
            estimator: frechet-mean
            mechanisms:
              - { name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }
              - { name: riemannian-laplace }
            utility: [geodesic-distance]
            """;

    /** A valid log-Euclidean SPD(2) configuration with Gaussian noise (needs delta). */
    static final String SPD = """
            name: bad-spd
            seed: 3
            replicates: 2
            geometry: spd/log-euclidean:k=2
            data: { generator: random-spd, r: 0.25 }
            sweep: { n: [20], epsilon: [0.5], delta: [1e-6] }
            mechanisms:
              - { name: tangent-gaussian, params: { calibration: analytic } }
            utility: [geodesic-distance]
            """;

    /** A valid sensitivity check. */
    static final String CHECK = """
            kind: sensitivity-check
            name: bad-check
            geometry: sphere:d=2
            center: [0, 0, 1]
            radii: [0.1, 0.5]
            grid: 36
            """;

    private static final String FILE_DATA = "data: { file: points.csv, center: [0, 0, 1], radius: 0.3 }";

    /** One hostile input: the files to write besides the fixture, the commands to run, the expected fragments. */
    record Case(String label, Map<String, byte[]> files, List<List<String>> commands, List<String> fragments) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<Arguments> cases() {
        List<Case> cases = new ArrayList<>();
        document(cases);
        name(cases);
        numbers(cases);
        geometry(cases);
        data(cases);
        sweep(cases);
        components(cases);
        sensitivityCheck(cases);
        flags(cases);
        List<Arguments> arguments = new ArrayList<>();
        for (Case c : cases) {
            for (List<String> command : c.commands()) {
                arguments.add(Arguments.of(c.label() + " [" + command.get(0) + "]", c, command));
            }
        }
        return arguments.stream();
    }

    @Test
    void theSuiteHasAtLeast110DistinctCases() {
        List<String> labels = cases().map(a -> ((Case) a.get()[1]).label()).distinct().toList();
        assertThat(labels).hasSizeGreaterThanOrEqualTo(110).doesNotHaveDuplicates();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithOneClearLineAndTouchesNoFile(String label, Case c, List<String> command, @TempDir Path folder)
            throws IOException {
        fixture(folder);
        for (Map.Entry<String, byte[]> file : c.files().entrySet()) {
            Files.write(folder.resolve(file.getKey()), file.getValue());
        }
        Map<String, String> before = snapshot(folder);
        String[] args = command.stream().map(a -> a.replace("{dir}", folder.toString())).toArray(String[]::new);

        Cli cli = Cli.run(args);

        assertThat(cli.exit()).as(cli.toString()).isNotZero();
        List<String> lines = cli.errLines();
        assertThat(lines).as(cli.toString()).hasSize(1);
        assertThat(lines.get(0)).as(cli.toString()).startsWith("mdp: error: ");
        for (String fragment : c.fragments()) {
            assertThat(lines.get(0)).as(cli.toString()).contains(fragment.replace("{dir}", folder.toString()));
        }
        String console = cli.out() + cli.err();
        assertThat(console).as(cli.toString()).doesNotContain("\tat ").doesNotContain("at dev.")
                .doesNotContain("Exception");
        assertThat(cli.out()).as(cli.toString()).doesNotContain("NaN");
        // an error may quote a NaN the user wrote; it must never produce one
        boolean inputHasNan = c.files().values().stream().anyMatch(bytes -> new String(bytes,
                StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT).contains("nan"))
                || command.stream().anyMatch(arg -> arg.toLowerCase(Locale.ROOT).contains("nan"));
        if (!inputHasNan) {
            assertThat(cli.err()).as(cli.toString()).doesNotContain("NaN");
        }
        Map<String, String> after = snapshot(folder);
        assertThat(after).as("files after " + label).isEqualTo(before);
    }

    // ---------------------------------------------------------------------------------------------- case groups

    private static void document(List<Case> cases) {
        cases.add(config("empty file", "", "the configuration is empty"));
        cases.add(config("only a comment", "# nothing here\n", "the configuration is empty"));
        cases.add(config("a null document", "~\n", "the configuration is empty"));
        cases.add(config("a list document", "- name\n- seed\n", "must be a YAML mapping", "Provided value: a list"));
        cases.add(config("a scalar document", "hello\n", "must be a YAML mapping", "hello"));
        cases.add(config("second YAML document", BASE + "---\nname: other\n", "second YAML document at line 14"));
        cases.add(config("second document after an empty one", BASE + "---\n---\nseed: 1\n",
                "second YAML document"));
        cases.add(config("duplicate key", BASE + "seed: 12\n", "Duplicate field 'seed'", "line 13"));
        cases.add(config("duplicate nested key", mutate("burn-in: 200", "burn-in: 200, burn-in: 300"),
                "Duplicate field 'burn-in'"));
        cases.add(config("unclosed list", "name: [unclosed\n", "not valid YAML"));
        cases.add(config("tab indentation", "name: x\n\tseed: 1\n", "not valid YAML"));
        cases.add(config("nesting bomb", "name: " + "[".repeat(2000) + "]".repeat(2000) + "\n", "not valid YAML",
                "nesting depth"));
        cases.add(bytes("Latin-1 text", ("name: caf\u00e9\n" + BASE.substring(BASE.indexOf('\n') + 1))
                .getBytes(StandardCharsets.ISO_8859_1), "config.yaml is not UTF-8 text (byte 0xe9 at offset 9); "
                + "save it as UTF-8"));
        cases.add(bytes("UTF-16 text", BASE.getBytes(StandardCharsets.UTF_16), "is not UTF-8 text (byte 0xfe at "
                + "offset 0)"));
        cases.add(bytes("truncated UTF-8 character", Arrays.copyOf("name: \u00e9".getBytes(StandardCharsets.UTF_8),
                7), "is not UTF-8 text"));
        cases.add(bytes("NUL bytes", "name: a\0b\n".getBytes(StandardCharsets.UTF_8), "holds a NUL character"));
        cases.add(bytes("a 2 MiB configuration", ("# " + "x".repeat(2 << 20) + "\n" + BASE)
                .getBytes(StandardCharsets.UTF_8), "a configuration is at most 1048576 bytes"));
        cases.add(new Case("configuration is a folder", Map.of(), both("{dir}/adir"), List.of("is a folder")));
        cases.add(new Case("configuration file missing", Map.of(), both("{dir}/absent.yaml"),
                List.of("configuration file not found")));
        cases.add(config("unknown top-level key", BASE + "replicate: 3\n", "replicate: unknown key 'replicate'"));
        cases.add(config("unknown kind", "kind: bounds\n" + BASE, "kind: unknown kind"));
        cases.add(config("kind is a list", "kind: [mechanisms]\n" + BASE, "kind: the configuration kind must be "
                + "a single value"));
    }

    private static void name(List<Case> cases) {
        for (String[] bad : new String[][] {{"dot-dot", ".."}, {"dot", "."}, {"three dots", "..."},
                {"parent path", "../escape"}, {"absolute path", "/etc/passwd"}, {"separator", "a/b"},
                {"backslash", "'a\\b'"}, {"accented", "résumé"}, {"space", "'a b'"}, {"home", "'~/x'"},
                {"drive", "'C:x'"}}) {
            cases.add(config("name " + bad[0], mutate("name: bad-input", "name: " + bad[1]),
                    "name: the name becomes the output folder"));
        }
        cases.add(config("name empty", mutate("name: bad-input", "name: ''"), "name: the experiment name must not "
                + "be empty"));
        cases.add(config("name null", mutate("name: bad-input", "name: ~"), "name: has no value"));
        cases.add(config("name absent", mutate("name: bad-input\n", ""), "name: the experiment name is required"));
        cases.add(config("name a list", mutate("name: bad-input", "name: [a, b]"), "name: the experiment name must "
                + "be a single value"));
        cases.add(config("name too long", mutate("name: bad-input", "name: " + "x".repeat(101)),
                "name: the name becomes the output folder; use at most 100 characters"));
    }

    private static void numbers(List<Case> cases) {
        cases.add(config("seed a word", mutate("seed: 11", "seed: eleven"), "seed: the master seed must be an "
                + "integer"));
        cases.add(config("seed a fraction", mutate("seed: 11", "seed: 1.5"), "seed: the master seed must be an "
                + "integer"));
        cases.add(config("seed beyond long", mutate("seed: 11", "seed: 99999999999999999999999"), "seed: the master "
                + "seed must be an integer"));
        cases.add(config("seed null", mutate("seed: 11", "seed:"), "seed: has no value"));
        cases.add(config("seed absent", mutate("seed: 11\n", ""), "seed: the master seed is required"));
        cases.add(config("replicates 0", mutate("replicates: 3", "replicates: 0"), "replicates: replicates must be "
                + "an integer in [1,"));
        cases.add(config("replicates negative", mutate("replicates: 3", "replicates: -5"), "replicates: "));
        cases.add(config("replicates beyond int", mutate("replicates: 3", "replicates: 2147483648"),
                "replicates: replicates must be an integer in [1, 2147483647]"));
        cases.add(config("replicates above the limit", mutate("replicates: 3", "replicates: 20000000"),
                "replicates: replicates is at most 10,000,000", "Provided value: 20,000,000"));
        cases.add(config("releases above the limit", mutate("replicates: 3", "replicates: 9000000")
                .replace("n: [10, 30]", "n: [10, 30, 40, 50, 60, 70]"), "replicates: 6 cells x 9,000,000 "
                + "replicates x 2 mechanisms make 108,000,000 releases; a run makes at most 100,000,000"));
        cases.add(config("replicates a word", mutate("replicates: 3", "replicates: ten"), "replicates: replicates "
                + "must be an integer"));
        cases.add(config("replicates in exponent notation", mutate("replicates: 3", "replicates: 1e3"),
                "replicates: replicates must be an integer"));
        cases.add(config("replicates a boolean", mutate("replicates: 3", "replicates: true"), "replicates: "));
        cases.add(config("threads negative", mutate("threads: 1", "threads: -1"), "threads: threads must be an "
                + "integer in [0,"));
        cases.add(config("threads above the limit", mutate("threads: 1", "threads: 5000"), "threads: threads is at "
                + "most 1,024"));
        cases.add(config("threads null", mutate("threads: 1", "threads: ~"), "threads: has no value"));
        cases.add(config("non-private not a boolean", BASE + "non-private: yes please\n", "non-private: non-private "
                + "must be true or false"));
    }

    private static void geometry(List<Case> cases) {
        cases.add(config("geometry empty", mutate("geometry: sphere:d=2", "geometry: ''"), "geometry: the geometry "
                + "specification (e.g. sphere:d=2) must not be empty"));
        cases.add(config("geometry null", mutate("geometry: sphere:d=2", "geometry: ~"), "geometry: has no value"));
        cases.add(config("geometry absent", mutate("geometry: sphere:d=2\n", ""), "geometry: the geometry "
                + "specification (e.g. sphere:d=2) is required"));
        cases.add(config("geometry unknown", mutate("sphere:d=2", "torus:d=2"), "geometry: unknown geometry "
                + "'torus'"));
        cases.add(config("geometry dimension negative", mutate("sphere:d=2", "sphere:d=-1"), "geometry: "));
        cases.add(config("geometry dimension zero", mutate("sphere:d=2", "sphere:d=0"), "geometry: "));
        cases.add(config("geometry dimension a word", mutate("sphere:d=2", "sphere:d=abc"), "geometry: "));
        cases.add(config("geometry dimension beyond int", mutate("sphere:d=2", "sphere:d=99999999999"),
                "geometry: "));
        cases.add(config("geometry unknown parameter", mutate("sphere:d=2", "sphere:d=2,colour=red"),
                "geometry: "));
        cases.add(config("geometry placeholder without axis", mutate("sphere:d=2", "sphere:d={zz}"),
                "geometry: the placeholder {zz} names no sweep axis"));
        cases.add(config("geometry a list", mutate("geometry: sphere:d=2", "geometry: [sphere]"), "geometry: the "
                + "geometry specification (e.g. sphere:d=2) must be a single value"));
        cases.add(config("geometry a mapping", mutate("geometry: sphere:d=2", "geometry: { d: 2 }"),
                "geometry: the geometry specification (e.g. sphere:d=2) must be a single value"));
        cases.add(config("SPD of size 0", SPD.replace("k=2", "k=0"), "geometry: "));
        cases.add(config("data dimension differs from the geometry", mutate("sphere:d=2", "sphere:d=3"), "data: "));
    }

    private static void data(List<Case> cases) {
        cases.add(config("data absent", mutate("data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }"
                + "\n", ""), "data: the data section is required"));
        cases.add(config("data null", mutateData("data: ~"), "data: has no value"));
        cases.add(config("data a scalar", mutateData("data: points.csv"), "data: data must be a mapping"));
        cases.add(config("data without a source", mutateData("data: { radius: 0.3 }"), "data: needs either "
                + "'generator: NAME'"));
        cases.add(config("data with two sources", mutateData("data: { generator: sphere-cap, file: points.csv }"),
                "data: give either generator or file, not both"));
        cases.add(config("generator unknown", mutate("generator: sphere-cap", "generator: cap"), "data.generator: "
                + "unknown data generator 'cap'"));
        cases.add(config("source with a generator", mutateData("data: { source: lattice, generator: sphere-cap }"),
                "data.generator: give either 'source: NAME' or 'generator', not both"));
        cases.add(config("source naming the built-in generator", mutateData("data: { source: generator }"),
                "data.source: the built-in source 'generator' is written data: { generator: ... }"));
        cases.add(config("source unknown", mutateData("data: { source: lattice, step: 0.5 }"), "data.source: "
                + "unknown data source 'lattice'; known data sources: none (a plugin's Guice module binds them"));
        cases.add(config("generator radius negative", mutate("radius: 0.39269908", "radius: -1"),
                "data.radius: "));
        cases.add(config("generator radius beyond the injectivity radius", mutate("radius: 0.39269908",
                "radius: 5"), "data: "));
        cases.add(config("generator radius not a number", mutate("radius: 0.39269908", "radius: wide"),
                "data.radius: "));
        cases.add(config("generator centre too short", mutate("center: [0, 0, 1]", "center: [0, 0]"), "data: "));
        cases.add(config("generator centre off the sphere", mutate("center: [0, 0, 1]", "center: [0, 0, 2]"),
                "data: "));
        cases.add(config("generator parameter unknown", mutate("center: [0, 0, 1] }", "center: [0, 0, 1], size: 3 }"),
                "data.size: data generator 'sphere-cap' takes no parameter 'size'"));
        cases.add(config("generator parameter a mapping", mutate("center: [0, 0, 1] }",
                "center: { x: 0 } }"), "data.center: "));
        cases.add(config("KNG beyond Assumption 1", mutate("radius: 0.39269908", "radius: 1.0"),
                "mechanisms[0]: mechanism 'kng' cannot release in cell {n=10, epsilon=1.0}", "Assumption 1",
                "change data.radius"));
        cases.add(config("file missing", mutateData("data: { file: nowhere.csv, center: [0, 0, 1], radius: 0.3 }"),
                "data.file: data file not found"));
        cases.add(config("file is a folder", mutateData("data: { file: adir, center: [0, 0, 1], radius: 0.3 }"),
                "data.file: "));
        cases.add(config("file without a radius", mutateData("data: { file: points.csv, center: [0, 0, 1] }"),
                "data.radius: file data need the public ball radius"));
        cases.add(config("file radius negative", mutateData(FILE_DATA.replace("0.3", "-1")), "data.radius: the "
                + "radius must be > 0"));
        cases.add(config("file radius zero", mutateData(FILE_DATA.replace("0.3", "0")), "data.radius: the radius "
                + "must be > 0"));
        cases.add(config("file radius infinite", mutateData(FILE_DATA.replace("0.3", "1e999")), "data.radius: the "
                + "public ball radius must be finite"));
        cases.add(config("file radius YAML infinity", mutateData(FILE_DATA.replace("0.3", ".inf")), "data.radius: "
                + "the public ball radius must be finite. Provided value: .inf"));
        cases.add(config("file radius a word", mutateData(FILE_DATA.replace("0.3", "wide")), "data.radius: the "
                + "public ball radius must be a number"));
        cases.add(config("file radius null", mutateData(FILE_DATA.replace("0.3", "~")), "data.radius: has no "
                + "value"));
        cases.add(config("file centre absent", mutateData("data: { file: points.csv, radius: 0.3 }"),
                "data.center: the ball centre is required"));
        cases.add(config("file centre too long", mutateData(FILE_DATA.replace("[0, 0, 1]", "[0, 0, 1, 0]")),
                "data.center: "));
        cases.add(config("file rows outside the ball", mutateData(FILE_DATA.replace("points.csv",
                "outside.csv")), "data.file: ", "outside the declared ball"));
        cases.add(config("file row not a number", mutateData(FILE_DATA.replace("points.csv", "words.csv")),
                "data.file: ", "is not a number"));
        cases.add(config("file empty", mutateData(FILE_DATA.replace("points.csv", "empty.csv")), "data.file: "));
        cases.add(config("file n above its rows", mutateData(FILE_DATA), "sweep.n: n = 10 exceeds the 5 rows"));
        cases.add(config("file unknown key", mutateData(FILE_DATA.replace(" }", ", colour: red }")),
                "data.colour: unknown key 'colour' in file data"));
        cases.add(config("file clip not a boolean", mutateData(FILE_DATA.replace(" }", ", clip: maybe }")),
                "data.clip: clip must be true or false"));
        cases.add(config("data-derived ball without consent", mutateData("data: { file: points.csv, center: [0, 0, 1], "
                + "non-private: true }").replace("n: [10, 30], ", ""), "mechanisms[0].params: the data ball is "
                + "measured from the data", "add non-private: true"));
        cases.add(config("data-derived ball with consent false", mutateData("data: { file: points.csv, center: "
                + "[0, 0, 1], non-private: true }").replace("n: [10, 30], ", "").replace("thin: 10", "thin: 10, "
                + "non-private: false"), "mechanisms[0].params: the data ball is measured from the data",
                "Provided value: non-private: false"));
        cases.add(config("non-private data section with a radius but no consent", mutateData(FILE_DATA.replace(" }",
                ", non-private: true }")).replace("n: [10, 30], ", ""), "mechanisms[0].params: the data section "
                + "is marked non-private"));
        cases.add(config("non-private run without consent", BASE + "non-private: true\n", "mechanisms[0].params: "
                + "the configuration is marked non-private"));
        cases.add(config("consent from only one mechanism", (BASE + "non-private: true\n").replace("thin: 10",
                "thin: 10, non-private: true"), "mechanisms[1].params: the configuration is marked non-private"));
    }

    private static void sweep(List<Case> cases) {
        cases.add(config("sweep absent", mutate("sweep: { n: [10, 30], epsilon: [1.0] }\n", ""), "sweep: the sweep "
                + "section (at least epsilon) is required"));
        cases.add(config("sweep null", mutateSweep("sweep: ~"), "sweep: has no value"));
        cases.add(config("sweep a list", mutateSweep("sweep: [1, 2]"), "sweep: sweep must be a mapping"));
        cases.add(config("epsilon absent", mutateSweep("sweep: { n: [10] }"), "sweep.epsilon: the sweep needs "
                + "epsilon"));
        cases.add(config("epsilon null", mutate("epsilon: [1.0]", "epsilon: ~"), "sweep.epsilon: has no value"));
        cases.add(config("epsilon entry null", mutate("epsilon: [1.0]", "epsilon: [1.0, ~]"), "sweep.epsilon[1]: "
                + "has no value"));
        cases.add(config("epsilon empty list", mutate("epsilon: [1.0]", "epsilon: []"), "sweep.epsilon: sweep axis "
                + "'epsilon' must not be an empty list"));
        cases.add(config("epsilon zero", mutate("epsilon: [1.0]", "epsilon: [0]"), "sweep.epsilon[0]: epsilon must "
                + "be finite and > 0"));
        cases.add(config("epsilon negative", mutate("epsilon: [1.0]", "epsilon: [-1]"), "sweep.epsilon[0]: "));
        cases.add(config("epsilon underflows to zero", mutate("epsilon: [1.0]", "epsilon: [1e-400]"),
                "sweep.epsilon[0]: epsilon must be finite and > 0"));
        cases.add(config("epsilon overflows", mutate("epsilon: [1.0]", "epsilon: [1e400]"), "sweep.epsilon[0]: "
                + "epsilon must be finite"));
        cases.add(config("epsilon YAML infinity", mutate("epsilon: [1.0]", "epsilon: [.inf]"),
                "sweep.epsilon[0]: epsilon must be finite and > 0. Provided value: .inf"));
        cases.add(config("epsilon a word", mutate("epsilon: [1.0]", "epsilon: [lots]"), "sweep.epsilon[0]: epsilon "
                + "must be a number"));
        cases.add(config("epsilon listed twice", mutate("epsilon: [1.0]", "epsilon: [1.0, 1.0]"),
                "sweep.epsilon[1]: the value 1.0 is listed twice"));
        cases.add(config("epsilon NaN", mutate("epsilon: [1.0]", "epsilon: [NaN]"), "sweep.epsilon[0]: epsilon "
                + "must be finite and > 0"));
        cases.add(config("epsilon nested list", mutate("epsilon: [1.0]", "epsilon: [[1.0]]"), "sweep.epsilon[0]: "));
        cases.add(config("epsilon a mapping", mutate("epsilon: [1.0]", "epsilon: { a: 1 }"), "sweep.epsilon: "));
        cases.add(config("delta one", mutate("epsilon: [1.0]", "epsilon: [1.0], delta: [1]"), "sweep.delta[0]: "
                + "delta must be 0 (pure DP) or lie in (0, 1)"));
        cases.add(config("delta negative", mutate("epsilon: [1.0]", "epsilon: [1.0], delta: [-0.1]"),
                "sweep.delta[0]: "));
        cases.add(config("delta a word", mutate("epsilon: [1.0]", "epsilon: [1.0], delta: [small]"),
                "sweep.delta[0]: delta must be a number"));
        cases.add(config("Gaussian without delta", SPD.replace(", delta: [1e-6]", ""), "mechanisms[0]: mechanism "
                + "'tangent-gaussian' cannot release in cell {n=20, epsilon=0.5}", "change sweep.delta"));
        cases.add(config("Gaussian with delta 0", SPD.replace("delta: [1e-6]", "delta: [1e-6, 0]"),
                "mechanisms[0]: mechanism 'tangent-gaussian' cannot release in cell {n=20, epsilon=0.5, delta=0}",
                "change sweep.delta"));
        cases.add(config("classical calibration with epsilon above 1", SPD.replace("epsilon: [0.5]",
                "epsilon: [0.5, 2]").replace("analytic", "classical"), "mechanisms[0]: mechanism 'tangent-gaussian' "
                + "cannot release in cell {n=20, epsilon=2, delta=1e-6}", "change sweep.epsilon"));
        cases.add(config("n zero", mutate("n: [10, 30]", "n: [0]"), "sweep.n[0]: n must be an integer >= 1"));
        cases.add(config("n a fraction", mutate("n: [10, 30]", "n: [2.5]"), "sweep.n[0]: n must be an integer"));
        cases.add(config("n beyond long", mutate("n: [10, 30]", "n: [99999999999999999999]"), "sweep.n[0]: n (records "
                + "per replicate) is at most 10,000,000"));
        cases.add(config("n above the limit", mutate("n: [10, 30]", "n: [20000000]"), "sweep.n[0]: n (records per "
                + "replicate) is at most 10,000,000"));
        cases.add(config("n absent with generated data", mutate("n: [10, 30], ", ""), "sweep.n: generated data need "
                + "the sample size axis n"));
        cases.add(config("n listed twice", mutate("n: [10, 30]", "n: [10, 10]"), "sweep.n[1]: the value 10 is "
                + "listed twice"));
        cases.add(config("axis name starting with a digit", mutate("epsilon: [1.0]", "epsilon: [1.0], 1k: [1]"),
                "sweep.1k: an axis name starts with a letter"));
        cases.add(config("axis used nowhere", mutate("epsilon: [1.0]", "epsilon: [1.0], k: [1, 2]"), "sweep.k: the "
                + "axis 'k' is used nowhere"));
        StringBuilder many = new StringBuilder("[1");
        for (int i = 2; i <= 10_001; i++) {
            many.append(',').append(i);
        }
        cases.add(config("axis with 10 001 values", mutate("n: [10, 30]", "n: " + many + "]"), "sweep.n: a sweep "
                + "axis' number of values is at most 10,000"));
        StringBuilder axes = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            axes.append(", a").append(i).append(": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]");
        }
        cases.add(config("16-axis sweep whose cell count overflows a long", mutate("epsilon: [1.0]",
                "epsilon: [1.0]" + axes), "sweep: the sweep has more than 100,000 cells"));
    }

    private static void components(List<Case> cases) {
        cases.add(config("estimator unknown", mutate("estimator: frechet-mean", "estimator: median"), "estimator: "
                + "unknown estimator 'median'"));
        cases.add(config("estimator parameter unknown", mutate("estimator: frechet-mean",
                "estimator: { name: frechet-mean, params: { colour: red } }"), "estimator.params.colour: "));
        cases.add(config("estimator tolerance negative", mutate("estimator: frechet-mean",
                "estimator: { name: frechet-mean, params: { tolerance: -1 } }"), "estimator.params.tolerance: "));
        cases.add(config("estimator key misspelt", mutate("estimator: frechet-mean", "estimator: { nam: x }"),
                "estimator.nam: unknown key 'nam'"));
        cases.add(config("estimator null", mutate("estimator: frechet-mean", "estimator: ~"), "estimator: has no "
                + "value"));
        cases.add(config("estimator a list", mutate("estimator: frechet-mean", "estimator: []"), "estimator: the "
                + "estimator must be a mapping"));
        cases.add(config("mechanisms empty", mutateMechanisms("mechanisms: []"), "mechanisms: list at least one "
                + "mechanism"));
        cases.add(config("mechanisms null", mutateMechanisms("mechanisms: ~"), "mechanisms: has no value"));
        cases.add(config("mechanisms a scalar", mutateMechanisms("mechanisms: kng"), "mechanisms: the mechanisms "
                + "list must be a list"));
        cases.add(config("mechanism unknown", mutateMechanisms("mechanisms: [laplace]"), "mechanisms[0]: unknown "
                + "mechanism 'laplace'"));
        cases.add(config("mechanism without a name", mutateMechanisms("mechanisms: [{ label: x }]"),
                "mechanisms[0].name: the mechanism name is required"));
        cases.add(config("mechanism parameter misspelt", mutate("burn-in: 200", "burnin: 200"),
                "mechanisms[0].params.burnin: mechanism 'kng' takes no parameter 'burnin'"));
        cases.add(config("thin at Integer.MAX_VALUE", mutate("thin: 10", "thin: 2147483647"),
                "mechanisms[0].params.thin: 'thin' is at most 10,000,000", "Provided value: 2,147,483,647"));
        cases.add(config("burn-in of 10^12", mutate("burn-in: 200", "burn-in: 1000000000000"),
                "mechanisms[0].params.burn-in: 'burn-in' is at most 100,000,000"));
        cases.add(config("1000 chains", mutate("thin: 10", "thin: 10, chains: 1000"), "mechanisms[0].params.chains: "
                + "'chains' is at most 64"));
        cases.add(config("proposal budget of 10^10", mutate("sampler: mcmc, burn-in: 200, thin: 10",
                "sampler: exact, proposal-budget: 10000000000"), "mechanisms[0].params.proposal-budget: "
                + "'proposal-budget' is at most 100,000,000"));
        cases.add(config("thin zero", mutate("thin: 10", "thin: 0"), "mechanisms[0].params.thin: "));
        cases.add(config("thin a word", mutate("thin: 10", "thin: long"), "mechanisms[0].params.thin: "));
        cases.add(config("step negative", mutate("thin: 10", "thin: 10, step: -1"), "mechanisms[0].params.step: "));
        cases.add(config("sampler unknown", mutate("sampler: mcmc", "sampler: magic"), "mechanisms[0].params: ",
                "magic"));
        cases.add(config("sigma rule unknown", mutate("thin: 10", "thin: 10, sigma-rule: bogus"),
                "mechanisms[0].params: ", "bogus"));
        cases.add(config("proposal budget with MCMC", mutate("thin: 10", "thin: 10, proposal-budget: 5"),
                "mechanisms[0].params: ", "proposal-budget"));
        cases.add(config("labels clash", mutate("{ name: riemannian-laplace }", "{ name: kng }"),
                "mechanisms[1].label: the label 'kng' is already used by mechanisms[0]"));
        cases.add(config("label over two lines", mutate("{ name: riemannian-laplace }",
                "{ name: riemannian-laplace, label: \"a\\nb\" }"), "mechanisms[1].label: a label is one line"));
        cases.add(config("params a list", mutate("{ name: riemannian-laplace }",
                "{ name: riemannian-laplace, params: [1, 2] }"), "mechanisms[1].params: mechanism parameters must "
                + "be a mapping"));
        cases.add(config("parameter a mapping", mutate("burn-in: 200", "burn-in: { a: 1 }"),
                "mechanisms[0].params.burn-in: parameter 'burn-in' must be a value"));
        StringBuilder hundredOne = new StringBuilder("mechanisms:\n");
        for (int i = 0; i < 101; i++) {
            hundredOne.append("  - { name: riemannian-laplace, label: l").append(i).append(" }\n");
        }
        cases.add(config("101 mechanisms", mutateMechanisms(hundredOne.toString().strip()), "mechanisms: the "
                + "number of mechanism entries is at most 100"));
        cases.add(config("tangent Gaussian on the sphere", mutate("{ name: riemannian-laplace }",
                "{ name: tangent-gaussian }"), "mechanisms[1]: mechanism 'tangent-gaussian' cannot release in cell "
                + "{n=10, epsilon=1.0}", "IsometricChart", "change geometry"));
        cases.add(config("utility empty", mutate("utility: [geodesic-distance]", "utility: []"), "utility: the "
                + "utility measure list must not be an empty list"));
        cases.add(config("utility unknown", mutate("utility: [geodesic-distance]", "utility: [l1]"), "utility[0]: "
                + "unknown utility measure 'l1'"));
        cases.add(config("utility impossible on the geometry", mutate("utility: [geodesic-distance]",
                "utility: [vech-distance]"), "utility[0]: the utility measure 'vech-distance' cannot be computed"));
        cases.add(config("utility listed twice", mutate("utility: [geodesic-distance]",
                "utility: [geodesic-distance, geodesic-distance]"), "utility[1]: the utility measure "
                + "'geodesic-distance' is listed twice"));
        cases.add(config("utility absent", mutate("utility: [geodesic-distance]\n", ""), "utility: the utility "
                + "measure list is required"));
        cases.add(config("plot axis not swept", BASE + "plot: { x: k }\n", "plot.x: 'k' is not a sweep axis"));
        cases.add(config("plot band unknown", BASE + "plot: { band: iqr }\n", "plot.band: unknown plot band"));
        cases.add(config("plot log flag not a boolean", BASE + "plot: { log-x: maybe }\n", "plot.log-x: log-x must "
                + "be true or false"));
        cases.add(config("plot key unknown", BASE + "plot: { colour: red }\n", "plot.colour: unknown key"));
        cases.add(config("deviation a mapping", BASE + "deviations: [{ a: 1 }]\n", "deviations[0]: "));
    }

    private static void sensitivityCheck(List<Case> cases) {
        cases.add(config("check grid above the limit", CHECK.replace("grid: 36", "grid: 1000000"), "grid: grid "
                + "(boundary points per circle) is at most 10,000"));
        cases.add(config("check grid below the minimum", CHECK.replace("grid: 36", "grid: 2"), "grid: "));
        cases.add(config("check radii empty", CHECK.replace("radii: [0.1, 0.5]", "radii: []"), "radii: list at "
                + "least one radius"));
        cases.add(config("check radius negative", CHECK.replace("radii: [0.1, 0.5]", "radii: [-1]"), "radii[0]: a "
                + "radius must be > 0"));
        cases.add(config("check radius beyond the injectivity radius", CHECK.replace("radii: [0.1, 0.5]",
                "radii: [4]"), "radii[0]: 2r must stay below the injectivity radius"));
        cases.add(config("check centre too short", CHECK.replace("center: [0, 0, 1]", "center: [0, 0]"),
                "center: "));
        cases.add(config("check unknown key", CHECK + "replicates: 3\n", "replicates: unknown key 'replicates' in a "
                + "sensitivity-check configuration"));
        cases.add(config("check name a path", CHECK.replace("name: bad-check", "name: ../up"), "name: the name "
                + "becomes the output folder"));
    }

    private static void flags(List<Case> cases) {
        Map<String, byte[]> base = Map.of("config.yaml", utf8(BASE));
        cases.add(new Case("--scale 1e9", base, List.of(run("--scale", "1e9")), List.of("--scale: replicates x "
                + "--scale 1.0E9 is at most 10,000,000", "use a smaller --scale")));
        cases.add(new Case("--scale making too many replicates", Map.of("config.yaml", utf8(mutate("replicates: 3",
                "replicates: 4000000"))), List.of(run("--scale", "3")), List.of("--scale: replicates x --scale 3.0 "
                + "is at most 10,000,000")));
        cases.add(new Case("--scale making too many releases", Map.of("config.yaml", utf8(mutate("replicates: 3",
                "replicates: 3000000").replace("n: [10, 30]", "n: [10, 30, 40, 50, 60, 70]"))),
                List.of(run("--scale", "3")), List.of("--scale: 6 cells x 9,000,000 replicates x 2 mechanisms make "
                + "108,000,000 releases")));
        cases.add(new Case("--scale 0", base, List.of(run("--scale", "0")), List.of("--scale must be a finite "
                + "number > 0")));
        cases.add(new Case("--scale negative", base, List.of(run("--scale", "-1")), List.of("--scale must be a "
                + "finite number > 0")));
        cases.add(new Case("--scale NaN", base, List.of(run("--scale", "NaN")), List.of("--scale must be a finite "
                + "number > 0")));
        cases.add(new Case("--scale Infinity", base, List.of(run("--scale", "Infinity")), List.of("--scale must be "
                + "a finite number > 0")));
        cases.add(new Case("--scale 1e9 on a sensitivity check", Map.of("config.yaml", utf8(CHECK)),
                List.of(run("--scale", "1e9")), List.of("--scale: grid x --scale 1.0E9 is at most 10,000")));
        cases.add(new Case("--threads negative", base, List.of(run("--threads", "-1")), List.of("--threads must be "
                + "in [0, 1024]")));
        cases.add(new Case("--threads above the limit", base, List.of(run("--threads", "100000")),
                List.of("--threads must be in [0, 1024]")));
        cases.add(new Case("--out an existing file", base, List.of(List.of("run", "{dir}/config.yaml", "--out",
                "{dir}/afile.txt")), List.of("--out: the output folder {dir}/afile.txt exists and is not a folder")));
        cases.add(new Case("--out a folder with results", base, List.of(List.of("run", "{dir}/config.yaml",
                "--out", "{dir}/full")), List.of("--out: the output folder {dir}/full already holds 1 file(s)",
                "--force")));
        cases.add(new Case("--out the configuration's own folder", base, List.of(List.of("run", "{dir}/config.yaml",
                "--out", "{dir}")), List.of("--out: the output folder {dir} already holds", "--force")));
        cases.add(new Case("--out below a file", base, List.of(List.of("run", "{dir}/config.yaml", "--out",
                "{dir}/afile.txt/sub")), List.of("--out: the output folder {dir}/afile.txt/sub cannot be created",
                "not a folder")));
        cases.add(new Case("--out empty", base, List.of(List.of("run", "{dir}/config.yaml", "--out", "")),
                List.of("--out must name a folder")));
        cases.add(new Case("--out of a sensitivity check with results", Map.of("config.yaml", utf8(CHECK)),
                List.of(List.of("run", "{dir}/config.yaml", "--out", "{dir}/full")), List.of("--out: the output "
                + "folder {dir}/full already holds 1 file(s)")));
        cases.add(new Case("--plugins folder missing", base, List.of(List.of("validate", "{dir}/config.yaml",
                "--plugins", "{dir}/no-plugins"), run("--plugins", "{dir}/no-plugins")),
                List.of("--plugins: the plugins folder {dir}/no-plugins does not exist")));
        cases.add(new Case("--plugins a file", base, List.of(List.of("validate", "{dir}/config.yaml", "--plugins",
                "{dir}/afile.txt")), List.of("--plugins must name a folder of jar files")));
        cases.add(new Case("--plugins with a corrupt jar", Map.of("config.yaml", utf8(BASE)), List.of(
                List.of("validate", "{dir}/config.yaml", "--plugins", "{dir}/plugins-corrupt"),
                run("--plugins", "{dir}/plugins-corrupt")), List.of("--plugins: the plugin jar "
                + "{dir}/plugins-corrupt/broken.jar is not a readable jar file")));
        cases.add(new Case("--plugins with an empty jar", base, List.of(List.of("validate", "{dir}/config.yaml",
                "--plugins", "{dir}/plugins-empty")), List.of("--plugins: the plugin jar "
                + "{dir}/plugins-empty/empty.jar is not a readable jar file")));
    }

    // ------------------------------------------------------------------------------------------------- helpers

    private static String mutate(String old, String replacement) {
        if (!BASE.contains(old)) {
            throw new IllegalStateException("the base configuration has no '" + old + "'");
        }
        return BASE.replace(old, replacement);
    }

    private static String mutateData(String line) {
        return mutate("data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }", line);
    }

    private static String mutateSweep(String line) {
        return mutate("sweep: { n: [10, 30], epsilon: [1.0] }", line);
    }

    private static String mutateMechanisms(String text) {
        return mutate("""
                mechanisms:
                  - { name: kng, params: { sampler: mcmc, burn-in: 200, thin: 10 } }
                  - { name: riemannian-laplace }""", text);
    }

    private static Case config(String label, String yaml, String... fragments) {
        return bytes(label, utf8(yaml), fragments);
    }

    private static Case bytes(String label, byte[] yaml, String... fragments) {
        return new Case(label, Map.of("config.yaml", yaml), both("{dir}/config.yaml"), List.of(fragments));
    }

    private static List<List<String>> both(String config) {
        return List.of(List.of("validate", config), List.of("run", config, "--out", "{dir}/out"));
    }

    private static List<String> run(String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "{dir}/config.yaml", "--out", "{dir}/out"));
        args.addAll(List.of(extra));
        return args;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The files every case finds next to its configuration. */
    private static void fixture(Path folder) throws IOException {
        StringBuilder points = new StringBuilder("x0,x1,x2\n");
        for (int i = 0; i < 5; i++) {
            double t = 0.05 * i;
            points.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g%n", Math.sin(t), 0.0, Math.cos(t)));
        }
        Files.writeString(folder.resolve("points.csv"), points);
        Files.writeString(folder.resolve("outside.csv"), points + "1,0,0\n");
        Files.writeString(folder.resolve("words.csv"), points + "0,zero,1\n");
        Files.writeString(folder.resolve("empty.csv"), "");
        Files.createDirectories(folder.resolve("adir"));
        Files.writeString(folder.resolve("afile.txt"), "not a folder\n");
        Files.createDirectories(folder.resolve("full"));
        Files.writeString(folder.resolve("full/replicates.csv"), "results of an earlier run\n");
        Files.createDirectories(folder.resolve("plugins-corrupt"));
        Files.write(folder.resolve("plugins-corrupt/broken.jar"), "PK\u0003\u0004 this is no zip".getBytes(
                StandardCharsets.ISO_8859_1));
        Files.createDirectories(folder.resolve("plugins-empty"));
        Files.write(folder.resolve("plugins-empty/empty.jar"), new byte[0]);
    }

    /** Every file and folder below {@code folder} with its content. */
    private static Map<String, String> snapshot(Path folder) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.forEach(path -> {
                String key = folder.relativize(path).toString();
                try {
                    files.put(key, Files.isDirectory(path) ? "(folder)"
                            : Arrays.hashCode(Files.readAllBytes(path)) + ":" + Files.size(path));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return files;
    }
}
