package dev.manifolddp.geometry;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The exact Laplace {@code ∝ exp(-|x - center|/sigma)} on R^n, for testing {@link ExactLaplaceSamplerContract}: the
 * radius is Gamma(n, rate 1/sigma) (a sum of n exponentials) and the direction a normalised Gaussian vector.
 * {@link #sampleWithin} truncates to the ball when asked to: uniform proposals in the ball, accepted with probability
 * {@code exp(-t/sigma)}.
 */
class FlatLaplaceSampler implements ExactLaplaceSampler {

    private final int n;
    private final boolean truncates;

    FlatLaplaceSampler(int n, boolean truncates) {
        this.n = n;
        this.truncates = truncates;
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        double t = 0;
        for (int i = 0; i < n; i++) {
            t -= sigma * Math.log1p(-rng.nextDouble());
        }
        place(center, t, rng, out);
        return 1;
    }

    @Override
    public long sampleWithin(double[] center, double sigma, double radius, UniformRandomProvider rng, double[] out) {
        if (!truncates) {
            return sample(center, sigma, rng, out);
        }
        for (long proposals = 1; ; proposals++) {
            double t = radius * Math.pow(rng.nextDouble(), 1.0 / n);
            if (rng.nextDouble() < Math.exp(-t / sigma)) {
                place(center, t, rng, out);
                return proposals;
            }
        }
    }

    @Override
    public boolean truncatesToBall() {
        return truncates;
    }

    /** {@code center + t u} for a uniform unit u. */
    void place(double[] center, double t, UniformRandomProvider rng, double[] out) {
        double[] u = direction(rng);
        for (int i = 0; i < n; i++) {
            out[i] = center[i] + t * u[i];
        }
    }

    /** A uniform unit vector: a normalised vector of Box-Muller normals. */
    double[] direction(UniformRandomProvider rng) {
        double[] u = new double[n];
        double norm = 0;
        while (norm == 0) {
            norm = 0;
            for (int i = 0; i < n; i++) {
                u[i] = Math.sqrt(-2 * Math.log1p(-rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
                norm += u[i] * u[i];
            }
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < n; i++) {
            u[i] /= norm;
        }
        return u;
    }
}
