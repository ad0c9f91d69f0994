package dev.manifolddp.geometry;

import java.util.function.ToDoubleFunction;

/**
 * Midpoint quadrature in polar coordinates over the cap of geodesic radius R about the north pole of the unit
 * sphere S^2 (ambient coordinates), for the densities {@code exp(-a(x)/sigma)} and {@code exp(-b(x)/sigma)} of two
 * neighbouring data sets: their log normalisers and the largest exponent differences, from which a test reads the
 * privacy loss {@code sup_x ln f_a(x)/f_b(x)} of a density mechanism such as KNG (docs/kng-normaliser.md).
 */
public final class CapQuadrature {

    /**
     * @param logZa   {@code ln integral exp(-a/sigma)}
     * @param logZb   {@code ln integral exp(-b/sigma)}
     * @param aAboveB {@code max_x (a(x) - b(x)) / sigma}
     * @param bAboveA {@code max_x (b(x) - a(x)) / sigma}
     */
    public record Result(double logZa, double logZb, double aAboveB, double bAboveA) {

        /** {@code sup_x |ln f_a(x) - ln f_b(x)|} over the cap, both directions. */
        public double worstLoss() {
            double shift = logZb - logZa;
            return Math.max(bAboveA + shift, aAboveB - shift);
        }
    }

    private CapQuadrature() {
    }

    /** The quadrature on {@code rings x spokes} cells; a and b are called with a reused point, not kept. */
    public static Result of(ToDoubleFunction<double[]> a, ToDoubleFunction<double[]> b, double capRadius,
            double sigma, int rings, int spokes) {
        return of(a, b, capRadius, new double[] {sigma}, rings, spokes)[0];
    }

    /**
     * The quadrature at several scales at once, one result per entry of {@code sigmas}: a and b are evaluated once per
     * cell (they do not depend on sigma) and every result is bit for bit the single-scale one.
     */
    public static Result[] of(ToDoubleFunction<double[]> a, ToDoubleFunction<double[]> b, double capRadius,
            double[] sigmas, int rings, int spokes) {
        int m = sigmas.length;
        double[] za = new double[m];
        double[] zb = new double[m];
        double[] aAboveB = new double[m];
        double[] bAboveA = new double[m];
        java.util.Arrays.fill(aAboveB, Double.NEGATIVE_INFINITY);
        java.util.Arrays.fill(bAboveA, Double.NEGATIVE_INFINITY);
        double[] x = new double[3];
        for (int i = 0; i < rings; i++) {
            double theta = (i + 0.5) * capRadius / rings;
            double area = Math.sin(theta) * (capRadius / rings) * (2 * Math.PI / spokes);
            for (int j = 0; j < spokes; j++) {
                double phi = (j + 0.5) * 2 * Math.PI / spokes;
                x[0] = Math.sin(theta) * Math.cos(phi);
                x[1] = Math.sin(theta) * Math.sin(phi);
                x[2] = Math.cos(theta);
                double ga = a.applyAsDouble(x);
                double gb = b.applyAsDouble(x);
                for (int s = 0; s < m; s++) {
                    double sigma = sigmas[s];
                    za[s] += Math.exp(-ga / sigma) * area;
                    zb[s] += Math.exp(-gb / sigma) * area;
                    aAboveB[s] = Math.max(aAboveB[s], (ga - gb) / sigma);
                    bAboveA[s] = Math.max(bAboveA[s], (gb - ga) / sigma);
                }
            }
        }
        Result[] results = new Result[m];
        for (int s = 0; s < m; s++) {
            results[s] = new Result(Math.log(za[s]), Math.log(zb[s]), aAboveB[s], bAboveA[s]);
        }
        return results;
    }
}
