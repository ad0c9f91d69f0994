package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The footpoint step of Kulkarni and Soto's two-step release (their App. A) is not covered by their Theorem 3.3: it
 * holds the shooting vector at the non-private fit {@code v_hat(D)}, transported from {@code p_hat(D)} to each
 * candidate, and that vector changes with the data. A concrete adjacent pair on the unit sphere S^2
 * ({@code docs/private-regression.md} §1):
 * <ul>
 *   <li>m0 the north pole, data ball r = pi/8 (the paper's limit), footpoints in {@code B_(1.5 r)(m0)},
 *   {@code |v| <= 2r}, so tau = 2r + 1.5r + r = 4.5 r and {@code Delta_p = 2 tau / n};</li>
 *   <li>record 0 at covariate 0, at distance r from m0 east (D) or west (D'); the other n - 1 records at covariate 1,
 *   within 0.05 of m0 (the same in both).</li>
 * </ul>
 * Record 0 alone pins the footpoint and the others the end of the geodesic, so {@code v_hat} turns by about 2r between
 * D and D'. At the candidate {@code p = p_hat(D')} the footpoint gradients of the two-step method differ by about
 * 2r, independent of n, while {@code Delta_p} shrinks like 1/n; with the vector held fixed the same pair stays below
 * {@code Delta_p}. The test also integrates the two footpoint densities at {@code sigma = 2 Delta_p / epsilon},
 * epsilon = 1, over the candidate ball and finds a privacy loss above epsilon that grows like n (1.1, 2.2, 4.5 at
 * n = 10, 20, 40).
 */
class PaperTwoStepCounterexampleTest {

    private static final double R = Math.PI / 8;
    private static final double FOOTPOINT_RADIUS = 1.5 * R;
    private static final double MAX_SPEED = 2 * R;
    private static final double EPSILON = 1;
    private static final int GRID = 160;

