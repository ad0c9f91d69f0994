package dev.manifolddp.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.GeodesicRegressionEstimator;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.KNormGradientProvider;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.sampling.data.NoisyGeodesicGeneratorProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Geodesic regression through the one experiment pipeline (issue 24 item 2): {@code estimator: geodesic-regression}
 * on {@code noisy-geodesic} records, KNG's joint release on the tangent bundle and the prediction errors as utility
 * measures. Every replicate's numbers are recomputed here from the library (the run's streams, the estimator, the
 * mechanism and the geodesic on the caller's covariate), and the run has the same bytes on one and two threads.
 */
class RegressionThroughRunnerTest {

    private static final long SEED = 24;
    private static final int N = 30;
    private static final double EPSILON = 1.0;
    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final String FOOTPOINT = "-0.09979179683625425, 0.049895898418127124, 0.9937565077045984";
    private static final String VELOCITY = "0.24775935938894314, 0.05112032030552843, 0.022312968192351634";

    @TempDir
    Path folder;

    private static String config(String utilities) {
        return """
                name: tiny-regression
                seed: %d
                replicates: 3
                geometry: sphere:d=2
                data: { generator: noisy-geodesic, center: [0, 0, 1], radius: 0.39269908169872414,
                        covariate-low: 0, covariate-high: 1, footpoint: [%s], velocity: [%s], noise: 0.01 }
                sweep: { n: [%d], epsilon: [%s] }
                estimator: { name: geodesic-regression, params: { covariate-low: 0, covariate-high: 1,
                             footpoint-radius: 0.3, max-speed: 0.4 } }
                mechanisms:
                  - { name: kng, label: joint, params: { sampler: mcmc, burn-in: 200, thin: 10, step: 0.5 } }
                utility: [%s]
                """.formatted(SEED, FOOTPOINT, VELOCITY, N, EPSILON, utilities);
    }

    @Test
    void everyReplicateIsTheLibrarysReleaseMeasuredOnItsRecordsWithTheSameBytesOnAnyThreadCount() throws IOException {
        String yaml = config("prediction-mse, estimate-prediction-mse");
        Path one = Configs.runQuietly(folder, yaml, "one", 1);
        Path two = Configs.runQuietly(folder, yaml, "two", 2);
        List<String> rows = Files.readAllLines(one.resolve("replicates.csv"));
        assertThat(Files.readAllLines(two.resolve("replicates.csv"))).isEqualTo(rows);
        assertThat(rows.get(0)).startsWith("n,epsilon,mechanism,replicate,prediction-mse,estimate-prediction-mse,sigma");

        Map<String, String> data = generatorParameters();
        StreamLayout streams = new StreamLayout(SEED, 1);
        double[] m0 = {0, 0, 1};
        for (int r = 0; r < 3; r++) {
            double[][] records = new NoisyGeodesicGeneratorProvider().create(SPHERE, data)
                    .generate(N, streams.data(0, r)).points();
            Estimator estimator = new GeodesicRegressionEstimator(0, 1, 0.3, 0.4, Double.NaN)
                    .forBall(SPHERE, m0, 0.39269908169872414);
            double[] estimate = estimator.estimate(SPHERE, records);
            Mechanism kng = new KNormGradientProvider().create(Map.of("sampler", "mcmc", "burn-in", "200", "thin",
                    "10", "step", "0.5"));
            Calibration calibration = kng.calibrate(estimator, SPHERE, DataBall.declared(m0, 0.39269908169872414),
                    N, PrivacyBudget.pure(EPSILON));
            double[] release = kng.release(calibration, records, streams.mechanism(0, 0, r)).value();

            String[] row = rows.get(1 + r).split(",");
            assertThat(row[3]).isEqualTo(Integer.toString(r));
            double releaseMse = Double.parseDouble(row[4]);
            double estimateMse = Double.parseDouble(row[5]);
            assertThat(releaseMse).isCloseTo(mseOnCallersCovariate(estimator, release, records),
                    within(1e-12 * releaseMse));
            assertThat(estimateMse).isCloseTo(mseOnCallersCovariate(estimator, estimate, records),
                    within(1e-12 * estimateMse));
            assertThat(estimateMse).isLessThan(releaseMse);
            assertThat(Double.parseDouble(row[6])).isEqualTo(calibration.sigma());
        }
    }

