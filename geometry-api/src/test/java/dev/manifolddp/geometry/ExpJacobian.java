package dev.manifolddp.geometry;

import java.util.Random;

/**
 * The Riemannian volume in geodesic polar coordinates, computed from nothing but a geometry's {@code exp},
 * {@code inner} and {@code projectToTangent}: the independent reference against which the contract checks the
 * capabilities that state something about volume ({@link HomogeneousSpace}, {@link VolumeGrowth},
 * {@link ExactLaplaceSampler}).
 *
 * <p>Writing {@code x = exp(p, t u)} with u a unit tangent vector, the volume element is
 * {@code t^(d-1) R_p(t, u) dt du}, where {@code R_p(t, u) = |det d exp_p(t u)|} in orthonormal frames. By the Gauss
 * lemma {@code d exp_p(t u)[u]} is the geodesic's unit velocity and is orthogonal to the images of the directions
 * orthogonal to u, so R is the square root of the Gram determinant of the d - 1 transverse derivatives alone. Leaving
 * the radial derivative out is what lets this reach far from p: its ambient entries grow with the point's while its
 * length stays 1, so its Gram entry cancels catastrophically (on H^3 it comes out 5% off at t = 12 and as 2.6e4
 * instead of 1 at t = 16; the transverse ones stay accurate to 1e-9 there).
 *
 * <p>The derivatives are fourth-order central differences of {@code exp} along an orthonormal frame of T_p that this
 * class builds itself by Gram-Schmidt (so a wrong {@link TangentBasis} cannot hide a wrong volume).
 */
final class ExpJacobian {

    /** Step of the central differences, in tangent length: truncation {@code ~h^4}, rounding {@code ~1e-16/h}. */
    static final double STEP = 1e-4;
    /** Antithetic pairs after which {@link #sphericalMean} stops when R is the same in all of them. */
    static final int FEW_PAIRS = 3;
    private static final double[] OFFSETS = {-2, -1, 1, 2};
    private static final double[] WEIGHTS = {1, -8, 8, -1};

    private final Geometry geometry;
    private final double[] p;
    private final double[][] frame;
    private final int d;

    /** The polar volume about p, in an orthonormal frame of T_p drawn from {@code random}. */
    ExpJacobian(Geometry geometry, double[] p, Random random) {
        this.geometry = geometry;
        this.p = p.clone();
        this.d = geometry.dimension();
        this.frame = orthonormalFrame(geometry, p, random);
    }

    /** The length scale of the curvature, {@code 1/sqrt(max |K|)}, or 1 on a flat space. */
    static double curvatureRadius(Geometry geometry) {
        CurvatureBounds k = geometry.curvature();
        double largest = Math.max(Math.abs(k.min()), Math.abs(k.max()));
        return largest > 0 ? 1 / Math.sqrt(largest) : 1;
    }

    /** The intrinsic dimension d. */
    int dimension() {
        return d;
    }

    /** The tangent vector at p with the given coordinates (length d) in this object's orthonormal frame. */
    double[] tangent(double[] coordinates) {
        double[] v = new double[p.length];
        TangentBasis.combine(frame, coordinates, v);
        return v;
    }

    /** The coordinates {@code <v, E_k>_p} (length d) of a tangent vector at p in this object's orthonormal frame. */
    double[] coordinates(double[] v) {
        double[] out = new double[d];
        for (int k = 0; k < d; k++) {
            out[k] = geometry.inner(p, v, frame[k]);
        }
        return out;
    }

    /** A uniformly distributed unit coordinate vector (length d). */
    double[] randomDirection(Random random) {
        return randomDirection(d, random);
    }

    /** A uniformly distributed unit vector of R^d. */
    static double[] randomDirection(int d, Random random) {
        double[] c = new double[d];
        double norm;
        do {
            norm = 0;
            for (int i = 0; i < d; i++) {
                c[i] = random.nextGaussian();
                norm += c[i] * c[i];
            }
        } while (norm < 1e-20);
        norm = Math.sqrt(norm);
        for (int i = 0; i < d; i++) {
            c[i] /= norm;
        }
        return c;
    }

    /**
     * {@code log R_p(t, u)} for the unit direction with coordinates {@code direction} (length d, unit norm): the log
     * of the volume element relative to the Euclidean one of T_p. 0 for d = 1.
     */
    double logVolumeRatio(double[] direction, double t) {
        return logVolumeRatio(direction, t, STEP);
    }

    /**
     * {@link #logVolumeRatio(double[], double)} with central differences of the given step: comparing two steps
     * tells where rounding in {@code exp} starts to dominate (far from p on a space of exponential growth).
     */
    double logVolumeRatio(double[] direction, double t, double step) {
        if (d == 1) {
            return 0;
        }
        double[][] transverse = transverseVectors(direction);
        double[] v = tangent(scaled(direction, t));
        double[] x = geometry.exp(p, v);
        double[][] columns = new double[d - 1][];
        for (int a = 0; a < d - 1; a++) {
            columns[a] = derivative(v, transverse[a], x, step);
        }
        double[] gram = new double[(d - 1) * (d - 1)];
        for (int a = 0; a < d - 1; a++) {
            for (int b = 0; b <= a; b++) {
                double entry = geometry.inner(x, columns[a], columns[b]);
                gram[a * (d - 1) + b] = entry;
                gram[b * (d - 1) + a] = entry;
            }
        }
        // d exp_p(t u)[w] is J(t) / t for the unit-speed Jacobi field J with J'(0) = w: already the ratio
        return 0.5 * logDeterminant(gram, d - 1);
    }