    private final Geometry sphere = Geometries.parse("sphere:d=2");
    private final ParallelTransport transport = sphere.capability(ParallelTransport.class).orElseThrow();
    private final double[] north = {0, 0, 1};

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {10, 20, 40})
    void twoStepFootpointGradientsDifferByMoreThanDeltaP(int n) {
        double tau = RegressionSensitivity.defaultTau(sphere, R, FOOTPOINT_RADIUS, MAX_SPEED,
                new CovariateRange(0, 1, true));
        double deltaP = RegressionSensitivity.footpoint(sphere, tau,
                new RegressionDomain(R, FOOTPOINT_RADIUS, MAX_SPEED), n);
        Random random = new Random(2024 + n);
        double[] x = new double[n];
        double[][] y = new double[n][];
        for (int i = 1; i < n; i++) {
            x[i] = 1;
            y[i] = sphere.exp(north, RegressionFixtures.tangent(sphere, north, random, 0.05 * random.nextDouble()));
        }
        double[][] yAdjacent = y.clone();
        y[0] = sphere.exp(north, new double[] {R, 0, 0});
        yAdjacent[0] = sphere.exp(north, new double[] {-R, 0, 0});

        Fit fit = fit(x, y);
        Fit fitAdjacent = fit(x, yAdjacent);
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(sphere, x, y);
        GeodesicRegressionGradient fieldAdjacent = GeodesicRegressionGradient.of(sphere, x, yAdjacent);

        double[] p = fitAdjacent.footpoint;
        double[] gradient = twoStepGradient(field, fit, p);
        double[] gradientAdjacent = twoStepGradient(fieldAdjacent, fitAdjacent, p);
        double difference = sphere.norm(p, minus(gradient, gradientAdjacent));

        // Same candidate, same (transported) vector for both datasets: Theorem 3.3's setting, within Delta_p.
        double[] held = transport.transport(fit.footpoint, p, fit.shooting);
        double[] fixedP = new double[3];
        double[] fixedAdjacentP = new double[3];
        field.gradient(p, held, fixedP, null);
        fieldAdjacent.gradient(p, held, fixedAdjacentP, null);
        double fixedDifference = sphere.norm(p, minus(fixedP, fixedAdjacentP));

        double loss = privacyLoss(field, fit, fieldAdjacent, fitAdjacent, 2 * deltaP / EPSILON);
        System.out.printf(Locale.ROOT, "n = %d: Delta_p = %.4f, two-step difference = %.4f (ratio %.1f), fixed-v "
                        + "difference = %.4f, |v_hat(D) - P v_hat(D')| = %.4f, privacy loss at epsilon = 1: %.2f%n",
                n, deltaP, difference, difference / deltaP, fixedDifference,
                sphere.norm(p, minus(held, fitAdjacent.shooting)), loss);

        assertThat(fixedDifference).isLessThanOrEqualTo(deltaP);
        assertThat(difference).isGreaterThan(2 * deltaP);
        assertThat(difference).isGreaterThan(R); // order r, not order 1/n
        // The loss grows like n (about difference / sigma); already above epsilon at n = 10.
        assertThat(loss).isGreaterThan(EPSILON).isGreaterThan(0.8 * difference / (2 * deltaP / EPSILON));
    }

    /** The non-private fit from a public start, checked to lie in the public domain (else the example is void). */
    private Fit fit(double[] x, double[][] y) {
        GeodesicRegressionResult result = GeodesicRegression.builder().geometry(sphere).covariateRange(0, 1)
                .start(north, new double[3]).build().fit(x, y);
        assertThat(result.converged()).as(result.reason()).isTrue();
        Fit fit = new Fit(result.footpoint(), result.shootingVector());
        assertThat(sphere.distance(north, fit.footpoint)).isLessThan(FOOTPOINT_RADIUS);
        assertThat(sphere.norm(fit.footpoint, fit.shooting)).isLessThan(MAX_SPEED);
        return fit;
    }

    /** {@code grad_p E(p, P_(p_hat -> p) v_hat; D)}: the footpoint gradient of the paper's first step. */
    private double[] twoStepGradient(GeodesicRegressionGradient field, Fit fit, double[] p) {
        double[] v = transport.transport(fit.footpoint, p, fit.shooting);
        double[] out = new double[3];
        field.gradient(p, v, out, null);
        return out;
    }

    /**
     * {@code max_p |log f_D(p) - log f_D'(p)|} over a polar grid of the candidate ball, for the two-step densities
     * {@code f(p) ∝ exp(-|grad_p E(p, P v_hat; D)| / sigma)} normalised by the midpoint rule with the sphere's volume
     * element {@code sin(theta) dtheta dphi}. A valid Delta_p would keep it at most epsilon (Soto et al. 2022, Theorem 1).
     */
    private double privacyLoss(GeodesicRegressionGradient field, Fit fit, GeodesicRegressionGradient fieldAdjacent,
                               Fit fitAdjacent, double sigma) {
        double[] exponent = new double[GRID * GRID];
        double[] exponentAdjacent = new double[GRID * GRID];
        double[] weight = new double[GRID * GRID];
        double step = FOOTPOINT_RADIUS / GRID;
        for (int a = 0; a < GRID; a++) {
            double theta = (a + 0.5) * step;
            for (int b = 0; b < GRID; b++) {
                double phi = 2 * Math.PI * (b + 0.5) / GRID;
                double[] p = sphere.exp(north, new double[] {theta * Math.cos(phi), theta * Math.sin(phi), 0});
                int k = a * GRID + b;
                exponent[k] = -sphere.norm(p, twoStepGradient(field, fit, p)) / sigma;
                exponentAdjacent[k] = -sphere.norm(p, twoStepGradient(fieldAdjacent, fitAdjacent, p)) / sigma;
                weight[k] = Math.log(Math.sin(theta) * step * 2 * Math.PI / GRID);
            }
        }
        double logZ = logSumExp(exponent, weight);
        double logZAdjacent = logSumExp(exponentAdjacent, weight);
        double worst = 0;
        for (int k = 0; k < exponent.length; k++) {
            worst = Math.max(worst, Math.abs((exponent[k] - logZ) - (exponentAdjacent[k] - logZAdjacent)));
        }
        return worst;
    }

    private static double logSumExp(double[] exponent, double[] logWeight) {
        double top = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < exponent.length; k++) {
            top = Math.max(top, exponent[k] + logWeight[k]);
        }
        double sum = 0;
        for (int k = 0; k < exponent.length; k++) {
            sum += Math.exp(exponent[k] + logWeight[k] - top);
        }
        return top + Math.log(sum);
    }

    private static double[] minus(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }

    private record Fit(double[] footpoint, double[] shooting) {
    }
}
