package dev.manifolddp.geometry;

/**
 * Ambient Euclidean coordinates of the manifold, for the extrinsic baselines (Euclidean Laplace, extrinsic
 * Gaussian): the coordinates themselves, the Euclidean radius that contains a geodesic ball, and the projection of
 * an ambient vector back onto the manifold where one exists.
 */
public interface AmbientEmbedding {

    /** The dimension D of the ambient coordinates. */
    int ambientDimension();

    /** The ambient coordinates of a point. Writes {@code out} (length {@link #ambientDimension()}). */
    void toAmbient(double[] p, double[] out);

    /**
     * The array (in the point layout) whose ambient coordinates are {@code y}; the result need not be a point of
     * the manifold (e.g. a symmetric matrix that is not positive definite). Writes {@code out}.
     */
    void fromAmbient(double[] y, double[] out);

    /**
     * Projects ambient coordinates onto the manifold. Returns false, leaving {@code out} unspecified, when no
     * projection exists (the zero vector for a sphere, an indefinite matrix for SPD).
     */
    boolean project(double[] y, double[] out);

    /**
     * A Euclidean radius r_E such that the geodesic ball {@code B_r(center)} lies in the ambient ball of radius r_E
     * around {@code toAmbient(center)} (Reimherr et al. 2021, supplement §1.2.2, §1.3.2). On a quotient space whose
     * points are stored as representatives (Kendall's pre-shapes) the bound holds for representatives aligned to the
     * centre's.
     */
    double ambientRadius(double[] center, double geodesicRadius);

    /**
     * Allocating form of {@link #toAmbient(double[], double[])}. Checks the length and finiteness of {@code p} but
     * not its membership: the ambient coordinates of an off-manifold array are meaningful (a release to project).
     */
    default double[] toAmbient(double[] p) {
        if (this instanceof Geometry geometry) {
            GeometryChecks.requireFinite(geometry, "p", p);
        }
        double[] out = new double[ambientDimension()];
        toAmbient(p, out);
        return out;
    }
}
