package dev.manifolddp.mechanisms.regression;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Seeded synthetic regression data on S^2 around the north pole m0: covariates uniform on [0, 1], responses
 * {@code exp(gamma(x_i), xi_i)} with a tangent Gaussian xi_i (coordinates of sd {@link #NOISE}) along the geodesic
 * {@code gamma(x) = exp(P, x V_TRUE)}, pulled onto the public data ball {@code B_r(m0)} when the noise carries them out.
 */
record SphereRegressionData(double[] covariates, double[][] responses) {

    static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    static final double[] M0 = {0, 0, 1};
    /** The public domain: Kulkarni and Soto 2025's radius limit pi/8 on S^2, footpoint radius and speed bound. */
    static final double R = Math.PI / 8;
    static final double RP = 0.3;
    static final double V = 0.4;
    static final double NOISE = 0.05;
    static final double[] P = SPHERE.exp(M0, new double[] {-0.1, 0.05, 0});
    static final double[] V_TRUE = SPHERE.projectToTangent(P, new double[] {0.25, 0.05, 0});

    static UniformRandomProvider rng(long cell, long replicate) {
        return RandomStreams.seeded(20240911L).stream(cell, replicate);
    }

    static SphereRegressionData draw(int n, UniformRandomProvider rng) {
        double[] x = new double[n];
        double[][] y = new double[n][];
        double[] ambient = new double[3];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble();
            double[] onCurve = SPHERE.exp(P, scaled(V_TRUE, x[i]));
            for (int j = 0; j < 3; j++) {
                ambient[j] = NOISE * gaussian(rng);
            }
            double[] point = SPHERE.exp(onCurve, SPHERE.projectToTangent(onCurve, ambient));
            double distance = SPHERE.distance(M0, point);
            if (distance > R) {
                double[] log = SPHERE.log(M0, point);
                point = SPHERE.exp(M0, scaled(log, R * (1 - 1e-9) / distance));
            }
            y[i] = point;
        }
        return new SphereRegressionData(x, y);
    }

    static double[] scaled(double[] v, double factor) {
        double[] out = new double[v.length];
        for (int j = 0; j < v.length; j++) {
            out[j] = v[j] * factor;
        }
        return out;
    }

    /** The records {@code [y..., x]} of an estimator with covariate records. */
    double[][] records() {
        double[][] records = new double[covariates.length][];
        for (int i = 0; i < records.length; i++) {
            double[] y = responses[i];
            records[i] = new double[] {y[0], y[1], y[2], covariates[i]};
        }
        return records;
    }

    /** A builder on the public domain with short chains (tests only). */
    static PrivateGeodesicRegression.Builder builder() {
        return PrivateGeodesicRegression.builder().geometry(SPHERE).domain(M0, R, RP, V).covariateRange(0, 1)
                .burnIn(2_000).thin(100);
    }

    private static double gaussian(UniformRandomProvider rng) {
        // Box-Muller; a test helper, allocation does not matter here
        return Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
    }
}
