package dev.manifolddp.experiments.regression;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Synthetic regression records along a known geodesic (Kulkarni and Soto 2025, their sphere experiments): covariates
 * uniform on the public range {@code [low, high]}, responses {@code y_i = exp(gamma(x_i), xi_i)} with
 * {@code gamma(x) = exp(P, x V)} and {@code xi_i} the projection onto the tangent space at {@code gamma(x_i)} of an
 * ambient Gaussian with variance {@code delta} per coordinate (their covariance {@code delta I}). A response the noise
 * carries out of the public data ball {@code B_r(m0)} is pulled back along the geodesic from m0 onto the ball (just
 * inside), and counted: the mechanism's sensitivity holds only for responses in the ball.
 *
 * @param geometry   the geometry
 * @param center     m0
 * @param dataRadius r
 * @param low        the covariate range's low end
 * @param high       its high end
 * @param footpoint  P, the true geodesic at covariate 0
 * @param velocity   V, its velocity there
 */
record SyntheticGeodesicData(Geometry geometry, double[] center, double dataRadius, double low, double high,
        double[] footpoint, double[] velocity) implements RegressionSource {

    /** Just inside the boundary, so that the mechanism's check {@code rho(m0, y) <= r} holds after rounding. */
    static final double INSIDE = 1 - 1e-9;

    /**
     * One dataset.
     *
     * @param covariates the covariates
     * @param responses  the responses
     * @param clipped    how many responses were pulled back onto the data ball
     */
    record Dataset(double[] covariates, double[][] responses, int clipped) {
    }

    @Override
    public Dataset dataset(RegressionCell cell, UniformRandomProvider rng) {
        return draw(cell.n(), cell.noise(), rng);
    }

    /** Draws n records with noise variance {@code delta} from {@code rng}. */
    Dataset draw(int n, double delta, UniformRandomProvider rng) {
        int length = footpoint.length;
        NormalSource normal = new NormalSource();
        double sd = Math.sqrt(delta);
        double[] x = new double[n];
        double[][] y = new double[n][];
        double[] step = new double[length];
        double[] ambient = new double[length];
        double[] tangent = new double[length];
        int clipped = 0;
        for (int i = 0; i < n; i++) {
            x[i] = low + (high - low) * rng.nextDouble();
            for (int j = 0; j < length; j++) {
                step[j] = x[i] * velocity[j];
            }
            double[] onCurve = geometry.exp(footpoint, step);
            for (int j = 0; j < length; j++) {
                ambient[j] = sd * normal.next(rng);
            }
            geometry.projectToTangent(onCurve, ambient, tangent);
            double[] point = geometry.exp(onCurve, tangent);
            double distance = geometry.distance(center, point);
            if (distance > dataRadius * INSIDE) {
                double[] log = geometry.log(center, point);
                for (int j = 0; j < length; j++) {
                    log[j] *= dataRadius * INSIDE / distance;
                }
                point = geometry.exp(center, log);
                clipped++;
            }
            y[i] = point;
        }
        return new Dataset(x, y, clipped);
    }

    /** The mean squared error {@code (1/n) sum_k rho(exp(p, x_k v), y_k)^2} of the geodesic (p, v) at x = 0. */
    static double meanSquaredError(Geometry geometry, double[] p, double[] v, Dataset data) {
        double[] step = new double[p.length];
        double sum = 0;
        int n = data.covariates().length;
        for (int k = 0; k < n; k++) {
            double x = data.covariates()[k];
            for (int j = 0; j < p.length; j++) {
                step[j] = x * v[j];
            }
            double d = geometry.distance(geometry.exp(p, step), data.responses()[k]);
            sum += d * d;
        }
        return sum / n;
    }
}