    @Test
    void fileRecordsCarryTheirCovariateColumnAndAnAgeOutsideThePublicRangeIsRefused() throws IOException {
        Map<String, String> data = generatorParameters();
        double[][] records = new NoisyGeodesicGeneratorProvider().create(SPHERE, data)
                .generate(N, new StreamLayout(SEED, 1).data(0, 0)).points();
        StringBuilder csv = new StringBuilder("x,y,z,age\n");
        for (double[] record : records) {
            csv.append(record[0]).append(',').append(record[1]).append(',').append(record[2]).append(',')
                    .append(record[3]).append('\n');
        }
        Files.writeString(folder.resolve("records.csv"), csv);
        String yaml = config("estimate-prediction-mse").replaceFirst("(?s)data: \\{.*?\\}\n",
                "data: { file: records.csv, columns: [x, y, z], covariate: age, center: [0, 0, 1], "
                        + "radius: 0.39269908169872414 }\n").replace("n: [" + N + "], ", "");
        Path out = Configs.runQuietly(folder, yaml, "file", 1);
        List<String> rows = Files.readAllLines(out.resolve("replicates.csv"));
        Estimator estimator = new GeodesicRegressionEstimator(0, 1, 0.3, 0.4, Double.NaN)
                .forBall(SPHERE, new double[] {0, 0, 1}, 0.39269908169872414);
        double expected = mseOnCallersCovariate(estimator, estimator.estimate(SPHERE, records), records);
        double mse = Double.parseDouble(rows.get(1).split(",")[List.of(rows.get(0).split(",")).indexOf(
                "estimate-prediction-mse")]);
        assertThat(mse).isCloseTo(expected, within(1e-12 * expected));
        Files.writeString(folder.resolve("records.csv"), csv.toString().replaceFirst("\n([^\n]*),[^,\n]*\n",
                "\n$1,1.5\n"));
        Configs.expectInvalid(folder, yaml, "data.file");
    }

    @Test
    void aPredictionErrorWithoutCovariatesIsRefusedByValidate() {
        Configs.expectInvalid(folder, Configs.tinySphere(2, 1).replace("utility: [geodesic-distance, ambient-distance]",
                "utility: [geodesic-distance, prediction-mse]"), "utility: utility 'prediction-mse' failed in cell "
                + "{n=10, epsilon=1.0}, replicate 0: utility 'prediction-mse' measures predictions at covariates, and "
                + "the estimator's values predict none");
    }

    /** The parameters of the configuration's noisy-geodesic generator. */
    private static Map<String, String> generatorParameters() {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("center", "0,0,1");
        data.put("radius", "0.39269908169872414");
        data.put("covariate-low", "0");
        data.put("covariate-high", "1");
        data.put("footpoint", FOOTPOINT);
        data.put("velocity", VELOCITY);
        data.put("noise", "0.01");
        return data;
    }

    /**
     * {@code (1/n) sum rho(exp(P, x V), y)^2} with (P, V) the geodesic on the caller's covariate that
     * {@code describe} reports: another arithmetic path than the runner's rescaled prediction.
     */
    @SuppressWarnings("unchecked")
    private static double mseOnCallersCovariate(Estimator estimator, double[] value, double[][] records) {
        Map<String, Object> fields = estimator.describe(SPHERE, value);
        double[] p = ((List<Double>) fields.get("footpoint")).stream().mapToDouble(Double::doubleValue).toArray();
        double[] v = ((List<Double>) fields.get("shootingVector")).stream().mapToDouble(Double::doubleValue)
                .toArray();
        double sum = 0;
        for (double[] record : records) {
            double x = record[3];
            double d = SPHERE.distance(SPHERE.exp(p, new double[] {x * v[0], x * v[1], x * v[2]}),
                    new double[] {record[0], record[1], record[2]});
            sum += d * d;
        }
        return sum / records.length;
    }
}
