package dev.manifolddp.estimators;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import java.util.Random;

/**
 * Synthetic regression data with a known truth: a geodesic {@code exp(p, x v)} with p near the test geometry's base
 * point, covariates uniform on an interval and responses {@code exp(gamma(x_i), xi_i)} with tangent Gaussian noise
 * (the generative model of Kulkarni and Soto 2025, App. F), all from one seed.
 */
record RegressionFixtures(Geometry geometry, double[] p, double[] v, double[] x, double[][] y) {

    static RegressionFixtures draw(Geometry geometry, long seed, int n, double speed, double noise, double low,
                                   double high) {
        Random random = new Random(seed);
        double[] base = TestPoints.base(geometry);
        if (geometry.pointViolation(base, 1e-12).isPresent()) { // a sphere of another radius
            geometry.capability(AmbientEmbedding.class).orElseThrow().project(base, base);
        }
        double[] p = geometry.exp(base, tangent(geometry, base, random, 0.3));
        double[] v = tangent(geometry, p, random, speed);
        double[] x = new double[n];
        double[][] y = new double[n][];
        for (int i = 0; i < n; i++) {
            x[i] = low + (high - low) * random.nextDouble();
            double[] onCurve = geometry.exp(p, GeodesicRegressionOracleTest.scaled(v, x[i]));
            double[] xi = tangent(geometry, onCurve, random, 1.0);
            double length = noise * Math.abs(random.nextGaussian()) * Math.sqrt(geometry.dimension());
            y[i] = geometry.exp(onCurve, GeodesicRegressionOracleTest.scaled(xi, length));
        }
        return new RegressionFixtures(geometry, p, v, x, y);
    }

    /** A tangent vector at p of the given length in a uniformly random direction. */
    static double[] tangent(Geometry geometry, double[] p, Random random, double length) {
        double[] ambient = new double[p.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = geometry.projectToTangent(p, ambient);
        return GeodesicRegressionOracleTest.scaled(v, length / geometry.norm(p, v));
    }

    double energy(double[] footpoint, double[] shooting) {
        return GeodesicRegressionOracleTest.energy(geometry, footpoint, shooting, x, y);
    }
}
