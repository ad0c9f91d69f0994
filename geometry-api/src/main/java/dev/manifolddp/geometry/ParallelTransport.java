package dev.manifolddp.geometry;

/**
 * Parallel transport along the minimising geodesic: a linear isometry {@code T_p -> T_q}. Defined while
 * {@code q} is inside the injectivity radius of {@code p}.
 */
public interface ParallelTransport {

    /** Moves {@code v}, a tangent vector at {@code p}, to {@code q}. Writes {@code out}; allocates nothing. */
    void transport(double[] p, double[] q, double[] v, double[] out);

    /** Allocating form of {@link #transport(double[], double[], double[], double[])}. */
    default double[] transport(double[] p, double[] q, double[] v) {
        if (this instanceof Geometry geometry) {
            GeometryChecks.requirePoint(geometry, "p", p);
            GeometryChecks.requirePoint(geometry, "q", q);
            GeometryChecks.requireTangent(geometry, p, "v", v);
            GeometryChecks.requireInsideInjectivityRadius(geometry, p, q);
        }
        double[] out = new double[v.length];
        transport(p, q, v, out);
        return out;
    }
}
