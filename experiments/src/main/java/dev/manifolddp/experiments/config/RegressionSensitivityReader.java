package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the keys of a {@value ConfigReader#KIND_REGRESSION_SENSITIVITY} configuration
 * ({@link RegressionSensitivityConfig}) with the rules of the main schema: unknown keys are errors at their path
 * listing the allowed keys, every value is checked for its type and range. Whether a domain suits its geometry is
 * checked when the check is built.
 */
final class RegressionSensitivityReader {

    static final List<String> GEOMETRY_KEYS = List.of("label", "geometry", "domain");
    static final List<String> DOMAIN_KEYS = List.of("center", "data-radius", "footpoint-radius", "max-speed", "tau");

    private RegressionSensitivityReader() {
    }

    static RegressionSensitivityConfig read(ConfigNode root, JsonNode document, Path file) {
        root.requireKeys(RegressionSensitivityConfig.KEYS, "a regression-sensitivity configuration");
        String name = ConfigReader.name(root);
        String reproduces = root.has("reproduces") ? root.field("reproduces").scalar("reproduces") : null;
        long seed = root.field("seed").longValue("the master seed");
        int replicates = ConfigReader.replicates(root);
        int threads = ConfigReader.threads(root);
        int candidates = root.has("candidates") ? root.field("candidates").intValue("candidates (random "
                + "replacement records per adjacent pair)", 1) : RegressionSensitivityConfig.DEFAULT_CANDIDATES;
        Limits.require("candidates", "candidates", candidates, RegressionSensitivityConfig.MAX_CANDIDATES,
                "the worst of fewer candidates moves the maximum very little");
        List<Integer> ns = ns(root.field("n"));
        List<RegressionSensitivityConfig.Setting> geometries = geometries(root.field("geometries"));
        List<String> deviations = root.has("deviations") ? root.field("deviations").texts("deviations") : List.of();
        return new RegressionSensitivityConfig(name, reproduces, seed, replicates, threads, candidates, ns,
                geometries, deviations, file, document);
    }

    private static List<Integer> ns(ConfigNode node) {
        node.require("the sample sizes n (a list, e.g. [20, 50, 100])");
        List<ConfigNode> elements = node.isArray() ? node.elements("n") : List.of(node);
        if (elements.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one sample size n");
        }
        List<Integer> ns = new ArrayList<>();
        for (ConfigNode element : elements) {
            int n = element.intValue("a sample size n", 1);
            Limits.require(element.path(), "a sample size n", n, 1_000_000, "use fewer records");
            if (ns.contains(n)) {
                throw new ConfigException(element.path(), "the sample size " + n + " is listed twice");
            }
            ns.add(n);
        }
        return ns;
    }

    private static List<RegressionSensitivityConfig.Setting> geometries(ConfigNode node) {
        List<ConfigNode> elements = node.require("the geometries list ({ label, geometry, domain } each)")
                .elements("geometries");
        if (elements.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one geometry");
        }
        List<RegressionSensitivityConfig.Setting> settings = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (ConfigNode element : elements) {
            element.requireObject("a geometry { label, geometry, domain }");
            element.requireKeys(GEOMETRY_KEYS, "a geometry");
            String spec = element.field("geometry").scalar("the geometry specification (e.g. sphere:d=2)");
            String label = element.has("label") ? element.field("label").scalar("the label") : spec;
            if (!labels.add(label)) {
                throw new ConfigException(element.path() + ".label", "the label " + label + " is used twice; give "
                        + "each geometry its own label");
            }
            ConfigNode domain = element.field("domain").require("the public domain { center, data-radius, "
                    + "footpoint-radius, max-speed }");
            domain.requireKeys(DOMAIN_KEYS, "domain");
            settings.add(new RegressionSensitivityConfig.Setting(label, spec,
                    domain.field("center").text("the domain centre m0 (a point of the geometry)"),
                    positive(domain.field("data-radius")), positive(domain.field("footpoint-radius")),
                    positive(domain.field("max-speed")),
                    domain.has("tau") ? positive(domain.field("tau")) : Double.NaN));
        }
        return settings;
    }

    private static double positive(ConfigNode node) {
        double value = node.number(node.path());
        if (!(value > 0)) {
            throw new ConfigException(node.path(), "must be > 0. Provided value: " + value);
        }
        return value;
    }
}
