package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/**
 * A configuration of kind {@value ConfigReader#KIND_SENSITIVITY_CHECK}: the empirical tangent-space bound of paper
 * Reimherr et al. 2021, suppl. §2.1 (their Fig. 1), {@code E(r) = max_(i,j) |log(x_1, x_i) - log(x_1, x_j)|_(x_1)} over a grid on the boundary
 * of {@code B_r(center)}, set against 2r and the Lipschitz bounds {@code 2r(2 - h_max(r, kmax))} (Reimherr et al. 2021, suppl. Lemma 1) and
 * {@code 2r(2 - h_max(2r, kmax))} (Soto et al. 2022, Theorem 2). No mechanism runs and nothing random is drawn. The schema:
 *
 * <pre>
 * kind: sensitivity-check              # required for this kind
 * name: 002-fig1-empirical-bound       # required; the output folder results/&lt;name&gt;
 * reproduces: "Reimherr et al. 2021, suppl. Fig. 1"      # optional
 * geometry: sphere:d=2                 # required; needs TangentBasis
 * center: [0, 0, 1]                    # required: the ball's centre, a point of the geometry
 * radii: [0.05, 0.1, 0.2]              # required: geodesic radii r &gt; 0, each with 2r below the injectivity radius
 *                                      # and h_max(r, kmax) &gt; 0
 * grid: 360                            # optional (default 360): boundary points per circle; --scale multiplies it
 * deviations: ["text", ...]            # optional notes for summary.md
 * plot: { log-x: false, log-y: false } # optional
 * </pre>
 *
 * @param name       the name, also the output folder
 * @param reproduces the paper figure it reproduces, or null
 * @param geometry   the geometry specification
 * @param center     the ball's centre as comma-separated numbers in the geometry's layout
 * @param radii      the radii, in the order written
 * @param grid       boundary points per circle before {@code --scale}
 * @param deviations the author's notes on deviations from the paper's settings
 * @param plot       plot settings (only the log flags apply)
 * @param file       the configuration file, or null
 * @param document   the parsed document, recorded in run.json
 */
public record SensitivityCheckConfig(String name, String reproduces, String geometry, String center,
        List<Double> radii, int grid, List<String> deviations, PlotConfig plot, Path file, JsonNode document)
        implements Configuration {

    /** The top-level keys of this kind, in schema order. */
    public static final List<String> KEYS = List.of("kind", "name", "reproduces", "geometry", "center", "radii",
            "grid", "deviations", "plot");

    /** Boundary points per circle when {@code grid} is not given (one every degree). */
    public static final int DEFAULT_GRID = 360;

    /** The fewest boundary points per circle, whatever {@code --scale} asks. */
    public static final int MIN_GRID = 8;

    public SensitivityCheckConfig {
        radii = List.copyOf(radii);
        deviations = List.copyOf(deviations);
    }

    @Override
    public String kind() {
        return ConfigReader.KIND_SENSITIVITY_CHECK;
    }
}
