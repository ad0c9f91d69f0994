package dev.manifolddp.experiments.audit;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.mechanisms.DataBall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Builds the candidate {@link BoundaryPair}s from public values only: the first direction is the first vector of the
 * tangent basis at the centre, the others are uniform on the unit sphere of T_c (normalised standard normal
 * coordinates from the seeded stream); each direction gives one pair per {@link BoundaryPlacement}. For a mean,
 * moving one record from b to the opposite boundary point moves the data set's mean the farthest any replacement can
 * (by 2r/n in flat space), which is why these pairs are the candidates for the worst case; placing the records on
 * the boundary and at the ball check's slack, rather than safely inside, is what exposes a mechanism that treats
 * records at the edge of the ball, or a mean computed just outside it, differently (issue 21).
 */
public final class BoundaryPairs {

    /** The number of pairs each direction gives. */
    static final int PER_DIRECTION = BoundaryPlacement.values().length;

    /** The most times the slack placement's radius is pulled in before it counts as impossible. */
    private static final int SLACK_ATTEMPTS = 64;

    private BoundaryPairs() {
    }

    /**
     * {@code count * }{@link #PER_DIRECTION} pairs of data sets of {@code n} records on the ball
     * {@code B_radius(centre)}: for direction j, pair {@code PER_DIRECTION * j + placement.ordinal()}. Every record of
     * every pair is admitted by the ball's check ({@link DataBall#requireContains}), so a release that refuses one is
     * a failure of the mechanism, not of the audit.
     *
     * @throws IllegalArgumentException when the geometry has no tangent basis, or the radius is so large that the
     *                                  opposite boundary points are not 2r apart (beyond the injectivity radius)
     */
    public static List<BoundaryPair> generate(Geometry geometry, double[] centre, double radius, int n, int count,
            UniformRandomProvider random) {
        return generate(geometry, centre, radius, n, count, List.of(Replacement.OPPOSITE), random);
    }

