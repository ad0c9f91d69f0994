package dev.manifolddp.plugins.hyperbolic;

import java.util.Random;

/** Test points of H^d. */
final class HyperbolicFixtures {

    private HyperbolicFixtures() {
    }

    /** {@code exp(o, t u) = (cosh t, sinh t u)} with u uniform on the unit sphere of R^d and t ~ U[0, reach]. */
    static double[] randomPoint(int d, double reach, Random random) {
        double[] u = new double[d];
        double norm = 0;
        while (norm < 1e-3) {
            norm = 0;
            for (int i = 0; i < d; i++) {
                u[i] = random.nextGaussian();
                norm += u[i] * u[i];
            }
            norm = Math.sqrt(norm);
        }
        double t = reach * random.nextDouble();
        double[] p = new double[d + 1];
        p[0] = Math.cosh(t);
        for (int i = 0; i < d; i++) {
            p[i + 1] = Math.sinh(t) * u[i] / norm;
        }
        return p;
    }

    /** The origin {@code o = (1, 0, ..., 0)} of H^d. */
    static double[] origin(int d) {
        double[] o = new double[d + 1];
        o[0] = 1;
        return o;
    }
}
