package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.manifolddp.experiments.data.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads an experiment configuration (YAML) and checks its syntax, types and value ranges. Unknown keys are errors
 * naming the key with its path and listing the allowed keys. The schema:
 *
 * <pre>
 * kind: mechanisms                     # optional: mechanisms (default; a regression too), sensitivity-check
 *                                      # (SensitivityCheckConfig) or regression-sensitivity
 *                                      # (RegressionSensitivityConfig)
 * name: sphere-frechet                 # required; [A-Za-z0-9._-]+, the output folder results/&lt;name&gt;
 * reproduces: "Soto et al. 2022, Fig. 1 left" # optional
 * seed: 7                              # required integer
 * replicates: 10000                    # required, &gt;= 1 (multiplied by --scale)
 * threads: 0                           # optional, 0 = all cores
 * geometry: sphere:d=2                 # required; may contain {axis} placeholders
 * data: { generator: sphere-cap, radius: 0.39269908, center: [0, 0, 1] }   # generator + its parameters, or
 * data: { file: points.csv, center: [0, 0, 1], radius: 0.4, clip: false, non-private: false }
 * data: { file: dataset:rats, columns: [x1, y1, ...], subject: rat, records-per-subject: 8,   # unit: one subject
 *         center: { mean-of: { where: { rat: [1, 5] } } }, radius: 0.1, where: { rat: [2, 4] } }  # public template;
 *                                      # a where: column is declared public (n counts the selected rows)
 * data: { file: dataset:rats, covariate: age_days, ... }   # records [point..., covariate] for an estimator with
 *                                      # covariate records (geodesic-regression; its public range is checked)
 * data: { images: dataset:mnist, label: 3, eta: 1e-6, backend: java }   # covariance descriptors (ImageDataSpec)
 * data: { source: NAME, key: value }  # a data source a plugin's Guice module binds (run.DataSourceFactory)
 * sweep: { n: [10, 25], epsilon: [1.0], delta: [0], k: [2, 5] }            # epsilon required; n for generators
 * estimator: frechet-mean              # or { name: frechet-mean, params: { tolerance: 1e-8 } }; default frechet-mean
 * mechanisms:                          # required, each { name, label, params } or a bare name
 *   - { name: kng, params: { burn-in: 20000 } }
 * utility: [geodesic-distance, ambient-distance]   # required
 * deviations: ["text", ...]            # optional notes for summary.md
 * non-private: false                   # optional: the run knowingly uses data-derived bounds
 * plot: { x: n, log-x: true, log-y: true, statistic: mean, band: se }   # optional; statistic mean|median,
 *                                                                     # band se|sd|none; grid: true adds one
 *                                                                     # PNG of all panels
 * pictures: { at: { epsilon: 1 }, per-mechanism: 6, show: [shapes], options: { closed-outline: true } }
 *                                      # optional (PicturesConfig): releases drawn like the data, and the distance
 *                                      # to the non-private estimate against epsilon with the data's spread
 * </pre>
 */
public final class ConfigReader {

    /** The kind of a mechanism comparison, the default. */
    public static final String KIND_MECHANISMS = "mechanisms";
    /** The kind of an empirical sensitivity check ({@link SensitivityCheckConfig}). */
    public static final String KIND_SENSITIVITY_CHECK = "sensitivity-check";
    /** The kind of an empirical check of the regression sensitivities ({@link RegressionSensitivityConfig}). */
    public static final String KIND_REGRESSION_SENSITIVITY = "regression-sensitivity";
    /** Every kind, the default first. */
    public static final List<String> KINDS = List.of(KIND_MECHANISMS, KIND_SENSITIVITY_CHECK,
            KIND_REGRESSION_SENSITIVITY);

    /** The top-level keys, in the order of the schema. */
    public static final List<String> TOP_LEVEL_KEYS = List.of("kind", "name", "reproduces", "seed", "replicates",
            "threads", "geometry", "data", "sweep", "estimator", "mechanisms", "utility", "deviations", "non-private",
            "plot", "pictures");

    /** The keys of the {@code plot} section. */
    static final List<String> PLOT_KEYS = List.of("x", "log-x", "log-y", "statistic", "band", "grid");

    /** The estimator used when the configuration names none. */
    public static final String DEFAULT_ESTIMATOR = "frechet-mean";

    /** The longest experiment name (a folder name; file systems allow 255 bytes). */
    public static final int MAX_NAME_LENGTH = 100;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern AXIS = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    private ConfigReader() {
    }

