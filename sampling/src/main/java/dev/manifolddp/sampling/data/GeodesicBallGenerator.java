package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Points {@code x = exp(center, theta u)} with {@code theta ~ U[0, r]} and u uniform on the unit sphere of
 * T_center (a normalised standard normal vector of coordinates in the {@link TangentBasis}). On S^2 around the north
 * pole this is the "sphere-cap" data of Soto et al. 2022, Fig. 1 left (Soto et al. 2022, suppl. §2.4.1, r = pi/8). The points are denser near the
 * center than a uniform law on the ball would be, as in the paper. Every point lies at distance {@code theta <= r}.
 */
public final class GeodesicBallGenerator implements DataGenerator {

    private final Geometry geometry;
    private final TangentBasis tangentBasis;
    private final double[] center;
    private final double radius;

    /**
     * Data in {@code B_radius(center)}; {@code radius} must not exceed the injectivity radius (beyond it, exp does not
     * reach distance theta). Needs {@link TangentBasis}.
     */
    public GeodesicBallGenerator(Geometry geometry, double[] center, double radius) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.tangentBasis = Capabilities.require(geometry, TangentBasis.class, "GeodesicBallGenerator");
        this.center = Arguments.requirePoint(geometry, "center", center).clone();
        this.radius = Arguments.requirePositiveFinite("radius", radius);
        if (radius > geometry.injectivityRadius()) {
            throw new IllegalArgumentException(String.format(
                    "radius must not exceed the injectivity radius %s of %s, or points would not lie at distance "
                            + "theta from the center; choose a smaller radius. Provided value: %s",
                    geometry.injectivityRadius(), geometry.spec(), radius));
        }
    }

    @Override
    public GeneratedData generate(int n, UniformRandomProvider rng) {
        Arguments.requireAtLeast("n", n, 1);
        Arguments.requireNonNull("rng", rng);
        int d = tangentBasis.basisSize();
        int length = geometry.layout().length();
        double[][] basis = tangentBasis.basis(center);
        double[] coordinates = new double[d];
        double[] tangent = new double[length];
        NormalSource normals = new NormalSource();
        double[][] points = new double[n][length];
        for (int i = 0; i < n; i++) {
            double theta = radius * rng.nextDouble();
            normals.unitVector(rng, coordinates, d);
            for (int j = 0; j < d; j++) {
                coordinates[j] *= theta;
            }
            TangentBasis.combine(basis, coordinates, tangent);
            geometry.exp(center, tangent, points[i]);
        }
        return new GeneratedData(points, center.clone(), radius, String.format(
                "geodesic ball data on %s: theta ~ U[0, %s], uniform tangent direction (Soto et al. 2022, Fig. 1 left)",
                geometry.spec(), radius));
    }
}