    /**
     * {@link #generate} with the given replacements: for direction j, placement and replacement k, pair
     * {@code (PER_DIRECTION j + placement.ordinal()) K + k}, K the number of replacements. The perpendicular direction
     * of {@link Replacement#ORTHOGONAL} is the second basis vector for the first direction and a seeded one
     * otherwise, drawn after u only when that replacement is asked for (so the default pairs are unchanged).
     */
    public static List<BoundaryPair> generate(Geometry geometry, double[] centre, double radius, int n, int count,
            List<Replacement> replacements, UniformRandomProvider random) {
        TangentBasis tangentBasis = geometry.capability(TangentBasis.class).orElseThrow(() ->
                new IllegalArgumentException("the auditor needs an orthonormal tangent basis (capability "
                        + "TangentBasis) to choose boundary directions; " + geometry.spec() + " has none"));
        if (n < 1) {
            throw new IllegalArgumentException("--n must be at least 1. Provided value: " + n);
        }
        if (count < 1) {
            throw new IllegalArgumentException("--directions must be at least 1. Provided value: " + count);
        }
        DataBall ball = DataBall.declared(centre, radius);
        double[][] basis = tangentBasis.basis(centre);
        int d = basis.length;
        List<BoundaryPair> pairs = new ArrayList<>(count * PER_DIRECTION);
        for (int j = 0; j < count; j++) {
            double[] coordinates = new double[d];
            if (j == 0) {
                coordinates[0] = 1;
            } else {
                unitGaussian(random, coordinates);
            }
            double[] direction = new double[centre.length];
            TangentBasis.combine(basis, coordinates, direction);
            double[] perpendicular = replacements.contains(Replacement.ORTHOGONAL)
                    ? perpendicular(basis, coordinates, j, random, centre.length) : null;
            for (BoundaryPlacement placement : BoundaryPlacement.values()) {
                double length = length(geometry, ball, direction, placement);
                double[] near = point(geometry, centre, direction, length);
                double[] far = point(geometry, centre, direction, -length);
                double apart = geometry.distance(near, far);
                if (!(Math.abs(apart - 2 * length) <= 1e-6 * Math.max(1, 2 * length))) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "--radius: the opposite boundary "
                            + "points exp(c, +-r u) are %.6g apart instead of 2r = %.6g: the radius reaches beyond "
                            + "the geometry's injectivity radius (%.6g); choose a smaller radius. Provided value: %s",
                            apart, 2 * length, geometry.injectivityRadius(), radius));
                }
                for (Replacement replacement : replacements) {
                    double[] moved = switch (replacement) {
                        case OPPOSITE -> far;
                        case CENTRE -> centre.clone();
                        case ORTHOGONAL -> point(geometry, centre, perpendicular, length);
                    };
                    double[][] data = new double[n][];
                    Arrays.fill(data, near);
                    double[][] neighbour = data.clone();
                    neighbour[n - 1] = moved;
                    // the records were placed so that this holds; checked as every release checks them
                    ball.requireContains(geometry, data);
                    ball.requireContains(geometry, neighbour);
                    pairs.add(new BoundaryPair(pairs.size(), j, placement, replacement, length, coordinates,
                            direction, near, moved, data, neighbour));
                }
            }
        }
        return List.copyOf(pairs);
    }

    /**
     * The geodesic length t of the placement's points {@code exp(c, +-t u)}: r on the boundary; at the slack, the
     * largest t up to {@code r (1 + SLACK)} at which the ball's check admits both, found by pulling t in by 1, 2, 4,
     * ... ulps (rounding in exp and the distance moves the points by a few ulps, far below the slack).
     */
    static double length(Geometry geometry, DataBall ball, double[] direction, BoundaryPlacement placement) {
        double radius = ball.radius();
        double length = placement == BoundaryPlacement.BOUNDARY ? radius : radius * (1 + DataBall.SLACK);
        for (int attempt = 0; attempt < SLACK_ATTEMPTS && length >= radius; attempt++) {
            if (ball.admits(geometry, point(geometry, ball.center(), direction, length))
                    && ball.admits(geometry, point(geometry, ball.center(), direction, -length))) {
                return length;
            }
            if (placement == BoundaryPlacement.BOUNDARY) {
                break;
            }
            length -= Math.ulp(length) * (1L << Math.min(attempt, 52));
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "the auditor could not place records %s of the "
                + "ball of radius %s on %s so that the ball's check admits them (up to r (1 + %s)): exp or the "
                + "distance rounds by more than the slack there. Please report this with the geometry and radius",
                placement == BoundaryPlacement.BOUNDARY ? "on the boundary" : "at the admitted slack", radius,
                geometry.spec(), DataBall.SLACK));
    }

    /** A unit tangent vector perpendicular to the direction with these basis coordinates. */
    private static double[] perpendicular(double[][] basis, double[] coordinates, int j, UniformRandomProvider random,
            int length) {
        double[] w = new double[coordinates.length];
        if (w.length < 2) {
            throw new IllegalArgumentException("--replace orthogonal needs a manifold of dimension 2 or more. "
                    + "Provided value: dimension " + w.length);
        }
        if (j == 0) {
            w[1] = 1; // u is the first basis vector
        } else {
            double norm;
            do {
                unitGaussian(random, w);
                double dot = 0;
                for (int i = 0; i < w.length; i++) {
                    dot += w[i] * coordinates[i];
                }
                norm = 0;
                for (int i = 0; i < w.length; i++) {
                    w[i] -= dot * coordinates[i];
                    norm += w[i] * w[i];
                }
                norm = Math.sqrt(norm);
            } while (norm < 1e-6);
            for (int i = 0; i < w.length; i++) {
                w[i] /= norm;
            }
        }
        double[] vector = new double[length];
        TangentBasis.combine(basis, w, vector);
        return vector;
    }

    /** {@code exp(c, t u)}. */
    private static double[] point(Geometry geometry, double[] centre, double[] direction, double length) {
        double[] step = direction.clone();
        for (int i = 0; i < step.length; i++) {
            step[i] *= length;
        }
        return geometry.exp(centre, step);
    }

    private static void unitGaussian(UniformRandomProvider random, double[] out) {
        double norm;
        do {
            norm = 0;
            for (int i = 0; i < out.length; i++) {
                out[i] = gaussian(random);
                norm += out[i] * out[i];
            }
        } while (norm < 1e-12);
        norm = Math.sqrt(norm);
        for (int i = 0; i < out.length; i++) {
            out[i] /= norm;
        }
    }

    /** A standard normal by Box-Muller (only a few are drawn, so the simplest exact method will do). */
    private static double gaussian(UniformRandomProvider random) {
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
