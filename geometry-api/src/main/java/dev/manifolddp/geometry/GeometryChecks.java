package dev.manifolddp.geometry;

import java.util.Optional;

/**
 * Argument checks shared by the allocating forms of {@link Geometry} and by {@link ValidatingGeometry}. Each
 * throws {@link IllegalArgumentException} with a message naming the argument and what to fix.
 */
public final class GeometryChecks {

    /**
     * {@code log} is refused when the distance exceeds the injectivity radius shrunk by this relative margin: at the
     * cut locus the logarithm is not unique, and just inside it is defined but arbitrarily ill-conditioned.
     */
    public static final double CUT_LOCUS_MARGIN = 1e-9;

    private GeometryChecks() {
    }

    /** Length and finiteness of any array in the geometry's layout. */
    public static void requireFinite(Geometry geometry, String name, double[] values) {
        if (values == null) {
            throw new IllegalArgumentException(name + " is null; expected a " + geometry.layout().describe());
        }
        if (values.length != geometry.layout().length()) {
            throw new IllegalArgumentException(String.format(
                    "%s has length %d, but %s stores a %s in %d numbers", name, values.length, geometry.spec(),
                    geometry.layout().describe(), geometry.layout().length()));
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format("%s[%d] is %s; every entry must be finite",
                        name, i, values[i]));
            }
        }
    }

    /** A point of the manifold: right length, finite, and on the manifold up to the default tolerance. */
    public static void requirePoint(Geometry geometry, String name, double[] point) {
        requireFinite(geometry, name, point);
        Optional<String> violation = geometry.pointViolation(point, Geometry.DEFAULT_TOLERANCE);
        if (violation.isPresent()) {
            throw new IllegalArgumentException(String.format("%s is not a point of %s: %s", name, geometry.spec(),
                    violation.get()));
        }
    }

    /** A tangent vector at {@code point}: right length, finite, and in the tangent space. */
    public static void requireTangent(Geometry geometry, double[] point, String name, double[] vector) {
        requireFinite(geometry, name, vector);
        Optional<String> violation = geometry.tangentViolation(point, vector, Geometry.DEFAULT_TOLERANCE);
        if (violation.isPresent()) {
            throw new IllegalArgumentException(String.format("%s is not a tangent vector of %s at the given point: %s",
                    name, geometry.spec(), violation.get()));
        }
    }

    /** {@code distance(p, q)} strictly inside the injectivity radius, so that {@code log(p, q)} is defined. */
    public static void requireInsideInjectivityRadius(Geometry geometry, double[] p, double[] q) {
        double radius = geometry.injectivityRadius();
        if (Double.isInfinite(radius)) {
            return;
        }
        double distance = geometry.distance(p, q);
        if (!(distance < radius * (1 - CUT_LOCUS_MARGIN))) {
            throw new IllegalArgumentException(String.format(
                    "log(p, q) is undefined: q lies at distance %.17g from p, on or beyond the cut locus "
                            + "(injectivity radius %.17g of %s); no unique minimising geodesic joins them",
                    distance, radius, geometry.spec()));
        }
    }
}
