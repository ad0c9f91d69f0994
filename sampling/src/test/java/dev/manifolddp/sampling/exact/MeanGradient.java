package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LogSums;

/**
 * Test-only gradient norm of the Frechet functional, {@code G(x) = (1/n) |sum_i log(x, x_i)|_x} (Soto et al. 2022, §2.2 and §3):
 * the estimators module has the production one, which the sampling module may not depend on.
 */
final class MeanGradient implements GradientNorm {

    private final Geometry geometry;
    private final int n;
    /** The distinct records (bit for bit) and how many times each occurs, in order of first occurrence. */
    private final double[][] distinct;
    private final double[] counts;
    /**
     * The geometry's fused kernel ({@link LogSums}; affine-invariant SPD whitens by x once per evaluation instead of
     * once per record) for data without repeats, else null. It agrees with the loop to 1e-13 relative, its contract,
     * tested with each geometry; a density that differs by that much changes no accept/reject decision in practice.
     */
    private final LogSums.Batch kernel;
    private final double[] log;
    private final double[] sum;
    private long calls;

    MeanGradient(Geometry geometry, double[][] data) {
        this.geometry = geometry;
        this.n = data.length;
        // Adversarial data sets repeat records (all at one boundary point, two opposite clusters): summing each
        // distinct record's log once, times its count, is the same sum at a fraction of the logarithms. With no
        // repeats every count is 1.0 and the sum is bit for bit the plain one.
        java.util.Map<java.util.List<Double>, Integer> index = new java.util.LinkedHashMap<>();
        java.util.List<double[]> points = new java.util.ArrayList<>();
        java.util.List<Integer> multiplicity = new java.util.ArrayList<>();
        for (double[] point : data) {
            java.util.List<Double> key = java.util.Arrays.stream(point).boxed().toList();
            Integer at = index.get(key);
            if (at == null) {
                index.put(key, points.size());
                points.add(point);
                multiplicity.add(1);
            } else {
                multiplicity.set(at, multiplicity.get(at) + 1);
            }
        }
        this.distinct = points.toArray(new double[0][]);
        this.counts = multiplicity.stream().mapToDouble(Integer::doubleValue).toArray();
        this.kernel = distinct.length < n ? null
                : geometry.capability(LogSums.class).map(sums -> sums.prepare(data)).orElse(null);
        this.log = new double[geometry.layout().length()];
        this.sum = new double[geometry.layout().length()];
    }

    @Override
    public double gradientNorm(double[] x) {
        calls++;
        if (kernel != null) {
            return kernel.normOfSumOfLogs(x) / n;
        }
        sumOfLogs(x);
        return geometry.norm(x, sum) / n;
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
                sum[j] /= n;
            }
            geometry.exp(x, sum, next);
            System.arraycopy(next, 0, x, 0, x.length);
        }
        return x;
    }

    private void sumOfLogs(double[] x) {
        java.util.Arrays.fill(sum, 0);
        for (int i = 0; i < distinct.length; i++) {
            geometry.log(x, distinct[i], log);
            double count = counts[i];
            for (int j = 0; j < sum.length; j++) {
                sum[j] += count * log[j];
            }
        }
    }
}
