package dev.manifolddp.sampling.data;

/**
 * A synthetic data set together with the public ball it lies in: every point {@code x} satisfies
 * {@code rho(center, x) <= radius}. The ball, not the data, is what sensitivity bounds may use.
 *
 * @param points      the data points, in the geometry's point layout
 * @param center      the ball's center (public)
 * @param radius      the ball's radius (public)
 * @param description how the data were generated, for reports
 */
public record GeneratedData(double[][] points, double[] center, double radius, String description) {

    /** The number of points. */
    public int size() {
        return points.length;
    }
}
