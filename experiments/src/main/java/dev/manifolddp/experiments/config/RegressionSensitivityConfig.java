package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/**
 * A configuration of kind {@value ConfigReader#KIND_REGRESSION_SENSITIVITY}: the empirical check of the regression
 * sensitivities (Kulkarni and Soto 2025, their App. G, Figs. 9-10). For every geometry and n it draws random adjacent
 * datasets inside the public domain, one record replaced by the worst of several random candidates, at a random
 * candidate (p, v) of the domain, and sets the change of the averaged gradients against Delta_p, Delta_v and the
 * joint Delta. No mechanism runs. The schema:
 *
 * <pre>
 * kind: regression-sensitivity           # required for this kind
 * name: 003-fig9-10-sensitivity          # required; the output folder results/&lt;name&gt;
 * reproduces: "Kulkarni and Soto 2025, ..."           # optional
 * seed: 2025                             # required integer
 * replicates: 200                        # required, &gt;= 1 (multiplied by --scale): adjacent pairs per (geometry, n)
 * threads: 0                             # optional, 0 = all cores
 * candidates: 50                         # optional (default 50): random replacement records per pair
 * n: [20, 50, 100]                       # required: records per dataset
 * geometries:                            # required, one or more
 *   - label: sphere                      #   optional (default the specification), unique
 *     geometry: sphere:d=2               #   required; needs TangentBasis
 *     domain:                            #   required, public
 *       center: [0, 0, 1]                #     m0
 *       data-radius: 0.3927              #     r: responses in B_r(m0)
 *       footpoint-radius: 0.3            #     Rp: footpoints in B_Rp(m0)
 *       max-speed: 0.4                   #     V: |v| &lt;= V
 *       tau: 1.2                         #     optional public tau &gt;= V + Rp + r (default V + Rp + r)
 * deviations: ["text", ...]              # optional notes for summary.md
 * </pre>
 *
 * <p>Covariates are drawn already rescaled into [0, 1], where the bounds are stated, so no covariate range is read.
 *
 * @param name       the name, also the output folder
 * @param reproduces the paper figure it reproduces, or null
 * @param seed       the master seed
 * @param replicates adjacent pairs per (geometry, n) before {@code --scale}
 * @param threads    worker threads, 0 = all cores
 * @param candidates random replacement records per pair
 * @param ns         the sample sizes
 * @param geometries the geometries with their public domains
 * @param deviations the author's notes on deviations from the paper's settings
 * @param file       the configuration file, or null
 * @param document   the parsed document, recorded in run.json
 */
public record RegressionSensitivityConfig(String name, String reproduces, long seed, int replicates, int threads,
        int candidates, List<Integer> ns, List<Setting> geometries, List<String> deviations, Path file,
        JsonNode document) implements Configuration {

    /** The top-level keys of this kind, in schema order. */
    public static final List<String> KEYS = List.of("kind", "name", "reproduces", "seed", "replicates", "threads",
            "candidates", "n", "geometries", "deviations");

    /** Replacement candidates per pair when {@code candidates} is not given. */
    public static final int DEFAULT_CANDIDATES = 50;

    /** The most candidates per pair: the worst of many more moves the maximum very little. */
    public static final int MAX_CANDIDATES = 100_000;

    public RegressionSensitivityConfig {
        ns = List.copyOf(ns);
        geometries = List.copyOf(geometries);
        deviations = List.copyOf(deviations);
    }

    /**
     * One geometry with its public domain.
     *
     * @param label           the label in outputs
     * @param geometry        the geometry specification
     * @param center          m0, comma-separated
     * @param dataRadius      r
     * @param footpointRadius Rp
     * @param maxSpeed        V
     * @param tau             a public tau, or NaN for the default {@code V + Rp + r}
     */
    public record Setting(String label, String geometry, String center, double dataRadius, double footpointRadius,
            double maxSpeed, double tau) {
    }

    @Override
    public String kind() {
        return ConfigReader.KIND_REGRESSION_SENSITIVITY;
    }
}
