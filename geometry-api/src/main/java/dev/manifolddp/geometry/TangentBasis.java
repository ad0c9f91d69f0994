package dev.manifolddp.geometry;

/**
 * An orthonormal basis (for the metric at p) of the tangent space T_p, in ambient coordinates. Generic code uses it
 * to turn coordinates in R^d into tangent vectors: proposals, numerical gradients, isotropic noise.
 */
public interface TangentBasis {

    /** The number of basis vectors: the intrinsic dimension d. */
    int basisSize();

    /** Writes the basis of T_p into {@code out[0 .. d-1]}, each an array of the point layout's length. */
    void basis(double[] p, double[][] out);

    /** Allocating form of {@link #basis(double[], double[][])}. */
    default double[][] basis(double[] p) {
        if (this instanceof Geometry geometry) {
            GeometryChecks.requirePoint(geometry, "p", p);
        }
        double[][] out = new double[basisSize()][p.length];
        basis(p, out);
        return out;
    }

    /** {@code out = sum_i coordinates[i] * basis[i]}: the tangent vector with these coordinates. */
    static void combine(double[][] basis, double[] coordinates, double[] out) {
        java.util.Arrays.fill(out, 0.0);
        for (int i = 0; i < coordinates.length; i++) {
            double c = coordinates[i];
            double[] e = basis[i];
            for (int j = 0; j < out.length; j++) {
                out[j] += c * e[j];
            }
        }
    }
}
