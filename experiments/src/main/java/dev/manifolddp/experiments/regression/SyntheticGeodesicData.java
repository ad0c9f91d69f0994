package dev.manifolddp.experiments.regression;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.NoisyGeodesicGenerator;
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

    /** Draws n records with noise variance {@code delta} from {@code rng} ({@link NoisyGeodesicGenerator#draw}). */
    Dataset draw(int n, double delta, UniformRandomProvider rng) {
        NoisyGeodesicGenerator.Draw draw = new NoisyGeodesicGenerator(geometry, center, dataRadius, low, high,
                footpoint, velocity, delta).draw(n, delta, rng);
        return new Dataset(draw.covariates(), draw.responses(), draw.clipped());
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
