package dev.manifolddp.experiments.audit;

/**
 * A worst-case pair of adjacent data sets on the public ball {@code B_r(c)}: D holds n copies of the point
 * {@code near = exp(c, t u)}; D' is D with one record replaced by the opposite point {@code far = exp(c, -t u)}
 * (replace-one adjacency, n public), with t set by the {@link BoundaryPlacement} (r, or the largest radius the ball
 * check admits). Everything here is public: it is made from the centre, the radius, n and a seeded direction only.
 *
 * @param index       the pair's index ({@code placements * direction + placement ordinal})
 * @param directionIndex the index of its direction u
 * @param placement   where the records lie along u
 * @param replacement where the moved record of D' goes
 * @param length      t, the geodesic length of the tangent vectors {@code +-t u} exp is applied to
 * @param coordinates the unit direction u in the orthonormal tangent basis at c
 * @param direction   u as a tangent vector at c (ambient coordinates of the point layout)
 * @param near        the point b every record of D sits on
 * @param far         the point b' the moved record of D' sits on (the opposite point by default)
 * @param data        D
 * @param neighbour   D'
 */
public record BoundaryPair(int index, int directionIndex, BoundaryPlacement placement, Replacement replacement,
        double length,
        double[] coordinates, double[] direction, double[] near, double[] far, double[][] data,
        double[][] neighbour) {

    /** The data set of role 0 (D) or 1 (D'). */
    public double[][] dataSet(int role) {
        return role == 0 ? data : neighbour;
    }
}
