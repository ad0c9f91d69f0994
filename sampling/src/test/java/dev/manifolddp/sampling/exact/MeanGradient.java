package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;

/**
 * Test-only gradient norm of the Frechet functional, {@code G(x) = (1/n) |sum_i log(x, x_i)|_x} (Soto et al. 2022, §2.2 and §3):
 * the estimators module has the production one, which the sampling module may not depend on.
 */
final class MeanGradient implements GradientNorm {

    private final Geometry geometry;
    private final double[][] data;
    private final double[] log;
    private final double[] sum;
    private long calls;

    MeanGradient(Geometry geometry, double[][] data) {
        this.geometry = geometry;
        this.data = data;
        this.log = new double[geometry.layout().length()];
        this.sum = new double[geometry.layout().length()];
    }

    @Override
    public double gradientNorm(double[] x) {
        calls++;
        sumOfLogs(x);
        return geometry.norm(x, sum) / data.length;
    }

    long calls() {
        return calls;
    }

    /**
     * Gradient descent {@code x <- exp(x, (1/n) sum_i log(x, x_i))} (step 1) from {@code start}, for
     * {@code iterations} steps: a few give a deliberately rough mean, a few hundred the mean to rounding.
     */
    double[] descend(double[] start, int iterations) {
        double[] x = start.clone();
        double[] next = new double[x.length];
        for (int k = 0; k < iterations; k++) {
            sumOfLogs(x);
            for (int j = 0; j < sum.length; j++) {
                sum[j] /= data.length;
            }
            geometry.exp(x, sum, next);
            System.arraycopy(next, 0, x, 0, x.length);
        }
        return x;
    }

    private void sumOfLogs(double[] x) {
        java.util.Arrays.fill(sum, 0);
        for (double[] point : data) {
            geometry.log(x, point, log);
            for (int j = 0; j < sum.length; j++) {
                sum[j] += log[j];
            }
        }
    }
}
