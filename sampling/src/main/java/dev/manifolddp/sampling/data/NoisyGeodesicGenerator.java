package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Synthetic regression records along a known geodesic (Kulkarni and Soto 2025, their sphere experiments): covariates
 * uniform on the public range {@code [low, high]}, responses {@code y_i = exp(gamma(x_i), xi_i)} with
 * {@code gamma(x) = exp(P, x V)} and {@code xi_i} the projection onto the tangent space at {@code gamma(x_i)} of an
 * ambient Gaussian with variance {@code delta} per coordinate (their covariance {@code delta I}). A response the noise
 * carries out of the public data ball {@code B_r(m0)} is pulled back along the geodesic from m0 onto the ball (just
 * inside), and counted: a regression's sensitivity holds only for responses in the ball.
 *
 * <p>As a {@link DataGenerator} its records are {@code [y..., x]}, the response followed by its covariate (the layout
 * of an estimator with covariate records), and its ball is the responses' {@code B_r(m0)}.
 */
public final class NoisyGeodesicGenerator implements DataGenerator {

    /** Just inside the boundary, so that a release's check {@code rho(m0, y) <= r} holds after rounding. */
    public static final double INSIDE = 1 - 1e-9;

    private final Geometry geometry;
    private final double[] center;
    private final double dataRadius;
    private final double low;
    private final double high;
    private final double[] footpoint;
    private final double[] velocity;
    private final double noise;

    /**
     * @param geometry   the geometry (exp, log, distance and the tangent projection are used)
     * @param center     m0, the public ball's centre
     * @param dataRadius r, its radius
     * @param low        the covariate range's low end
     * @param high       its high end
     * @param footpoint  P, the true geodesic at covariate 0
     * @param velocity   V, its velocity there
     * @param noise      delta, the ambient noise variance per coordinate ({@link #draw} takes its own)
     */
    public NoisyGeodesicGenerator(Geometry geometry, double[] center, double dataRadius, double low, double high,
            double[] footpoint, double[] velocity, double noise) {
        this.geometry = geometry;
        this.center = center.clone();
        this.dataRadius = dataRadius;
        this.low = low;
        this.high = high;
        this.footpoint = footpoint.clone();
        this.velocity = velocity.clone();
        this.noise = noise;
    }

    /**
     * One dataset in columns.
     *
     * @param covariates the covariates
     * @param responses  the responses
     * @param clipped    how many responses were pulled back onto the data ball
     */
    public record Draw(double[] covariates, double[][] responses, int clipped) {
    }

    /** Records {@code [y..., x]} with this generator's noise; the ball is the responses'. */
    @Override
    public GeneratedData generate(int n, UniformRandomProvider rng) {
        Draw draw = draw(n, noise, rng);
        int length = footpoint.length;
        double[][] records = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] record = java.util.Arrays.copyOf(draw.responses()[i], length + 1);
            record[length] = draw.covariates()[i];
            records[i] = record;
        }
        return new GeneratedData(records, center.clone(), dataRadius, String.format(java.util.Locale.ROOT,
                "%d records along a geodesic with noise variance %s, covariates uniform on [%s, %s] (%d responses "
                        + "pulled back onto the ball)", n, noise, low, high, draw.clipped()));
    }

    /** Draws n records with noise variance {@code delta} from {@code rng}, in columns. */
    public Draw draw(int n, double delta, UniformRandomProvider rng) {
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
        return new Draw(x, y, clipped);
    }
}
