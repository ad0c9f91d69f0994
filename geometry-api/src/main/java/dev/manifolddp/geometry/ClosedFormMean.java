package dev.manifolddp.geometry;

/** The Frechet mean {@code argmin_x sum_i rho(x, x_i)^2} in closed form. */
public interface ClosedFormMean {

    /** The Frechet mean of {@code points} (at least one). Writes {@code out}. */
    void mean(double[][] points, double[] out);

    /** Allocating form of {@link #mean(double[][], double[])}; validates every point. */
    default double[] mean(double[][] points) {
        if (points == null || points.length == 0) {
            throw new IllegalArgumentException("the Frechet mean needs at least one point; the data set is empty");
        }
        if (this instanceof Geometry geometry) {
            for (int i = 0; i < points.length; i++) {
                GeometryChecks.requirePoint(geometry, "points[" + i + "]", points[i]);
            }
        }
        double[] out = new double[points[0].length];
        mean(points, out);
        return out;
    }
}
