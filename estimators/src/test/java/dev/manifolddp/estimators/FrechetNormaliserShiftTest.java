package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.CapQuadrature;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.sphere.SphereGeometry;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The normaliser bound of docs/kng-normaliser.md against what it bounds, computed independently on the unit sphere
 * in ambient coordinates: the divergence of {@code V = H^-1 (d_y log_x y) u} by finite differences (§4), and
 * {@code |ln Z(D') - ln Z(D)|} by quadrature over the domain for adversarial neighbours (§3).
 */
class FrechetNormaliserShiftTest {

    @Test
    void divergenceBoundCoversFiniteDifferenceDivergence() {
        Random random = new Random(20261128L);
        for (int dim : new int[] {2, 3}) {
            for (double theta : new double[] {0.2, 0.6, 1.0, 1.3}) {
                double bound = FrechetNormaliserShift.divergenceBound(theta + 1e-3, 1, dim);
                double largest = 0;
                for (int trial = 0; trial < 300; trial++) {
                    int distinct = 1 + random.nextInt(4);
                    double[][] records = new double[distinct][];
                    for (int i = 0; i < distinct; i++) {
                        // mostly at the largest distance, where the bound is reached
                        double distance = theta * (random.nextDouble() < 0.7 ? 1 : random.nextDouble());
                        records[i] = Sphere.atDistance(Sphere.pole(dim), distance, random);
                    }
                    double[] u = Sphere.unitTangent(records[0], random);
                    largest = Math.max(largest, Math.abs(Sphere.divergence(Sphere.pole(dim), records, u)));
                }
                assertThat(largest).as("d = %d, theta = %s", dim, theta).isLessThanOrEqualTo(bound);
                // the bound is a bound, not a formality: it stays within a small factor of what is reached
                assertThat(largest).as("tightness d = %d, theta = %s", dim, theta).isGreaterThan(bound / 6);
            }
        }
    }

    @Test
    void averagedDivergenceBoundCoversFiniteDifferenceDivergence() {
        // the bound of §4 with the records' largest, average and moving distances, against div V by finite
        // differences on configurations that reach each: one far cluster, a spread, the moving record near or far
        Random random = new Random(20261129L);
        for (int dim : new int[] {2, 3}) {
            double worstRatio = 0;
            for (int trial = 0; trial < 1500; trial++) {
                double thetaMax = 0.1 + 1.3 * random.nextDouble();
                int distinct = 2 + random.nextInt(5);
                double[][] records = new double[distinct][];
                double[] distances = new double[distinct];
                double near = random.nextDouble();
                for (int i = 0; i < distinct; i++) {
                    double u = random.nextDouble();
                    distances[i] = thetaMax * (u < 0.3 ? 1 : u < 0.6 ? near * random.nextDouble() : u);
                    records[i] = Sphere.atDistance(Sphere.pole(dim), distances[i], random);
                }
                double largest = 0;
                double average = 0;
                for (double d : distances) {
                    largest = Math.max(largest, d);
                    average += d / distinct;
                }
                double[] u = Sphere.unitTangent(records[0], random);
                double divergence = Math.abs(Sphere.divergence(Sphere.pole(dim), records, u));
                double pad = 1e-3;
                double bound = FrechetNormaliserShift.divergenceBound(largest + pad, Math.min(average, largest) + pad,
                        distances[0] + pad, 1, dim);
                assertThat(divergence).as("d = %d, trial %d", dim, trial).isLessThanOrEqualTo(bound);
                // the averages only ever tighten the bound with every distance at the largest
                assertThat(bound).isLessThanOrEqualTo(FrechetNormaliserShift.divergenceBound(largest + pad, 1, dim)
                        * (1 + 1e-12));
                worstRatio = Math.max(worstRatio, divergence / bound);
            }
            // not a formality: some configuration reaches a good part of it
            assertThat(worstRatio).as("tightness d = %d", dim).isGreaterThan(0.4);
        }
    }

    @Test
    void theAveragesLemmasHold() {
        // (1 - a(t))/t and m(t)/t increase on (0, pi/2) (their series have positive coefficients), which is what
        // lets an average distance bound the average Hessian and the Hessian's derivative (§4)
        double previousDeficit = 0;
        double previousRate = 0;
        for (int i = 1; i < 1570; i++) {
            double t = i * 1e-3;
            double deficit = (1 - CurvatureFunctions.hMax(t, 1)) / t;
            double rate = FrechetNormaliserShift.radialRate(t) / t;
            assertThat(deficit).isGreaterThanOrEqualTo(previousDeficit);
            assertThat(rate).isGreaterThanOrEqualTo(previousRate);
            previousDeficit = deficit;
            previousRate = rate;
        }
        // and so the chord bound holds for the average of a(theta_i) over random distance sets
        Random random = new Random(7);
        for (int trial = 0; trial < 2000; trial++) {
            double thetaMax = 1.5 * random.nextDouble() + 1e-3;
            int count = 1 + random.nextInt(6);
            double sumA = 0;
            double sumTheta = 0;
            for (int i = 0; i < count; i++) {
                double theta = thetaMax * random.nextDouble();
                sumA += CurvatureFunctions.hMax(theta, 1);
                sumTheta += theta;
            }
            assertThat(sumA / count).isGreaterThanOrEqualTo(
                    FrechetNormaliserShift.averageTransverseHessian(thetaMax, sumTheta / count, 1) - 1e-15);
        }
    }

    @Test
    void theMeansOffsetFromTheCentreIsBoundedByTheSpread() {
        // F(c) - F(m) >= a(2r) rho(m, c)^2 / 2 on B_r: the mean of records in B_r(c) is within
        // sqrt((r^2 - s^2)/a(2r)) of c, s^2 = 2 F(m) the records' mean square distance from it (§4)
        Random random = new Random(11);
        double r = Math.PI / 8;
        double convexity = CurvatureFunctions.hMax(2 * r, 1);
        double[] centre = Sphere.pole(2);
        double closest = Double.POSITIVE_INFINITY;
        for (int trial = 0; trial < 400; trial++) {
            int count = 1 + random.nextInt(8);
            double[][] records = new double[count][];
            double spreadAtCentre = 0;
            for (int i = 0; i < count; i++) {
                double distance = r * (random.nextDouble() < 0.5 ? 1 : random.nextDouble());
                records[i] = Sphere.atDistance(centre, distance, random);
                spreadAtCentre += distance * distance / count;
            }
            double[] mean = Sphere.frechetMean(records);
            double spread = 0;
            for (double[] x : records) {
                double d = Sphere.angle(mean, x);
                spread += d * d / count;
            }
            double offset = Sphere.angle(mean, centre);
            assertThat(offset * offset).as("trial %d", trial)
                    .isLessThanOrEqualTo((spreadAtCentre - spread) / convexity + 1e-12);
            closest = Math.min(closest, (spreadAtCentre - spread) / convexity - offset * offset);
        }
        // all records at one boundary point reach it up to the factor a(2r)
        double[][] one = {Sphere.atDistance(centre, r, random)};
        double offset = Sphere.angle(Sphere.frechetMean(one), centre);
        assertThat(offset * offset).isCloseTo(r * r, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void normaliserShiftCoversQuadratureOnAdversarialNeighbours() {
        SphereGeometry sphere = new SphereGeometry(2, 1);
        double r = Math.PI / 8;
        double domain = 0.6;
        int n = 8;
        FrechetNormaliserShift shift = FrechetNormaliserShift.of(sphere, r, domain, n).orElseThrow();
        double[] boundary = {Math.sin(r), 0, Math.cos(r)};
        double[] across = {-Math.sin(r), 0, Math.cos(r)};
        double[] side = {0, Math.sin(r), Math.cos(r)};
        double[] centre = {0, 0, 1};
        // (points, multiplicities) before and after one record moves
        double[][][] before = {{boundary}, {boundary, across}, {centre, boundary}, {side, boundary}};
        int[][] countsBefore = {{8}, {4, 4}, {7, 1}, {7, 1}};
        double[][][] after = {{boundary, across}, {boundary, across}, {centre, across}, {side, across}};
        int[][] countsAfter = {{7, 1}, {3, 5}, {7, 1}, {7, 1}};
        double sensitivity = SensitivityBounds.logDifference(sphere, domain, r) / n;
        double[] sigmas = {0.02, 0.05};
        // the cases are independent: quadratures in parallel (each is one sequential sum, so the same bits on any
        // number of threads), each evaluating the two gradient norms once per cell for both scales
        CapQuadrature.Result[][] results = java.util.stream.IntStream.range(0, before.length).parallel()
                .mapToObj(c -> CapQuadrature.of(x -> gradientNorm(x, before[c], countsBefore[c], n),
                        x -> gradientNorm(x, after[c], countsAfter[c], n), domain, sigmas, 1200, 1440))
                .toArray(CapQuadrature.Result[][]::new);
        for (int s = 0; s < sigmas.length; s++) {
            double sigma = sigmas[s];
            double psi = shift.at(sigma);
            for (int c = 0; c < before.length; c++) {
                CapQuadrature.Result result = results[c][s];
                assertThat(Math.abs(result.logZb() - result.logZa())).as("case %d sigma %s", c, sigma)
                        .isLessThanOrEqualTo(psi);
                // the whole privacy loss, at its worst point of the domain, within the certified total
                assertThat(result.worstLoss()).isLessThanOrEqualTo(sensitivity / sigma + psi);
            }
        }
    }

    private static double gradientNorm(double[] x, double[][] points, int[] counts, int n) {
        double[] g = new double[3];
        for (int p = 0; p < points.length; p++) {
            double[] l = Sphere.log(x, points[p]);
            for (int i = 0; i < 3; i++) {
                g[i] += counts[p] * l[i] / n;
            }
        }
        return Math.sqrt(Sphere.dot(g, g));
    }

    @Test
    void curvatureRatesMatchTheirClosedFormsAndTheLemmasTheProofUses() {
        double previousM = 0;
        double previousK = 0;
        for (int i = 1; i < 1570; i++) {
            double t = i * 1e-3;
            double m = FrechetNormaliserShift.radialRate(t);
            double k = FrechetNormaliserShift.transverseRate(t);
            double s = Math.sin(t);
            assertThat(m).isCloseTo((t - s * Math.cos(t)) / (s * s), org.assertj.core.data.Offset.offset(1e-9));
            assertThat(k).isCloseTo((s - t * Math.cos(t)) / (s * s), org.assertj.core.data.Offset.offset(1e-9));
            assertThat(m).isGreaterThanOrEqualTo(previousM);
            assertThat(k).isGreaterThanOrEqualTo(previousK);
            previousM = m;
            previousK = k;
            // c(t) = (1 - t cot t) cot t <= t/3 (Cusa's inequality, §4)
            double a = CurvatureFunctions.hMax(t, 1);
            assertThat((1 - a) * Math.cos(t) / s).isLessThanOrEqualTo(t / 3 + 1e-15);
        }
    }

    @Test
    void flatSpaceHasNoDivergenceTermOnlyTheBoundaryFlux() {
        assertThat(FrechetNormaliserShift.divergenceBound(5, 0, 3)).isZero();
    }

    @Test
    void outsideTheProofThereIsNoBound() {
        SphereGeometry sphere = new SphereGeometry(2, 1);
        assertThat(FrechetNormaliserShift.of(sphere, 0.3, 0.3, 10)).isEmpty();
        assertThat(FrechetNormaliserShift.of(sphere, 0.3, Math.PI / 4, 10)).isEmpty();
        assertThat(FrechetNormaliserShift.of(sphere, 0.3, 0.5, 10)).isPresent();
    }

    /** The unit sphere in ambient coordinates, independent of the library's geometry code. */
    static final class Sphere {

        static double[] pole(int dim) {
            double[] p = new double[dim + 1];
            p[dim] = 1;
            return p;
        }

        static double dot(double[] a, double[] b) {
            double s = 0;
            for (int i = 0; i < a.length; i++) {
                s += a[i] * b[i];
            }
            return s;
        }

        static double[] normalize(double[] a) {
            double norm = Math.sqrt(dot(a, a));
            double[] out = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = a[i] / norm;
            }
            return out;
        }

        static double angle(double[] x, double[] y) {
            double[] diff = new double[x.length];
            double[] sum = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                diff[i] = x[i] - y[i];
                sum[i] = x[i] + y[i];
            }
            return 2 * Math.atan2(Math.sqrt(dot(diff, diff)), Math.sqrt(dot(sum, sum)));
        }

        static double[] log(double[] x, double[] y) {
            double theta = angle(x, y);
            double factor = theta < 1e-12 ? 1 : theta / Math.sin(theta);
            double c = Math.cos(theta);
            double[] out = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                out[i] = factor * (y[i] - c * x[i]);
            }
            return out;
        }

        static double[] exp(double[] x, double[] v) {
            double norm = Math.sqrt(dot(v, v));
            double[] out = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                out[i] = Math.cos(norm) * x[i] + (norm == 0 ? 0 : Math.sin(norm) * v[i] / norm);
            }
            return normalize(out);
        }

        static double[] unitTangent(double[] x, Random random) {
            double[] v = new double[x.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = random.nextGaussian();
            }
            double along = dot(v, x);
            for (int i = 0; i < v.length; i++) {
                v[i] -= along * x[i];
            }
            return normalize(v);
        }

        static double[] atDistance(double[] x, double distance, Random random) {
            double[] u = unitTangent(x, random);
            for (int i = 0; i < u.length; i++) {
                u[i] *= distance;
            }
            return exp(x, u);
        }

        /** Solves {@code (H + x x^T) v = w} for the Hessian of {@code (1/2m) sum d(x, y_i)^2} at x. */
        static double[] hessianSolve(double[] x, double[][] records, double[] w) {
            int size = x.length;
            double[][] h = new double[size][size];
            for (double[] y : records) {
                double theta = angle(x, y);
                double a = CurvatureFunctions.hMax(theta, 1);
                double[] direction = theta < 1e-12 ? new double[size] : normalize(log(x, y));
                for (int i = 0; i < size; i++) {
                    for (int j = 0; j < size; j++) {
                        double tangent = (i == j ? 1 : 0) - x[i] * x[j];
                        double radial = theta < 1e-12 ? 0 : direction[i] * direction[j];
                        h[i][j] += (radial + a * (tangent - radial)) / records.length;
                    }
                }
            }
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    h[i][j] += x[i] * x[j];
                }
            }
            return gauss(h, w.clone());
        }

        static double[] gauss(double[][] a, double[] b) {
            int size = b.length;
            for (int col = 0; col < size; col++) {
                int pivot = col;
                for (int row = col + 1; row < size; row++) {
                    if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
                        pivot = row;
                    }
                }
                double[] swap = a[col];
                a[col] = a[pivot];
                a[pivot] = swap;
                double t = b[col];
                b[col] = b[pivot];
                b[pivot] = t;
                for (int row = col + 1; row < size; row++) {
                    double f = a[row][col] / a[col][col];
                    for (int k = col; k < size; k++) {
                        a[row][k] -= f * a[col][k];
                    }
                    b[row] -= f * b[col];
                }
            }
            double[] out = new double[size];
            for (int row = size - 1; row >= 0; row--) {
                double s = b[row];
                for (int k = row + 1; k < size; k++) {
                    s -= a[row][k] * out[k];
                }
                out[row] = s / a[row][row];
            }
            return out;
        }

        /** V(x) = H(x)^-1 (d/ds log_x(exp_y(s u)) at s = 0), the derivative by central differences. */
        static double[] field(double[] x, double[][] records, double[] u) {
            double h = 1e-5;
            double[] plus = log(x, exp(records[0], scaled(u, h)));
            double[] minus = log(x, exp(records[0], scaled(u, -h)));
            double[] w = new double[x.length];
            for (int i = 0; i < w.length; i++) {
                w[i] = (plus[i] - minus[i]) / (2 * h);
            }
            return hessianSolve(x, records, w);
        }

        static double[] scaled(double[] v, double s) {
            double[] out = v.clone();
            for (int i = 0; i < out.length; i++) {
                out[i] *= s;
            }
            return out;
        }

        /** The divergence at x: sum over an orthonormal tangent basis of e_k . dV[e_k], by central differences. */
        static double divergence(double[] x, double[][] records, double[] u) {
            double h = 1e-4;
            int size = x.length;
            double total = 0;
            for (int k = 0; k < size - 1; k++) {
                double[] e = new double[size];
                e[k] = 1; // x is the pole, so the first d unit vectors span its tangent space
                double[] plus = field(normalize(add(x, e, h)), records, u);
                double[] minus = field(normalize(add(x, e, -h)), records, u);
                total += (plus[k] - minus[k]) / (2 * h);
            }
            return total;
        }

        /** The Frechet mean of the records by Newton-free gradient steps from the first, to 1e-14. */
        static double[] frechetMean(double[][] records) {
            double[] m = records[0].clone();
            for (int iteration = 0; iteration < 10000; iteration++) {
                double[] g = new double[m.length];
                for (double[] x : records) {
                    double[] l = log(m, x);
                    for (int i = 0; i < g.length; i++) {
                        g[i] += l[i] / records.length;
                    }
                }
                if (Math.sqrt(dot(g, g)) < 1e-14) {
                    break;
                }
                m = exp(m, g);
            }
            return m;
        }

        static double[] add(double[] x, double[] e, double h) {
            double[] out = x.clone();
            for (int i = 0; i < out.length; i++) {
                out[i] += h * e[i];
            }
            return out;
        }
    }
}