    /** Reads and checks a mechanism-comparison configuration file (the default kind). */
    public static ExperimentConfig read(Path file) {
        return parse(readText(file), file);
    }

    /** Reads and checks a configuration file of any kind. */
    public static Configuration readAny(Path file) {
        return parseAny(readText(file), file);
    }

    private static String readText(Path file) {
        return ConfigText.read(file);
    }

    /** Parses and checks a mechanism-comparison configuration; {@code file} (may be null) resolves data paths. */
    public static ExperimentConfig parse(String yaml, Path file) {
        Configuration configuration = parseAny(yaml, file);
        if (configuration instanceof ExperimentConfig experiment) {
            return experiment;
        }
        throw new ConfigException("kind", "this command takes a configuration of kind '" + KIND_MECHANISMS
                + "'. Provided value: " + configuration.kind());
    }

    /** Parses and checks a configuration of any kind (the key {@code kind}, default {@value #KIND_MECHANISMS}). */
    public static Configuration parseAny(String yaml, Path file) {
        if (yaml == null) {
            throw new ConfigException("", "the configuration text must not be null. Provided value: null");
        }
        JsonNode document = YamlDocument.read(yaml);
        ConfigNode root = new ConfigNode(document, "", scalarTexts(yaml));
        if (root.isMissing()) {
            throw new ConfigException("", "the configuration is empty; it must be a YAML mapping with the keys "
                    + String.join(", ", TOP_LEVEL_KEYS));
        }
        if (!root.isObject()) {
            throw new ConfigException("", String.format("the configuration must be a YAML mapping (key: value lines) "
                    + "with the keys %s. Provided value: %s", String.join(", ", TOP_LEVEL_KEYS),
                    ConfigNode.kind(document)));
        }
        requireNoNulls(document, "");
        String kind = root.has("kind") ? root.field("kind").scalar("the configuration kind") : KIND_MECHANISMS;
        if (!KINDS.contains(kind)) {
            // the retired kind of a geodesic regression names the way it runs now
            String hint = kind.equals("regression") ? "; a geodesic regression is a comparison of kind mechanisms "
                    + "with estimator geodesic-regression (see experiments/configs/003-fig5-6-sphere.yaml)" : "";
            throw new ConfigException("kind", String.format("unknown kind; allowed: %s (default %s)%s. Provided "
                    + "value: %s", String.join(", ", KINDS), KIND_MECHANISMS, hint, kind));
        }
        return READERS.get(kind).read(root, document, file);
    }

    /** Reads the keys of one kind of configuration. */
    @FunctionalInterface
    private interface KindReader {
        Configuration read(ConfigNode root, JsonNode document, Path file);
    }

    /** The readers by kind: the one place a configuration's kind is decided. */
    private static final Map<String, KindReader> READERS = Map.of(
            KIND_MECHANISMS, ConfigReader::readComparison,
            KIND_SENSITIVITY_CHECK, SensitivityCheckReader::read,
            KIND_REGRESSION_SENSITIVITY, RegressionSensitivityReader::read);

    /** A mechanism comparison ({@value #KIND_MECHANISMS}), the default kind. */
    private static ExperimentConfig readComparison(ConfigNode root, JsonNode document, Path file) {
        root.requireKeys(TOP_LEVEL_KEYS, "the configuration");

        String name = name(root);
        String reproduces = root.has("reproduces") ? root.field("reproduces").scalar("reproduces") : null;
        long seed = root.field("seed").longValue("the master seed");
        int replicates = replicates(root);
        int threads = threads(root);
        String geometry = root.field("geometry").scalar("the geometry specification (e.g. sphere:d=2)");
        boolean nonPrivate = root.has("non-private") && root.field("non-private").bool("non-private");
        DataConfig data = data(root.field("data"), nonPrivate);
        List<SweepAxis> sweep = sweep(root.field("sweep"));
        PluginRef estimator = estimator(root.field("estimator"));
        List<MechanismConfig> mechanisms = mechanisms(root.field("mechanisms"));
        List<String> utility = unique(root.field("utility"), "utility measure");
        List<String> deviations = root.has("deviations") ? root.field("deviations").texts("deviations") : List.of();
        PlotConfig plot = plot(root.field("plot"));
        PicturesConfig pictures = root.has("pictures") ? pictures(root.field("pictures")) : null;
        Limits.releases(Limits.cells(sweep), replicates, mechanisms.size(), "replicates");
        return new ExperimentConfig(name, reproduces, seed, replicates, threads, geometry, data, sweep, estimator,
                mechanisms, utility, deviations, nonPrivate, plot, pictures, file, document);
    }

