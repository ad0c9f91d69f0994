package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.mechanisms.McmcSettings;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.ProposalScales;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the keys of a {@value ConfigReader#KIND_REGRESSION} configuration ({@link RegressionConfig}) with the rules of
 * the main schema: unknown keys are errors at their path listing the allowed keys, every value is checked for its
 * type and range. Whether the domain suits the geometry is checked when the experiment is built, without drawing.
 */
final class RegressionReader {

    static final List<String> DOMAIN_KEYS = List.of("center", "data-radius", "footpoint-radius", "max-speed",
            "covariate-range", "tau");
    static final List<String> FILE_DOMAIN_KEYS = List.of("data-radius", "footpoint-radius", "max-speed", "tau");
    static final List<String> DATA_KEYS = List.of("file", "covariate", "covariate-range", "id", "subject",
            "records-per-subject", "columns", "template", "non-private", "plot-covariates", "closed-outline");
    static final List<String> FILE_SWEEP_KEYS = List.of("epsilon", "split");
    /** The {@code template} value that asks for the data's Frechet mean (non-private runs only). */
    static final String TEMPLATE_FROM_DATA = "data";
    /** Shape panels with more covariate values than this would not be legible. */
    static final int MAX_PLOT_COVARIATES = 12;
    static final List<String> TRUTH_KEYS = List.of("footpoint", "shooting-vector");
    static final List<String> SWEEP_KEYS = List.of("n", "noise", "epsilon", "split");
    static final List<String> SPLIT_KEYS = List.of("total", "footpoint");
    static final List<String> METHOD_KEYS = List.of("label", "method", "sigma-rule");
    static final List<String> MCMC_KEYS = List.of("burn-in", "thin", "step", "proposal-scales");
    static final List<String> METHODS = List.of("joint", "public-vector", "paper");
    static final List<String> SIGMA_RULES = List.of("proven", "paper");

    /** Defaults of {@code mcmc}: the settings under which docs/private-regression.md measured good mixing. */
    static final McmcSettings DEFAULT_MCMC = new McmcSettings(4_000, 100, 3, ProposalKind.TANGENT_GAUSSIAN, 1);

    private RegressionReader() {
    }

    static RegressionConfig read(ConfigNode root, JsonNode document, Path file) {
        root.requireKeys(RegressionConfig.KEYS, "a regression configuration");
        String name = ConfigReader.name(root);
        String reproduces = root.has("reproduces") ? root.field("reproduces").scalar("reproduces") : null;
        long seed = root.field("seed").longValue("the master seed");
        int replicates = ConfigReader.replicates(root);
        int threads = ConfigReader.threads(root);
        String geometry = root.field("geometry").scalar("the geometry specification (e.g. sphere:d=2)");
        RegressionConfig.Data data = root.has("data") ? data(root.field("data"), file) : null;
        RegressionConfig.Domain domain = data == null ? domain(root.field("domain"))
                : fileDomain(root.field("domain"), data, root.field("data"));
        RegressionConfig.Truth truth = null;
        List<Integer> ns = List.of();
        List<Double> noises = List.of();
        ConfigNode sweep = root.field("sweep").require("the sweep { n, noise, epsilon, split }");
        if (data != null) {
            if (root.has("truth")) {
                throw new ConfigException("truth", "a regression on a data file has no generating geodesic; remove "
                        + "'truth' (it belongs to synthetic data)");
            }
            sweep.requireKeys(FILE_SWEEP_KEYS, "sweep (on a data file: the records are fixed, so no n or noise)");
        } else {
            ConfigNode truthNode = root.field("truth").require("the generating geodesic { footpoint, "
                    + "shooting-vector }, or a data section { file, covariate, ... }");
            truthNode.requireKeys(TRUTH_KEYS, "truth");
            truth = new RegressionConfig.Truth(
                    truthNode.field("footpoint").text("the true footpoint (a point of the geometry)"),
                    truthNode.field("shooting-vector").text("the true shooting vector (a tangent vector at the "
                            + "footpoint)"));
            sweep.requireKeys(SWEEP_KEYS, "sweep");
            ns = list(sweep.field("n"), "a sample size n", node -> {
                int n = node.intValue("a sample size n", 2);
                Limits.require(node.path(), "a sample size n", n, 1_000_000, "use fewer records");
                return n;
            });
            noises = list(sweep.field("noise"), "a noise variance delta", node -> {
                double delta = node.number("a noise variance delta");
                if (!(delta >= 0)) {
                    throw new ConfigException(node.path(), "a noise variance must be >= 0. Provided value: " + delta);
                }
                return delta;
            });
        }
        List<Double> epsilons = sweep.has("epsilon") ? list(sweep.field("epsilon"), "a total epsilon",
                RegressionReader::positive) : List.of();
        RegressionConfig.Split split = sweep.has("split") ? split(sweep.field("split")) : null;
        if (epsilons.isEmpty() && split == null) {
            throw new ConfigException("sweep.epsilon", "give the totals of the equal panel (sweep.epsilon) or an "
                    + "unequal panel (sweep.split), or both");
        }
        List<RegressionConfig.Method> methods = methods(root.field("methods"));
        boolean anyTwoStep = methods.stream().anyMatch(m -> !m.method().equals("joint"));
        if (split != null && !anyTwoStep) {
            throw new ConfigException("sweep.split", "the unequal panel splits the budget between footpoint and "
                    + "shooting vector, which only the two-step methods (public-vector, paper) do; add one or remove "
                    + "sweep.split");
        }
        if (epsilons.isEmpty() && methods.stream().anyMatch(m -> m.method().equals("joint"))) {
            throw new ConfigException("sweep.epsilon", "method joint spends one total budget and runs on the equal "
                    + "panel only; give sweep.epsilon or remove the joint methods");
        }
        McmcSettings mcmc = root.has("mcmc") ? mcmc(root.field("mcmc")) : DEFAULT_MCMC;
        List<String> deviations = root.has("deviations") ? root.field("deviations").texts("deviations") : List.of();
        return new RegressionConfig(name, reproduces, seed, replicates, threads, geometry, domain, truth, ns, noises,
                epsilons, split, methods, mcmc, deviations, data, file, document);
    }

    private static RegressionConfig.Domain domain(ConfigNode node) {
        node.require("the public domain { center, data-radius, footpoint-radius, max-speed, covariate-range }");
        node.requireKeys(DOMAIN_KEYS, "domain");
        String center = node.field("center").text("the domain centre m0 (a point of the geometry, e.g. [0, 0, 1])");
        double r = positive(node.field("data-radius"));
        double rp = positive(node.field("footpoint-radius"));
        double v = positive(node.field("max-speed"));
        double[] range = range(node.field("covariate-range"));
        double tau = node.has("tau") ? positive(node.field("tau")) : Double.NaN;
        return new RegressionConfig.Domain(center, r, rp, v, range[0], range[1], tau);
    }

    /** The public domain of a data file: its centre is the template and its covariate range the data's. */
    private static RegressionConfig.Domain fileDomain(ConfigNode node, RegressionConfig.Data data,
            ConfigNode dataNode) {
        node.require("the public domain { data-radius, footpoint-radius, max-speed }");
        for (String moved : List.of("center", "covariate-range")) {
            if (node.has(moved)) {
                throw new ConfigException(node.field(moved).path(), "with a data file the ball centre is "
                        + "data.template and the covariate range data.covariate-range; remove domain." + moved);
            }
        }
        node.requireKeys(FILE_DOMAIN_KEYS, "domain (with a data file)");
        double r = positive(node.field("data-radius"));
        double rp = positive(node.field("footpoint-radius"));
        double v = positive(node.field("max-speed"));
        double[] range = range(dataNode.field("covariate-range"));
        double tau = node.has("tau") ? positive(node.field("tau")) : Double.NaN;
        return new RegressionConfig.Domain(data.template(), r, rp, v, range[0], range[1], tau);
    }

    private static double[] range(ConfigNode range) {
        range.require("the public covariate range [low, high]");
        List<ConfigNode> ends = range.elements("the public covariate range [low, high]");
        if (ends.size() != 2) {
            throw new ConfigException(range.path(), "the covariate range is two numbers [low, high]. Provided value: "
                    + ends.size() + " entries");
        }
        double low = ends.get(0).number("the covariate range's low end");
        double high = ends.get(1).number("the covariate range's high end");
        if (!(low < high) || !Double.isFinite(low) || !Double.isFinite(high)) {
            throw new ConfigException(range.path(), String.format("the covariate range needs low < high (both finite). "
                    + "Provided value: [%s, %s]", low, high));
        }
        return new double[] {low, high};
    }

    private static RegressionConfig.Data data(ConfigNode node, Path configurationFile) {
        node.requireObject("the data file section { file, covariate, covariate-range, template, ... }");
        node.requireKeys(DATA_KEYS, "data");
        String file = node.field("file").require("the data file's path").scalar("the data file's path");
        Path folder = configurationFile == null || configurationFile.toAbsolutePath().getParent() == null
                ? Path.of("") : configurationFile.toAbsolutePath().getParent();
        Path resolved = RegressionDataFile.find(node.field("file").path(), file, folder);
        String covariate = node.field("covariate").require("the covariate column's name").scalar("the covariate");
        double[] range = range(node.field("covariate-range"));
        String id = node.has("id") ? node.field("id").scalar("the id column") : null;
        String subject = node.has("subject") ? node.field("subject").scalar("the subject column") : null;
        int perSubject = 1;
        if (subject != null) {
            ConfigNode bound = node.field("records-per-subject").require("the public bound M on a subject's records "
                    + "(with subject, each record is released at epsilon / M)");
            perSubject = bound.intValue("records-per-subject", 1);
            Limits.require(bound.path(), "records-per-subject", perSubject, 10_000, "protect fewer records per "
                    + "subject");
        } else if (node.has("records-per-subject")) {
            throw new ConfigException(node.field("records-per-subject").path(), "records-per-subject bounds the "
                    + "records of one subject; name the subject column (data.subject) or remove it");
        }
        List<String> columns = node.has("columns") ? node.field("columns").texts("the coordinate columns") : List.of();
        boolean nonPrivate = node.has("non-private") && node.field("non-private").bool("non-private");
        ConfigNode templateNode = node.field("template").require("the ball centre m0: a PUBLIC point [..], or "
                + "'data' (the data's Frechet mean) with non-private: true");
        String template = templateNode.isArray() ? templateNode.text("the template") : templateNode.scalar(
                "the template");
        if (!templateNode.isArray()) {
            if (!template.equals(TEMPLATE_FROM_DATA)) {
                throw new ConfigException(templateNode.path(), "the template is a public point [..] in the "
                        + "geometry's layout, or 'data'. Provided value: " + template);
            }
            if (!nonPrivate) {
                throw new ConfigException(templateNode.path(), "a template computed from the data makes the release "
                        + "depend on the data outside the mechanism; give a public template [..], or set "
                        + "data.non-private: true (every release is then labelled not-private). Provided value: "
                        + template);
            }
            template = null;
        }
        List<Double> plot = node.has("plot-covariates") ? list(node.field("plot-covariates"), "a covariate value",
                element -> {
                    double x = element.number("a covariate value of the shape panel");
                    if (!(x >= range[0] && x <= range[1])) {
                        throw new ConfigException(element.path(), String.format("a covariate value of the shape "
                                + "panel lies in the covariate range [%s, %s]. Provided value: %s", range[0],
                                range[1], x));
                    }
                    return x;
                }) : List.of(range[0], range[0] + 0.25 * (range[1] - range[0]), 0.5 * (range[0] + range[1]),
                        range[0] + 0.75 * (range[1] - range[0]), range[1]);
        if (plot.size() > MAX_PLOT_COVARIATES) {
            throw new ConfigException(node.field("plot-covariates").path(), "the shape panel shows at most "
                    + MAX_PLOT_COVARIATES + " covariate values. Provided value: " + plot.size() + " values");
        }
        return new RegressionConfig.Data(file, resolved, covariate, id, subject, perSubject, columns, template,
                nonPrivate, plot, node.has("closed-outline") && node.field("closed-outline").bool("closed-outline"));
    }

    private static RegressionConfig.Split split(ConfigNode node) {
        node.requireKeys(SPLIT_KEYS, "sweep.split");
        double total = positive(node.field("total"));
        List<Double> footpoints = list(node.field("footpoint"), "a footpoint budget epsilon_p", element -> {
            double value = positive(element);
            if (!(value < total)) {
                throw new ConfigException(element.path(), String.format("a footpoint budget must lie strictly "
                        + "below the total %s (the shooting vector spends the rest). Provided value: %s", total,
                        value));
            }
            return value;
        });
        return new RegressionConfig.Split(total, footpoints);
    }

    private static List<RegressionConfig.Method> methods(ConfigNode node) {
        List<ConfigNode> elements = node.require("the methods list").elements("methods");
        if (elements.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one method");
        }
        List<RegressionConfig.Method> methods = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (ConfigNode element : elements) {
            element.requireObject("a method { label, method, sigma-rule }");
            element.requireKeys(METHOD_KEYS, "a method");
            String method = oneOf(element.field("method"), "the method", METHODS);
            String rule = element.has("sigma-rule") ? oneOf(element.field("sigma-rule"), "the sigma rule",
                    SIGMA_RULES) : "proven";
            String label = element.has("label") ? element.field("label").scalar("the label")
                    : method + "/" + rule;
            if (!labels.add(label)) {
                throw new ConfigException(element.path() + ".label", "the label " + label + " is used twice; give "
                        + "each method its own label");
            }
            methods.add(new RegressionConfig.Method(label, method, rule));
        }
        return methods;
    }

    /**
     * The {@code mcmc} block through {@link McmcSettings#read}, with this schema's messages at {@code mcmc.KEY}: the
     * chain's lengths within {@link Limits#MECHANISM_PARAMETERS}; proposal and chains are not keys of this block
     * (one tangent Gaussian chain), so they keep the defaults.
     */
    private static McmcSettings mcmc(ConfigNode node) {
        node.requireKeys(MCMC_KEYS, "mcmc");
        return McmcSettings.read(new McmcSettings.Source() {
            @Override
            public Long longValue(String key, long min) {
                if (!node.has(key)) {
                    return null;
                }
                long value = node.field(key).longValue(key);
                if (value < min) {
                    throw new ConfigException("mcmc." + key, key + " must be >= " + min + ". Provided value: " + value);
                }
                return withinLimit(key, value);
            }

            @Override
            public Integer intValue(String key, int min) {
                return node.has(key) ? (int) withinLimit(key, node.field(key).intValue(key, min)) : null;
            }

            @Override
            public Double positive(String key) {
                return node.has(key) ? RegressionReader.positive(node.field(key)) : null;
            }

            @Override
            public <T> T choice(String key, Function<String, T> parse) {
                if (!key.equals(McmcSettings.PROPOSAL_SCALES) || !node.has(key)) {
                    return null; // the proposal is not a key of this block
                }
                // oneOf names the key and lists the names; parse then cannot fail
                return parse.apply(oneOf(node.field(key), key,
                        Arrays.stream(ProposalScales.values()).map(ProposalScales::configName).toList()));
            }
        }, DEFAULT_MCMC);
    }

    /** The chain lengths' limits and what to do instead, at {@code mcmc.KEY}. */
    private static long withinLimit(String key, long value) {
        Limits.require("mcmc." + key, key, value, Limits.MECHANISM_PARAMETERS.get(key),
                key.equals(McmcSettings.BURN_IN) ? "use a shorter chain" : "use a shorter segment");
        return value;
    }

    private static String oneOf(ConfigNode node, String what, List<String> allowed) {
        String value = node.scalar(what);
        if (!allowed.contains(value)) {
            throw new ConfigException(node.path(), String.format("%s must be one of %s. Provided value: %s", what,
                    String.join(", ", allowed), value));
        }
        return value;
    }

    private static double positive(ConfigNode node) {
        double value = node.number(node.path());
        if (!(value > 0)) {
            throw new ConfigException(node.path(), "must be > 0. Provided value: " + value);
        }
        return value;
    }

    /** A non-empty list without repeats (a single value counts as a list of one). */
    private static <T> List<T> list(ConfigNode node, String what, Function<ConfigNode, T> read) {
        node.require(what + " list");
        List<ConfigNode> elements = node.isArray() ? node.elements(what) : List.of(node);
        if (elements.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one value (" + what + ")");
        }
        List<T> values = new ArrayList<>();
        for (ConfigNode element : elements) {
            T value = read.apply(element);
            if (values.contains(value)) {
                throw new ConfigException(element.path(), "the value " + value + " is listed twice");
            }
            values.add(value);
        }
        return values;
    }
}
