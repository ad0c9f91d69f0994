package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the keys of a {@value ConfigReader#KIND_SENSITIVITY_CHECK} configuration ({@link SensitivityCheckConfig}),
 * with the same rules as the main schema: unknown keys are errors at their path listing the allowed keys, and every
 * value is checked for its type and range. Whether the radii suit the geometry is checked when the check is built.
 */
final class SensitivityCheckReader {

    private SensitivityCheckReader() {
    }

    static SensitivityCheckConfig read(ConfigNode root, JsonNode document, Path file) {
        root.requireKeys(SensitivityCheckConfig.KEYS, "a sensitivity-check configuration");
        String name = ConfigReader.name(root);
        String reproduces = root.has("reproduces") ? root.field("reproduces").scalar("reproduces") : null;
        String geometry = root.field("geometry").scalar("the geometry specification (e.g. sphere:d=2)");
        String center = root.field("center").text("the ball centre (a point of the geometry, e.g. [0, 0, 1])");
        List<Double> radii = radii(root.field("radii"));
        int grid = root.has("grid") ? root.field("grid").intValue("grid (boundary points per circle)",
                SensitivityCheckConfig.MIN_GRID) : SensitivityCheckConfig.DEFAULT_GRID;
        Limits.require("grid", "grid (boundary points per circle)", grid, Limits.MAX_GRID, "the bound converges "
                + "long before; use a coarser grid");
        List<String> deviations = root.has("deviations") ? root.field("deviations").texts("deviations") : List.of();
        PlotConfig plot = ConfigReader.plot(root.field("plot"));
        if (plot.x() != null && !plot.x().equals("r")) {
            throw new ConfigException("plot.x", "a sensitivity check plots against the radius r; leave plot.x out "
                    + "or write r. Provided value: " + plot.x());
        }
        return new SensitivityCheckConfig(name, reproduces, geometry, center, radii, grid, deviations, plot, file,
                document);
    }

    private static List<Double> radii(ConfigNode node) {
        node.require("the radii list (geodesic radii r > 0, e.g. [0.1, 0.2, 0.3])");
        List<ConfigNode> elements = node.isArray() ? node.elements("radii") : List.of(node);
        if (elements.isEmpty()) {
            throw new ConfigException(node.path(), "list at least one radius");
        }
        List<Double> radii = new ArrayList<>();
        Set<Double> seen = new HashSet<>();
        for (ConfigNode element : elements) {
            double r = element.number("a radius");
            if (!(r > 0)) {
                throw new ConfigException(element.path(), "a radius must be > 0. Provided value: " + r);
            }
            if (!seen.add(r)) {
                throw new ConfigException(element.path(), "the radius " + r + " is listed twice");
            }
            radii.add(r);
        }
        return radii;
    }
}
