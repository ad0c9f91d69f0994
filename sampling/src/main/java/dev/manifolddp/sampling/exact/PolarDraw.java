package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The direction step of the samplers in geodesic polar coordinates ({@link RadialLaplaceSampler},
 * {@link TruncatedRadialLaplace}): given a drawn radius theta, the point {@code exp(center, theta u)} with u uniform on
 * the unit sphere of {@code T_center}, drawn as a normalised standard normal vector of coordinates in the orthonormal
 * {@link TangentBasis}. Allocation-free per draw after the first with a given provider; not thread-safe (scratch).
 */
final class PolarDraw {

    private final Geometry geometry;
    private final TangentBasis tangentBasis;
    private final int dimension;
    private final double[][] basis;
    private final double[] coordinates;
    private final double[] tangent;
    private final NormalSource normals = new NormalSource();

    PolarDraw(Geometry geometry, TangentBasis tangentBasis) {
        this.geometry = geometry;
        this.tangentBasis = tangentBasis;
        this.dimension = tangentBasis.basisSize();
        int length = geometry.layout().length();
        this.basis = new double[dimension][length];
        this.coordinates = new double[dimension];
        this.tangent = new double[length];
    }

    /** Writes {@code exp(center, theta u)} into {@code out}, u a uniform unit direction drawn from {@code rng}. */
    void at(double[] center, double theta, UniformRandomProvider rng, double[] out) {
        normals.unitVector(rng, coordinates, dimension);
        for (int i = 0; i < dimension; i++) {
            coordinates[i] *= theta;
        }
        tangentBasis.basis(center, basis);
        TangentBasis.combine(basis, coordinates, tangent);
        geometry.exp(center, tangent, out);
    }
}
