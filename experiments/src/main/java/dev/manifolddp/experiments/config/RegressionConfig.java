package dev.manifolddp.experiments.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.mechanisms.McmcSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * A configuration of kind {@value ConfigReader#KIND_REGRESSION}: private geodesic regression on synthetic data
 * (Kulkarni and Soto 2025, their sphere experiments) or on a data file (their Kendall shape experiments), the joint and the
 * paper's two-step release side by side. The schema for synthetic data:
 *
 * <pre>
 * kind: regression                       # required for this kind
 * name: 003-fig5-6-sphere                # required; the output folder results/&lt;name&gt;
 * reproduces: "Kulkarni and Soto 2025, ..."           # optional
 * seed: 2025                             # required integer
 * replicates: 100                        # required, &gt;= 1 (multiplied by --scale): (dataset, release) pairs per cell
 * threads: 0                             # optional, 0 = all cores
 * geometry: sphere:d=2                   # required; needs TangentBasis and ParallelTransport
 * domain:                                # required, public: fixed before the data
 *   center: [0, 0, 1]                    #   m0
 *   data-radius: 0.39269908              #   r: every response lies in B_r(m0)
 *   footpoint-radius: 0.3                #   Rp
 *   max-speed: 0.4                       #   V
 *   covariate-range: [0, 1]              #   public [low, high]
 *   tau: 1.2                             #   optional public tau &gt;= V + Rp + r (default V + Rp + r)
 * truth:                                 # required: the generating geodesic x -&gt; exp(footpoint, x shooting-vector)
 *   footpoint: [..]                      #   a point of the geometry
 *   shooting-vector: [..]                #   a tangent vector at it
 * sweep:                                 # required
 *   n: [20, 50, 100]                     #   records per dataset, covariates uniform on the public range
 *   noise: [0.001]                       #   delta: tangent noise with variance delta per coordinate (Kulkarni and Soto 2025: delta I_3)
 *   epsilon: [0.2, 1.0, 2.0]             #   equal panel: total epsilon (the paper method splits it in half)
 *   split: { total: 2.02, footpoint: [0.02, 1.0, 2.0] }   # optional unequal panel (paper methods only)
 * methods:                               # required: { label, method: joint|paper, sigma-rule: proven|paper }
 *   - { label: joint, method: joint, sigma-rule: proven }
 * mcmc: { burn-in: 4000, thin: 100, step: 3 }   # optional (defaults those of docs/private-regression.md's test);
 *                                        #   proposal-scales: ladder (default) | single (the one-scale kernel)
 * deviations: ["text", ...]              # optional notes for summary.md
 * </pre>
 *
 * <p>For a data file, {@code data} replaces {@code truth}, {@code sweep.n}, {@code sweep.noise},
 * {@code domain.center} and {@code domain.covariate-range} (each replicate is a new release on the same records):
 *
 * <pre>
 * data:
 *   file: dataset:rats                   # required; a bundled dataset, an absolute path or one relative to the
 *                                        #   configuration's folder
 *   covariate: age_days                  # required: the covariate column
 *   covariate-range: [7, 150]            # required, public
 *   id: shape_id                         # optional unique id column
 *   subject: rat                         # optional: protect subjects (all their records), not single records
 *   records-per-subject: 8               # required with subject: the public bound M; each record gets epsilon / M
 *   columns: [x1, y1, ...]               # optional coordinate columns (default: the geometry's layout names)
 *   template: [..] | data                # required ball centre m0: a PUBLIC point, or the data's Frechet mean,
 *   non-private: true                    #   which needs non-private: true (every release is then not-private)
 *   plot-covariates: [7, 30, 90, 150]    # optional covariate values of the shape panel (default 5 across the range)
 *   closed-outline: true                 # optional: join the last landmark to the first in the shape panel
 * sweep: { epsilon: [0.6, 2, 20] }       # the total budgets, per subject when a subject column is named
 * </pre>
 *
 * @param name           the name, also the output folder
 * @param reproduces     the paper figure it reproduces, or null
 * @param seed           the master seed
 * @param replicates     (dataset, release) pairs per cell before {@code --scale}
 * @param threads        worker threads, 0 = all cores
 * @param geometry       the geometry specification
 * @param domain         the public domain
 * @param truth          the generating geodesic
 * @param ns             the sample sizes
 * @param noises         the noise variances delta
 * @param epsilons       the totals of the equal panel (may be empty when a split is given)
 * @param split          the unequal panel, or null
 * @param methods        the releases compared
 * @param mcmc           the Metropolis-Hastings settings (one tangent Gaussian chain; the {@code mcmc} block)
 * @param deviations     the author's notes on deviations from the paper's settings
 * @param data           the data file, or null for synthetic data
 * @param file           the configuration file, or null
 * @param document       the parsed document, recorded in run.json
 */
public record RegressionConfig(String name, String reproduces, long seed, int replicates, int threads,
        String geometry, Domain domain, Truth truth, List<Integer> ns, List<Double> noises, List<Double> epsilons,
        Split split, List<Method> methods, McmcSettings mcmc, List<String> deviations, Data data, Path file,
        JsonNode document)
        implements Configuration {

    /** The top-level keys of this kind, in schema order. */
    public static final List<String> KEYS = List.of("kind", "name", "reproduces", "seed", "replicates", "threads",
            "geometry", "domain", "data", "truth", "sweep", "methods", "mcmc", "deviations");

    public RegressionConfig {
        ns = List.copyOf(ns);
        noises = List.copyOf(noises);
        epsilons = List.copyOf(epsilons);
        methods = List.copyOf(methods);
        deviations = List.copyOf(deviations);
    }

    /** Whether the records come from a file ({@link #data()}) rather than a generator. */
    public boolean fileData() {
        return data != null;
    }

    /**
     * A data file's records and their roles.
     *
     * @param file              the file as written in the configuration
     * @param resolved          the file found (see {@link RegressionDataFile})
     * @param covariate         the covariate column
     * @param id                the id column, or null
     * @param subject           the subject column, or null (a record is the unit of privacy)
     * @param recordsPerSubject the public bound M on a subject's records (1 without a subject column)
     * @param columns           the coordinate columns, or empty for the geometry's layout names
     * @param template          the public ball centre as comma-separated numbers, or null for the data's Frechet
     *                          mean (only with {@code nonPrivate})
     * @param nonPrivate        the run may read its template off the data; every release is labelled not-private
     * @param plotCovariates    the covariate values of the shape panel
     * @param closedOutline     the shape panel joins the last landmark to the first
     */
    public record Data(String file, Path resolved, String covariate, String id, String subject, int recordsPerSubject,
            List<String> columns, String template, boolean nonPrivate, List<Double> plotCovariates,
            boolean closedOutline) {
        public Data {
            columns = List.copyOf(columns);
            plotCovariates = List.copyOf(plotCovariates);
        }

        /** The template is the data's Frechet mean (a non-private run). */
        public boolean templateFromData() {
            return template == null;
        }
    }

    /**
     * The public domain.
     *
     * @param center          m0, comma-separated numbers in the geometry's layout (null with file data: the
     *                        template)
     * @param dataRadius      r
     * @param footpointRadius Rp
     * @param maxSpeed        V
     * @param low             the covariate range's low end
     * @param high            its high end
     * @param tau             a public tau, or NaN for the default {@code V + Rp + r}
     */
    public record Domain(String center, double dataRadius, double footpointRadius, double maxSpeed, double low,
            double high, double tau) {
    }

    /**
     * The generating geodesic.
     *
     * @param footpoint      its point at covariate 0, comma-separated
     * @param shootingVector its velocity there, comma-separated ambient coordinates
     */
    public record Truth(String footpoint, String shootingVector) {
    }

    /**
     * The unequal panel: a fixed total, the footpoint's share varying.
     *
     * @param total      the total epsilon
     * @param footpoints the footpoint budgets epsilon_p, each in (0, total)
     */
    public record Split(double total, List<Double> footpoints) {
        public Split {
            footpoints = List.copyOf(footpoints);
        }
    }

    /**
     * One release compared.
     *
     * @param label     the label in outputs
     * @param method    joint or paper
     * @param sigmaRule proven or paper
     */
    public record Method(String label, String method, String sigmaRule) {
    }

    @Override
    public String kind() {
        return ConfigReader.KIND_REGRESSION;
    }
}
