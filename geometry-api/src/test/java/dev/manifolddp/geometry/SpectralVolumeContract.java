package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.function.Function;

/**
 * The promise of {@link SpectralVolume}, checked for every geometry that claims it (run by
 * {@link GeometryContractTest}): {@code x = fromSpectral(p, r, Q)} is a point at distance {@code |r|_2} from p, and the
 * Riemannian volume element in the coordinates {@code (r, Q)} is {@code C prod_(i<j) sinh(|r_i - r_j| / 2) dr dQ}
 * with one constant C for every p, r and Q. The spectral Laplace sampler draws r from {@code exp(-|r|/sigma)} times
 * that product and Q from Haar, so the law of its draws is the Riemannian Laplace exactly when both hold.
 *
 * <p>The volume element is measured, not assumed: near Q the rotations {@code Q G(a)}, with {@code G(a)} the product of
 * Givens rotations by angles {@code a_ij} (i &lt; j), are coordinates in which Haar measure is a constant multiple of
 * {@code da} at {@code a = 0} (it is invariant under right multiplication). The Jacobian of
 * {@code (r, a) -> fromSpectral(p, r, Q G(a))} at {@code a = 0}, by fourth-order central differences, in the metric at
 * x, divided by the product of sinh factors, must be the same number at every sample (relative spread 1e-6). Entries
 * of r are spread apart so that the product is well away from 0.
 */
public final class SpectralVolumeContract {

    private static final int SAMPLES = 12;
    private static final double STEP = 1e-4;
    private static final double[] OFFSETS = {-2, -1, 1, 2};
    private static final double[] WEIGHTS = {1, -8, 8, -1};

    private SpectralVolumeContract() {
    }

    public static void check(Geometry geometry, Function<Random, double[]> points) {
        SpectralVolume spectral = geometry.capability(SpectralVolume.class).orElseThrow();
        int k = spectral.spectralRank();
        assertThat(k * (k + 1) / 2).as("%s: the spectral coordinates (r in R^k, Q in O(k)) have k(k+1)/2 "
                + "dimensions, the manifold %d (k = %d)", geometry.spec(), geometry.dimension(), k)
                .isEqualTo(geometry.dimension());
        Random random = new Random(91);
        double reference = Double.NaN;
        String referenceAt = null;
        for (int s = 0; s < SAMPLES; s++) {
            double[] p = points.apply(random);
            double[] r = spreadSpectrum(k, 0.3 + 2.5 * s / SAMPLES, random);
            double[] rotation = randomOrthogonal(k, random);
            double[] x = new double[p.length];
            spectral.fromSpectral(p, r, rotation, x);
            String at = String.format("p = sample %d, r = %s", s, java.util.Arrays.toString(r));
            assertThat(geometry.pointViolation(x, 1e-9)).as("%s: fromSpectral(%s) is not a point", geometry.spec(), at)
                    .isEmpty();
            double norm = Math.sqrt(dot(r, r));
            assertThat(geometry.distance(p, x)).as("%s: rho(p, fromSpectral(p, r, Q)) must be |r| = %.10g (%s)",
                    geometry.spec(), norm, at).isCloseTo(norm, org.assertj.core.data.Offset.offset(1e-9 * (1 + norm)));
            double constant = Math.exp(logJacobian(geometry, spectral, p, r, rotation, x) - logSinhProduct(r));
            if (referenceAt == null) {
                reference = constant;
                referenceAt = at;
            }
            assertThat(constant).as("%s: the volume element over prod sinh(|r_i - r_j|/2) must be one constant; it "
                    + "is %.10g at %s and %.10g at %s: a sampler drawing r from the stated density would not draw "
                    + "the Laplace", geometry.spec(), reference, referenceAt, constant, at)
                    .isCloseTo(reference, org.assertj.core.data.Offset.offset(1e-6 * reference));
        }
    }

