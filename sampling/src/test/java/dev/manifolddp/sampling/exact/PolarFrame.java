package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * Test-only geodesic polar coordinates around a point p0: {@code x = exp(p0, theta sum_j u_j f_j)} with
 * {@code f_1, ..., f_d} an orthonormal frame of T_p0 whose first vector points along a chosen tangent direction
 * (Gram-Schmidt of that direction and the geometry's {@link TangentBasis}), theta the geodesic distance from p0 and u
 * a unit vector of R^d.
 */
final class PolarFrame {

    private final Geometry geometry;
    private final double[] origin;
    private final double[][] frame;
    private final double[] tangent;
    private final double[] log;

    PolarFrame(Geometry geometry, double[] origin, double[] direction) {
        this.geometry = geometry;
        this.origin = origin.clone();
        double[][] basis = geometry.capability(TangentBasis.class).orElseThrow().basis(origin);
        int d = basis.length;
        double[][] candidates = new double[d + 1][];
        candidates[0] = direction.clone();
        System.arraycopy(basis, 0, candidates, 1, d);
        frame = new double[d][];
        int found = 0;
        for (double[] candidate : candidates) {
            if (found == d) {
                break;
            }
            double[] v = candidate.clone();
            for (int k = 0; k < found; k++) {
                double c = geometry.inner(origin, frame[k], v);
                for (int j = 0; j < v.length; j++) {
                    v[j] -= c * frame[k][j];
                }
            }
            double norm = geometry.norm(origin, v);
            if (norm > 1e-6) {
                for (int j = 0; j < v.length; j++) {
                    v[j] /= norm;
                }
                frame[found++] = v;
            }
        }
        this.tangent = new double[origin.length];
        this.log = new double[origin.length];
    }

    int dimension() {
        return frame.length;
    }

    /** Writes {@code exp(p0, theta sum_j u_j f_j)} into out. */
    void point(double theta, double[] u, double[] out) {
        java.util.Arrays.fill(tangent, 0);
        for (int k = 0; k < frame.length; k++) {
            for (int j = 0; j < tangent.length; j++) {
                tangent[j] += theta * u[k] * frame[k][j];
            }
        }
        geometry.exp(origin, tangent, out);
    }

    /** Writes the unit frame coordinates of {@code log(p0, x)} into u and returns theta = rho(p0, x). */
    double coordinates(double[] x, double[] u) {
        geometry.log(origin, x, log);
        double norm = 0;
        for (int k = 0; k < frame.length; k++) {
            u[k] = geometry.inner(origin, frame[k], log);
            norm += u[k] * u[k];
        }
        norm = Math.sqrt(norm);
        for (int k = 0; k < frame.length; k++) {
            u[k] /= norm;
        }
        return geometry.distance(origin, x);
    }
}