    /** A mean of {@code R(t, u)} over unit directions, and its Monte Carlo standard error. */
    record SphericalMean(double mean, double error) {
    }

    /**
     * The mean of {@code R(t, u)} over the given unit directions (coordinates) and their opposites, with its standard
     * error over the antithetic pairs: exact when R is the same in every direction (two-point homogeneous spaces), a
     * Monte Carlo estimate of {@code int R(t, u) du} otherwise. Stops after {@link #FEW_PAIRS} pairs when R agrees
     * in all of them to rounding, which keeps 50-landmark Kendall (d = 96) fast.
     */
    SphericalMean sphericalMean(double[][] directions, double t) {
        double sum = 0;
        double sumSquares = 0;
        int n = 0;
        double mean = 0;
        double error = Double.POSITIVE_INFINITY;
        for (double[] direction : directions) {
            double pair = 0.5 * (Math.exp(logVolumeRatio(direction, t))
                    + Math.exp(logVolumeRatio(opposite(direction), t)));
            sum += pair;
            sumSquares += pair * pair;
            n++;
            mean = sum / n;
            if (n >= 2) {
                error = Math.sqrt(Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) / n);
            }
            if (n >= FEW_PAIRS && error <= 1e-9 * mean) {
                break;
            }
        }
        return new SphericalMean(mean, error);
    }

    /** {@code -c}. */
    static double[] opposite(double[] c) {
        double[] out = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            out[i] = -c[i];
        }
        return out;
    }

    /** {@code d/ds exp(p, v + s w)} at s = 0, projected onto T_x (on a quotient, onto its horizontal space). */
    private double[] derivative(double[] v, double[] w, double[] x, double step) {
        int n = p.length;
        double[] shifted = new double[n];
        double[] moved = new double[n];
        double[] sum = new double[n];
        for (int m = 0; m < OFFSETS.length; m++) {
            for (int i = 0; i < n; i++) {
                shifted[i] = v[i] + OFFSETS[m] * step * w[i];
            }
            geometry.exp(p, shifted, moved);
            for (int i = 0; i < n; i++) {
                sum[i] += WEIGHTS[m] * moved[i];
            }
        }
        for (int i = 0; i < n; i++) {
            sum[i] /= 12 * step;
        }
        double[] tangent = new double[n];
        geometry.projectToTangent(x, sum, tangent);
        return tangent;
    }

    /**
     * d - 1 orthonormal tangent vectors at p orthogonal to the unit direction with coordinates c: the frame's vectors
     * 2..d reflected by the Householder reflection that swaps c and e_1, {@code E_j - (2 w_j / |w|^2) sum_i w_i E_i}
     * with {@code w = c - e_1}.
     */
    private double[][] transverseVectors(double[] c) {
        double[] w = c.clone();
        w[0] -= 1;
        double norm2 = 0;
        for (double value : w) {
            norm2 += value * value;
        }
        double[] reflected = tangent(w);
        double[][] out = new double[d - 1][];
        for (int j = 1; j < d; j++) {
            double[] vector = frame[j].clone();
            if (norm2 > 1e-24) {
                double factor = 2 * w[j] / norm2;
                for (int i = 0; i < vector.length; i++) {
                    vector[i] -= factor * reflected[i];
                }
            }
            out[j - 1] = vector;
        }
        return out;
    }

    /** An orthonormal frame of T_p: Gram-Schmidt (twice, for stability) on projected Gaussian ambient vectors. */
    static double[][] orthonormalFrame(Geometry geometry, double[] p, Random random) {
        int d = geometry.dimension();
        int n = p.length;
        double[][] frame = new double[d][];
        int found = 0;
        for (int attempt = 0; found < d; attempt++) {
            if (attempt > 100 * d) {
                throw new AssertionError(geometry.spec() + ": projectToTangent does not span a " + d
                        + "-dimensional tangent space");
            }
            double[] ambient = new double[n];
            for (int i = 0; i < n; i++) {
                ambient[i] = random.nextGaussian();
            }
            double[] v = new double[n];
            geometry.projectToTangent(p, ambient, v);
            double before = geometry.norm(p, v);
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j < found; j++) {
                    double c = geometry.inner(p, v, frame[j]);
                    for (int i = 0; i < n; i++) {
                        v[i] -= c * frame[j][i];
                    }
                }
            }
            double norm = geometry.norm(p, v);
            if (!(norm > 1e-6 * before)) {
                continue;
            }
            for (int i = 0; i < n; i++) {
                v[i] /= norm;
            }
            frame[found++] = v;
        }
        return frame;
    }

    /** {@code log det} of a symmetric positive definite n x n matrix (row-major) by Cholesky; NaN when not. */
    static double logDeterminant(double[] matrix, int n) {
        double[] lower = new double[n * n];
        double log = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = matrix[i * n + j];
                for (int k = 0; k < j; k++) {
                    sum -= lower[i * n + k] * lower[j * n + k];
                }
                if (i == j) {
                    if (!(sum > 0)) {
                        return Double.NaN;
                    }
                    lower[i * n + i] = Math.sqrt(sum);
                    log += Math.log(sum);
                } else {
                    lower[i * n + j] = sum / lower[j * n + j];
                }
            }
        }
        return log;
    }

    private static double[] scaled(double[] v, double factor) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = factor * v[i];
        }
        return out;
    }
}
