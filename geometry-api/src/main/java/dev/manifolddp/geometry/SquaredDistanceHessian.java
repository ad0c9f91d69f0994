package dev.manifolddp.geometry;

/**
 * The Riemannian Hessian of {@code f_q(x) = (1/2) rho(x, q)^2}, fused with the logarithm it is built from: what a
 * Newton iteration for the Frechet mean {@code argmin (1/2n) sum_i rho(x, x_i)^2} needs at each data point, since
 * {@code grad f_q(x) = -log(x, q)} and the functional's Hessian is the mean of the per-point Hessians (Absil, Mahony,
 * Sepulchre 2008, §6; Pennec 2006, §4). On a space of constant curvature {@code K = 1/R^2} with {@code rho = rho(x, q)}
 * and u the unit vector along {@code log(x, q)}, {@code Hess f_q(x) = u u^T + (rho sqrt K) cot(rho sqrt K)
 * (I - u u^T)} on {@code T_x}: 1 along the geodesic, the Jacobi-field ratio across it.
 *
 * <p>The Hessian is given as a symmetric {@code d x d} matrix in the coordinates of an orthonormal basis of
 * {@code T_x}, the one {@link TangentBasis#basis(double[], double[][])} writes for x: entry {@code (k, l)} is
 * {@code <e_k, Hess f_q(x)[e_l]>_x}. Defined while q is inside the injectivity radius of x; it need not be positive
 * definite (on a sphere it is not once {@code rho >= pi R / 2}).
 */
public interface SquaredDistanceHessian {

    /**
     * Writes {@code log(x, q)} into {@code logOut} and its coordinates {@code <e_k, log(x, q)>_x} in {@code basis}
     * into {@code coordinatesOut} (length d), <em>adds</em> {@code Hess f_q(x)} in the coordinates of
     * {@code basis} (an orthonormal basis of {@code T_x}, {@code d} arrays of the layout's length) to the row-major
     * {@code d x d} array {@code hessian}, and returns {@code rho(x, q)}. Allocates nothing; the outputs must alias no
     * input.
     *
     * @throws IllegalArgumentException at the cut locus of x (as {@link Geometry#log(double[], double[], double[])})
     *     or on arrays of the wrong length
     */
    double addLogAndHessian(double[] x, double[] q, double[][] basis, double[] logOut, double[] coordinatesOut,
            double[] hessian);

    /**
     * The length checks every implementation makes before its hot path: x, q and logOut of the layout's length,
     * d basis vectors of that length, {@code coordinatesOut} of length d and {@code hessian} of length d * d, with
     * d the geometry's dimension.
     *
     * @throws IllegalArgumentException naming the argument and the provided length
     */
    static void requireArguments(Geometry geometry, double[] x, double[] q, double[][] basis, double[] logOut,
                                 double[] coordinatesOut, double[] hessian) {
        GeometryChecks.requireLength(geometry, "x", x);
        GeometryChecks.requireLength(geometry, "q", q);
        GeometryChecks.requireLength(geometry, "logOut", logOut);
        int d = geometry.dimension();
        GeometryChecks.requireBasisOutput(geometry, d, basis);
        if (coordinatesOut == null || coordinatesOut.length != d) {
            throw new IllegalArgumentException(String.format(
                    "coordinatesOut must hold d = %d entries on %s. Provided value: %s", d, geometry.spec(),
                    coordinatesOut == null ? "null" : coordinatesOut.length + " entries"));
        }
        if (hessian == null || hessian.length != d * d) {
            throw new IllegalArgumentException(String.format(
                    "hessian must hold d * d = %d entries (row-major, d = %d on %s). Provided value: %s", d * d, d,
                    geometry.spec(), hessian == null ? "null" : hessian.length + " entries"));
        }
    }

    /** Adds the identity to the row-major {@code d x d} array {@code hessian}: the Hessian at {@code q = x}. */
    static void addIdentity(double[] hessian, int d) {
        for (int b = 0; b < d; b++) {
            hessian[b * d + b] += 1.0;
        }
    }
}
