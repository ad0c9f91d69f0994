package dev.manifolddp.benchmarks;

import dev.manifolddp.estimators.FrechetGradient;
import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.estimators.FrechetMeanResult;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.mechanisms.KNormGradient;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentBoxProposal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the fixtures of the side-by-side workloads ({@code benchmarks/side-by-side}) to files the numpy reference
 * ({@code benchmarks/reference/numpy_reference.py}) reads, together with the values Java computes on them, so that
 * the two sides can be checked to agree before they are timed. The fixtures are exactly those of the JMH benchmarks
 * ({@link Fixtures}, same seeds and streams); every array is a CSV file with one point per row (an SPD matrix is its
 * k x k entries in row-major order), written with {@link Double#toString} so that it reads back bit for bit.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.manifolddp.benchmarks.FixtureExport DIR}. DIR must
 * not hold the files already: nothing is overwritten.
 */
public final class FixtureExport {

    /** Steps of the reference MH chain whose acceptance rate the numpy chain is compared with. */
    static final int REFERENCE_CHAIN_STEPS = 20_000;
    /** Fixed tangent coordinates (times the MH step) of the proposal-map check. */
    private static final double[] PROPOSAL_CHECK = {0.3, -0.2, 0.1};
    /** The privacy budget of {@link KngMetropolisStepBenchmark}'s chain. */
    private static final double EPSILON = 1.0;

    private final Path directory;
    private final Map<String, String> reference = new LinkedHashMap<>();

    private FixtureExport(Path directory) {
        this.directory = directory;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: FixtureExport DIR (a directory for the fixture files). "
                    + "Provided value: " + args.length + " arguments");
        }
        Path directory = Path.of(args[0]);
        Files.createDirectories(directory);
        FixtureExport export = new FixtureExport(directory);
        export.sphereDensity();
        export.spd2DensityAndChain();
        export.sphereFrechetMean();
        export.logEuclideanMean();
        export.affineInvariantDistance();
        export.writeReference();
        System.out.println("fixtures and Java reference values written to " + directory.toAbsolutePath());
    }

    /** {@link KngDensityBenchmark#sphereN1000}. */
    private void sphereDensity() {
        Geometry sphere = Fixtures.geometry("sphere:d=2");
        GeneratedData data = Fixtures.sphereCap(sphere, 1000);
        double[] x = Fixtures.pointInBall(sphere, data.center(), data.points()[0], 0.1);
        writeCsv("sphere_cap_1000.csv", data.points());
        value("sphere_density_x", x);
        value("sphere_density", new FrechetGradient(sphere, data.points()).gradientNorm(x));
    }

    /** {@link KngDensityBenchmark#spdAffineInvariant2N100} and {@link KngMetropolisStepBenchmark}. */
    private void spd2DensityAndChain() {
        Geometry spd = Fixtures.geometry("spd/affine-invariant:k=2");
        GeneratedData data = Fixtures.wishart(spd, 100);
        FrechetGradient field = new FrechetGradient(spd, data.points());
        double[] x = Fixtures.pointInBall(spd, data.center(), data.points()[0], 0.1);
        writeCsv("spd2_wishart_100.csv", data.points());
        value("spd2_density_x", x);
        value("spd2_density", field.gradientNorm(x));

        // the chain of KngMetropolisStepBenchmark, same construction
        double sigma = 2 * KNormGradient.sensitivity(spd, data.radius(), data.size()) / EPSILON;
        double step = KNormGradient.DEFAULT_STEP * sigma;
        double[] start = Fixtures.mean(spd, data);
        value("spd2_center", data.center());
        value("spd2_radius", data.radius());
        value("spd2_sigma", sigma);
        value("spd2_step", step);
        value("spd2_start", start);
        double[] proposed = proposalMap(spd, start, step);
        value("spd2_proposal_check_coordinates", PROPOSAL_CHECK);
        value("spd2_proposal_check", proposed);
        // at the start (the mean) the target is ~0; at the proposed point it is a number worth comparing
        value("spd2_log_target_proposal_check", -field.gradientNorm(proposed) / sigma);
        McmcResult chain = MetropolisHastings.builder().geometry(spd).target(y -> -field.gradientNorm(y) / sigma)
                .proposal(new TangentBoxProposal(spd)).step(step).restrictTo(data.center(), data.radius())
                .burnIn(0).thin(1).samples(REFERENCE_CHAIN_STEPS).build().run(start, Fixtures.stream(10));
        value("spd2_chain_steps", REFERENCE_CHAIN_STEPS);
        value("spd2_chain_acceptance", chain.diagnostics().acceptanceRate());
    }

    /** {@code exp(x, sum_i (step c_i) e_i)} in the geometry's orthonormal basis: the proposal's map of coordinates. */
    private static double[] proposalMap(Geometry spd, double[] x, double step) {
        TangentBasis tangentBasis = spd.capability(TangentBasis.class).orElseThrow();
        double[][] basis = new double[tangentBasis.basisSize()][x.length];
        tangentBasis.basis(x, basis);
        double[] coordinates = new double[PROPOSAL_CHECK.length];
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = step * PROPOSAL_CHECK[i];
        }
        double[] tangent = new double[x.length];
        TangentBasis.combine(basis, coordinates, tangent);
        return spd.exp(x, tangent);
    }

    /** {@link FrechetMeanBenchmark}. */
    private void sphereFrechetMean() {
        Geometry sphere = Fixtures.geometry("sphere:d=2");
        // the benchmark's (and numpy's) gradient descent, not the default Newton: numpy checks the update count
        FrechetMeanResult result = FrechetMean.builder().geometry(sphere).tolerance(1e-12).maxIterations(10_000)
                .method(FrechetMean.Method.GRADIENT).build().fit(Fixtures.sphereCap(sphere, 1000).points());
        value("sphere_mean", result.requireConverged());
        value("sphere_mean_iterations", result.iterations());
    }

    /** {@link LogEuclideanReleaseBenchmark#closedFormMean}. */
    private void logEuclideanMean() {
        Geometry spd = Fixtures.geometry("spd/log-euclidean:k=30");
        double[][] points = Fixtures.randomSpd(30, 500).points();
        writeCsv("spd30_random_500.csv", points);
        value("spd30_log_euclidean_mean", FrechetMean.builder().geometry(spd).build().fit(points).requireConverged());
    }

    /** {@link GeometryPrimitivesBenchmark#spdAffineInvariantDistance} at k = 30. */
    private void affineInvariantDistance() {
        Geometry spd = Fixtures.geometry("spd/affine-invariant:k=30");
        double[][] points = Fixtures.randomSpd(30, 2).points();
        writeCsv("spd30_pair.csv", points);
        value("spd30_affine_invariant_distance", spd.distance(points[0], points[1]));
    }

    private void value(String key, double number) {
        reference.put(key, Double.toString(number));
    }

    private void value(String key, double[] vector) {
        List<String> entries = new ArrayList<>(vector.length);
        for (double entry : vector) {
            entries.add(Double.toString(entry));
        }
        reference.put(key, "[" + String.join(", ", entries) + "]");
    }

    private void writeReference() {
        String json = reference.entrySet().stream()
                .map(entry -> "  \"" + entry.getKey() + "\": " + entry.getValue())
                .collect(Collectors.joining(",\n", "{\n", "\n}\n"));
        write("reference.json", json);
    }

    private void writeCsv(String name, double[][] rows) {
        StringBuilder text = new StringBuilder();
        for (double[] row : rows) {
            for (int j = 0; j < row.length; j++) {
                text.append(j == 0 ? "" : ",").append(row[j]);
            }
            text.append('\n');
        }
        write(name, text.toString());
    }

    private void write(String name, String text) {
        Path file = directory.resolve(name);
        if (Files.exists(file)) {
            throw new IllegalArgumentException("fixture file " + file + " exists already; FixtureExport never "
                    + "overwrites: delete it or give an empty directory. Provided value: " + directory);
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