    /** k entries, consecutive ones between {@code size / 2} and {@code 3 size / 2} apart, shifted and shuffled. */
    private static double[] spreadSpectrum(int k, double size, Random random) {
        double[] r = new double[k];
        double position = 0;
        for (int i = 0; i < k; i++) {
            position += size * (0.5 + random.nextDouble());
            r[i] = position;
        }
        double shift = size * random.nextGaussian() - position / 2;
        for (int i = 0; i < k; i++) {
            r[i] += shift;
        }
        for (int i = k - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double swap = r[i];
            r[i] = r[j];
            r[j] = swap;
        }
        return r;
    }

    /** A random orthogonal k x k matrix (row-major): Gram-Schmidt on Gaussian rows. */
    static double[] randomOrthogonal(int k, Random random) {
        double[][] rows = new double[k][k];
        for (int i = 0; i < k; i++) {
            double norm;
            do {
                for (int j = 0; j < k; j++) {
                    rows[i][j] = random.nextGaussian();
                }
                for (int pass = 0; pass < 2; pass++) {
                    for (int m = 0; m < i; m++) {
                        double c = dot(rows[i], rows[m]);
                        for (int j = 0; j < k; j++) {
                            rows[i][j] -= c * rows[m][j];
                        }
                    }
                }
                norm = Math.sqrt(dot(rows[i], rows[i]));
            } while (norm < 1e-3);
            for (int j = 0; j < k; j++) {
                rows[i][j] /= norm;
            }
        }
        double[] out = new double[k * k];
        for (int i = 0; i < k; i++) {
            System.arraycopy(rows[i], 0, out, i * k, k);
        }
        return out;
    }

    /** {@code log |det|} of the map's differential at (r, Q), in the metric at x. */
    private static double logJacobian(Geometry geometry, SpectralVolume spectral, double[] p, double[] r,
            double[] rotation, double[] x) {
        int k = r.length;
        int d = k * (k + 1) / 2;
        double[][] columns = new double[d][];
        int column = 0;
        for (int i = 0; i < k; i++) {
            final int entry = i;
            columns[column++] = derivative(geometry, x, h -> {
                double[] shifted = r.clone();
                shifted[entry] += h;
                return fromSpectral(spectral, p, shifted, rotation);
            });
        }
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                final int a = i;
                final int b = j;
                columns[column++] = derivative(geometry, x,
                        h -> fromSpectral(spectral, p, r, givens(rotation, k, a, b, h)));
            }
        }
        double[] gram = new double[d * d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b <= a; b++) {
                double entry = geometry.inner(x, columns[a], columns[b]);
                gram[a * d + b] = entry;
                gram[b * d + a] = entry;
            }
        }
        return 0.5 * ExpJacobian.logDeterminant(gram, d);
    }

    private static double[] fromSpectral(SpectralVolume spectral, double[] p, double[] r, double[] rotation) {
        double[] out = new double[p.length];
        spectral.fromSpectral(p, r, rotation, out);
        return out;
    }

    /** {@code Q G}, G the rotation by {@code angle} in the plane of coordinates a and b: columns a and b mixed. */
    private static double[] givens(double[] rotation, int k, int a, int b, double angle) {
        double c = Math.cos(angle);
        double s = Math.sin(angle);
        double[] out = rotation.clone();
        for (int row = 0; row < k; row++) {
            double qa = rotation[row * k + a];
            double qb = rotation[row * k + b];
            out[row * k + a] = c * qa + s * qb;
            out[row * k + b] = -s * qa + c * qb;
        }
        return out;
    }

    /** The fourth-order central difference at 0 of a curve through x, projected onto T_x. */
    private static double[] derivative(Geometry geometry, double[] x,
            java.util.function.DoubleFunction<double[]> curve) {
        double[] sum = new double[x.length];
        for (int m = 0; m < OFFSETS.length; m++) {
            double[] point = curve.apply(OFFSETS[m] * STEP);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += WEIGHTS[m] * point[i] / (12 * STEP);
            }
        }
        double[] tangent = new double[x.length];
        geometry.projectToTangent(x, sum, tangent);
        return tangent;
    }

    private static double logSinhProduct(double[] r) {
        double log = 0;
        for (int i = 0; i < r.length; i++) {
            for (int j = i + 1; j < r.length; j++) {
                log += Math.log(Math.sinh(Math.abs(r[i] - r[j]) / 2));
            }
        }
        return log;
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