    /**
     * Fails at the first key or list entry without a value ({@code key:}, {@code key: ~}, {@code [1, ~]}): an
     * absent value is never read as a default.
     */
    private static void requireNoNulls(JsonNode node, String path) {
        if (node.isNull()) {
            throw new ConfigException(path, "has no value (written empty or ~); give a value, or remove the "
                    + (path.endsWith("]") ? "entry" : "key"));
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(entry -> requireNoNulls(entry.getValue(),
                    path.isEmpty() ? entry.getKey() : path + "." + entry.getKey()));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                requireNoNulls(node.get(i), path + "[" + i + "]");
            }
        }
    }

    /** The checked {@code replicates} (at least 1, at most {@link Limits#MAX_REPLICATES}). */
    static int replicates(ConfigNode root) {
        int replicates = root.field("replicates").intValue("replicates", 1);
        Limits.require("replicates", "replicates", replicates, Limits.MAX_REPLICATES, "the summary's standard "
                + "errors need far fewer");
        return replicates;
    }

    /** The checked {@code threads}, 0 (one per core) when absent. */
    static int threads(ConfigNode root) {
        int threads = root.has("threads") ? root.field("threads").intValue("threads", 0) : 0;
        Limits.require("threads", "threads", threads, Limits.MAX_THREADS, "use 0 for one per core");
        return threads;
    }

    /** The checked {@code name}, which becomes the output folder. */
    static String name(ConfigNode root) {
        String name = root.field("name").scalar("the experiment name");
        if (!NAME.matcher(name).matches() || name.chars().allMatch(c -> c == '.')) {
            throw new ConfigException("name", "the name becomes the output folder results/<name>: a plain folder "
                    + "name of letters, digits, '.', '_' and '-' (not '.' or '..', no path separators). Provided "
                    + "value: " + name);
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new ConfigException("name", String.format("the name becomes the output folder; use at most %d "
                    + "characters. Provided value: %d characters", MAX_NAME_LENGTH, name.length()));
        }
        return name;
    }

    /** Every scalar's text as written, keyed by its path in {@link ConfigNode}'s notation. */
    private static Map<String, String> scalarTexts(String yaml) {
        Map<String, String> texts = new HashMap<>();
        try (JsonParser parser = new YAMLFactory().createParser(yaml)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token.isScalarValue()) {
                    texts.put(path(parser.getParsingContext()), parser.getText());
                }
            }
        } catch (IOException e) {
            // the tree was read without error; leave the normalised texts in place
        }
        return texts;
    }

    /** The key path of a parser's position in the notation of configuration errors ({@code data.center[2]}). */
    public static String path(JsonStreamContext context) {
        StringBuilder path = new StringBuilder();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                path.insert(0, "[" + c.getCurrentIndex() + "]");
            } else if (c.inObject() && c.getCurrentName() != null) {
                path.insert(0, (c.getParent() == null || c.getParent().inRoot() ? "" : ".") + c.getCurrentName());
            }
        }
        return path.toString();
    }

    private static DataConfig data(ConfigNode node, boolean runNonPrivate) {
        node.require("the data section");
        node.requireObject("data");
        if (node.has("images") && !node.has("generator") && !node.has("file")) {
            node.requireKeys(dev.manifolddp.experiments.images.ImageDataSpec.KEYS, "image data");
            Map<String, String> parameters = new LinkedHashMap<>();
            node.keys("data").forEach(key -> parameters.put(key, node.field(key).text("data." + key)));
            return new DataConfig(DataConfig.IMAGES, null, parameters, null, null, null, false, false, List.of(), null,
                    null, null, 1);
        }
        if (node.has("source")) {
            return source(node);
        }
        boolean generator = node.has("generator");
        boolean file = node.has("file");
        if (generator == file) {
            throw new ConfigException(node.path(), generator
                    ? "give either generator or file, not both"
                    : "needs either 'generator: NAME' with its parameters or 'file: PATH' with center and radius (or "
                            + "'source: NAME', a data source a plugin binds)");
        }
        if (generator) {
            Map<String, String> parameters = new LinkedHashMap<>();
            for (String key : node.keys("data")) {
                if (!key.equals("generator")) {
                    parameters.put(key, node.field(key).text("data parameter '" + key + "'"));
                }
            }
            return new DataConfig(DataConfig.GENERATOR, node.field("generator").scalar("the generator name"),
                    parameters, null, null, null, false, false, List.of(), null, null, null, 1);
        }
        node.requireKeys(DataConfig.FILE_KEYS, "file data");
        boolean nonPrivate = node.has("non-private") && node.field("non-private").bool("non-private");
        Double radius = null;
        if (node.has("radius")) {
            radius = node.field("radius").number("the public ball radius");
            if (!(radius > 0)) {
                throw new ConfigException(node.field("radius").path(), "the radius must be > 0. Provided value: "
                        + radius);
            }
        } else if (!nonPrivate && !runNonPrivate) {
            throw new ConfigException(node.field("radius").path(), "file data need the public ball radius; a radius "
                    + "measured from the data is allowed only with 'non-private: true', which marks every release "
                    + "non-private");
        }
        List<String> columns = node.has("columns") ? node.field("columns").texts("the coordinate columns") : List.of();
        RowFilter where = node.has("where") ? rowFilter(node.field("where")) : null;
        ConfigNode center = node.field("center");
        PublicTemplate template = center.isObject() ? template(center, nonPrivate || runNonPrivate) : null;
        String subject = node.has("subject") ? node.field("subject").scalar("the subject column") : null;
        int recordsPerSubject = 1;
        if (node.has("records-per-subject")) {
            recordsPerSubject = node.field("records-per-subject").intValue("the public bound on a subject's records",
                    1);
            Limits.require(node.field("records-per-subject").path(), "records-per-subject", recordsPerSubject,
                    Limits.MAX_N, "it is a bound on one subject's records");
        }
        if (subject != null && !node.has("records-per-subject")) {
            throw new ConfigException(node.field("records-per-subject").path(), "a subject column needs the PUBLIC "
                    + "bound on a subject's records (from the study design, never from the data: the observed maximum "
                    + "would leak), e.g. 'records-per-subject: 8' for 8 ages per rat. Provided value: (none) with "
                    + "subject: " + subject);
        }
        if (subject == null && node.has("records-per-subject")) {
            throw new ConfigException(node.field("subject").path(), "records-per-subject needs 'subject: COLUMN', "
                    + "the column that says whose record each row is. Provided value: records-per-subject: "
                    + recordsPerSubject);
        }
        String covariate = node.has("covariate") ? node.field("covariate").scalar("the covariate column") : null;
        return new DataConfig(null, null, Map.of(), node.field("file").scalar("the data file"),
                template == null ? center.text("the ball centre") : null, radius,
                node.has("clip") && node.field("clip").bool("clip"), nonPrivate, columns, where, template, subject,
                recordsPerSubject, covariate);
    }

    /**
     * {@code data: { source: NAME, ... }}: a data source bound by name in the run's graph (by a plugin's Guice module);
     * every other key is its parameter, checked by the source itself.
     */
    private static DataConfig source(ConfigNode node) {
        ConfigNode name = node.field("source");
        String source = name.scalar("the data source name");
        for (String other : List.of("generator", "file", "images")) {
            if (node.has(other)) {
                throw new ConfigException(node.field(other).path(), String.format("give either 'source: NAME' or "
                        + "'%s', not both. Provided value: source: %s", other, source));
            }
        }
        if (source.equals(DataConfig.GENERATOR) || source.equals(DataConfig.IMAGES)) {
            throw new ConfigException(name.path(), String.format("the built-in source '%s' is written "
                    + "data: { %s: ... } with its parameters. Provided value: source: %s", source, source, source));
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String key : node.keys("data")) {
            if (!key.equals("source")) {
                parameters.put(key, node.field(key).text("data parameter '" + key + "'"));
            }
        }
        return new DataConfig(source, null, parameters, null, null, null, false, false, List.of(), null, null, null,
                1);
    }

    /**
     * {@code where: { COLUMN: [VALUES] }}: the rows whose one column holds one of the values. Writing it declares
     * COLUMN public (whether a row is selected, hence n, is public knowledge), as {@code mdp release --where} needs
     * {@code --public-columns COLUMN}; no separate key, because a configuration is a written file that states its
     * selection in run.json, and a run is a simulation, not a release (docs/privacy-unit.md, section 3).
     */
    private static RowFilter rowFilter(ConfigNode filter) {
        List<String> keys = filter.keys("where");
        if (keys.size() != 1) {
            throw new ConfigException(filter.path(), "where keeps the rows whose one column holds one of the "
                    + "listed values, e.g. 'where: { group: [gorf, gorm] }'. Provided value: " + keys.size()
                    + " columns " + keys);
        }
        String column = keys.get(0);
        List<String> values = filter.field(column).texts("the values kept");
        return ConfigException.at(filter.path(), () -> new RowFilter(column, values));
    }

    /**
     * {@code center: { mean-of: { where: {...} } }} (a public split of the file) or {@code center: { mean-of:
     * released }} (the released rows: only in a non-private run).
     */
    private static PublicTemplate template(ConfigNode center, boolean nonPrivate) {
        center.requireKeys(List.of("mean-of"), "a ball centre computed from rows of the file");
        ConfigNode of = center.field("mean-of").require("the rows whose Frechet mean is the centre");
        if (of.isObject()) {
            of.requireKeys(List.of("where"), "mean-of");
            return new PublicTemplate(rowFilter(of.field("where").require("the public rows (where: { COLUMN: "
                    + "[VALUES] })")));
        }
        String text = of.scalar("the rows whose Frechet mean is the centre");
        if (!text.equals("released")) {
            throw new ConfigException(of.path(), "mean-of takes { where: { COLUMN: [VALUES] } } (a public split of "
                    + "the file, disjoint from the released rows) or 'released' (the released rows themselves: not "
                    + "private). Provided value: " + text);
        }
        if (!nonPrivate) {
            throw new ConfigException(of.path(), "a centre computed from the released rows is a function of the data; "
                    + "it is allowed only with 'non-private: true' (every release is then marked not private). Use a "
                    + "public split of the file instead: mean-of: { where: { COLUMN: [VALUES] } }. Provided value: "
                    + "released");
        }
        return new PublicTemplate(null);
    }

    private static List<SweepAxis> sweep(ConfigNode node) {
        node.require("the sweep section (at least epsilon)");
        List<SweepAxis> axes = new ArrayList<>();
        for (String key : node.keys("sweep")) {
            ConfigNode values = node.field(key);
            if (!AXIS.matcher(key).matches()) {
                throw new ConfigException(values.path(), "an axis name starts with a letter and has letters, digits, "
                        + "'_' and '-' only. Provided value: " + key);
            }
            if (values.isArray()) {
                Limits.require(values.path(), "a sweep axis' number of values", values.json().size(),
                        Limits.MAX_AXIS_VALUES, "sweep fewer values");
            }
            List<String> texts = values.texts("sweep axis '" + key + "'");
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < texts.size(); i++) {
                String path = values.isArray() ? values.path() + "[" + i + "]" : values.path();
                if (!seen.add(texts.get(i))) {
                    throw new ConfigException(path, "the value " + texts.get(i) + " is listed twice");
                }
                checkBuiltInValue(key, texts.get(i), path);
            }
            axes.add(new SweepAxis(key, texts));
        }
        if (axes.stream().noneMatch(axis -> axis.name().equals(SweepAxis.EPSILON))) {
            throw new ConfigException(node.field(SweepAxis.EPSILON).path(),
                    "the sweep needs epsilon, the privacy budget (e.g. epsilon: [1.0])");
        }
        return axes;
    }

    private static void checkBuiltInValue(String axis, String text, String path) {
        switch (axis) {
            case SweepAxis.N -> {
                Long n = Limits.integer(text);
                if (n == null || n < 1) {
                    throw new ConfigException(path, "n must be an integer >= 1. Provided value: " + text);
                }
                Limits.require(path, "n (records per replicate)", n, Limits.MAX_N, "use smaller n");
            }
            case SweepAxis.EPSILON -> {
                double epsilon = parse(text, path, "epsilon");
                if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
                    throw new ConfigException(path, "epsilon must be finite and > 0. Provided value: " + text);
                }
            }
            case SweepAxis.DELTA -> {
                double delta = parse(text, path, "delta");
                if (!(delta >= 0 && delta < 1)) {
                    throw new ConfigException(path, "delta must be 0 (pure DP) or lie in (0, 1). Provided value: "
                            + text);
                }
            }
            default -> {
                // other axes are substituted as text; their meaning is checked where they are used
            }
        }
    }

    private static double parse(String text, String path, String what) {
        try {
            return YamlDocument.parseNumber(text);
        } catch (NumberFormatException e) {
            throw new ConfigException(path, what + " must be a number. Provided value: " + text);
        }
    }

    private static PluginRef estimator(ConfigNode node) {
        if (node.isMissing()) {
            return new PluginRef(DEFAULT_ESTIMATOR, Map.of(), node.path());
        }
        if (node.json().isValueNode()) {
            return new PluginRef(node.scalar("the estimator name"), Map.of(), node.path());
        }
        node.requireKeys(List.of("name", "params"), "the estimator");
        return new PluginRef(node.field("name").scalar("the estimator name"),
                node.field("params").parameters("estimator parameters"), node.field("name").path());
    }

    private static List<MechanismConfig> mechanisms(ConfigNode node) {
        List<ConfigNode> entries = node.elements("the mechanisms list");
        if (entries.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one mechanism");
        }
        Limits.require(node.path(), "the number of mechanism entries", entries.size(), Limits.MAX_MECHANISMS,
                "split the comparison over several configurations");
        List<MechanismConfig> mechanisms = new ArrayList<>();
        Map<String, String> labels = new HashMap<>();
        for (ConfigNode entry : entries) {
            MechanismConfig mechanism;
            if (!entry.isMissing() && entry.json().isValueNode()) {
                String name = entry.scalar("the mechanism name");
                mechanism = new MechanismConfig(name, name, Map.of(), entry.path());
            } else {
                entry.requireKeys(List.of("name", "label", "params"), "a mechanism entry");
                String name = entry.field("name").scalar("the mechanism name");
                String label = entry.has("label") ? entry.field("label").scalar("the label") : name;
                if (label.contains("\n") || label.contains("\r")) {
                    throw new ConfigException(entry.field("label").path(), "a label is one line");
                }
                mechanism = new MechanismConfig(name, label, entry.field("params").parameters("mechanism parameters"),
                        entry.path());
            }
            String previous = labels.putIfAbsent(mechanism.label(), mechanism.path());
            if (previous != null) {
                throw new ConfigException(mechanism.path() + ".label", String.format(
                        "the label '%s' is already used by %s; labels name the series in the outputs, so give each "
                                + "entry its own 'label:'", mechanism.label(), previous));
            }
            mechanisms.add(mechanism);
        }
        return mechanisms;
    }

    private static List<String> unique(ConfigNode node, String what) {
        List<String> values = node.texts("the " + what + " list");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            if (!seen.add(values.get(i))) {
                throw new ConfigException(node.isArray() ? node.path() + "[" + i + "]" : node.path(),
                        "the " + what + " '" + values.get(i) + "' is listed twice");
            }
        }
        return values;
    }

    private static PicturesConfig pictures(ConfigNode node) {
        node.requireObject("pictures");
        node.requireKeys(PicturesConfig.KEYS, "pictures");
        Map<String, String> at = node.has("at") ? node.field("at").parameters("the cell drawn (axis: value)")
                : Map.of();
        int perMechanism = drawn(node, "per-mechanism", PicturesConfig.DEFAULT_PER_MECHANISM);
        int sample = drawn(node, "sample", PicturesConfig.DEFAULT_SAMPLE);
        List<String> show = unique(node.field("show"), "picture");
        if (show.isEmpty()) {
            throw new ConfigException(node.field("show").path(), "list at least one picture, e.g. show: [shapes]");
        }
        Map<String, String> options = node.has("options") ? node.field("options").parameters("picture options")
                : Map.of();
        return new PicturesConfig(at, perMechanism, sample, show, options);
    }

    private static int drawn(ConfigNode node, String key, int fallback) {
        if (!node.has(key)) {
            return fallback;
        }
        int value = node.field(key).intValue(key, key.equals("sample") ? 0 : 1);
        Limits.require(node.field(key).path(), key, value, PicturesConfig.MAX_DRAWN, "a picture shows a few");
        return value;
    }

    static PlotConfig plot(ConfigNode node) {
        if (node.isMissing()) {
            return PlotConfig.AUTOMATIC;
        }
        node.requireKeys(PLOT_KEYS, "plot");
        return new PlotConfig(node.has("x") ? node.field("x").scalar("the plot's x axis") : null,
                node.has("log-x") ? node.field("log-x").bool("log-x") : null,
                node.has("log-y") ? node.field("log-y").bool("log-y") : null,
                node.has("statistic") ? PlotConfig.Statistic.parse(node.field("statistic").scalar("the plot "
                        + "statistic (mean or median)"), node.field("statistic").path()) : null,
                node.has("band") ? PlotConfig.Band.parse(node.field("band").scalar("the plot band (se, sd or "
                        + "none)"), node.field("band").path()) : null,
                node.has("grid") && node.field("grid").bool("grid"));
    }
}
