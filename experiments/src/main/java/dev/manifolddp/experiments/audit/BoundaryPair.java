package dev.manifolddp.experiments.audit;

/**
 * A worst-case pair of adjacent data sets on the public ball {@code B_r(c)}: D holds n copies of the boundary point
 * {@code near = exp(c, r u)}; D' is D with one record replaced by the opposite boundary point
 * {@code far = exp(c, -r u)} (replace-one adjacency, n public). Everything here is public: it is made from the
 * centre, the radius, n and a seeded direction only.
 *
 * @param index       the pair's index (its direction's index)
 * @param coordinates the unit direction u in the orthonormal tangent basis at c
 * @param direction   u as a tangent vector at c (ambient coordinates of the point layout)
 * @param near        the boundary point b every record of D sits on
 * @param far         the opposite boundary point b' the moved record of D' sits on
 * @param data        D
 * @param neighbour   D'
 */
public record BoundaryPair(int index, double[] coordinates, double[] direction, double[] near, double[] far,
        double[][] data, double[][] neighbour) {

    /** The data set of role 0 (D) or 1 (D'). */
    public double[][] dataSet(int role) {
        return role == 0 ? data : neighbour;
    }
}
