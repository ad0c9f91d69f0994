package dev.manifolddp.experiments.audit;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Builds the candidate {@link BoundaryPair}s from public values only: the first direction is the first vector of the
 * tangent basis at the centre, the others are uniform on the unit sphere of T_c (normalised standard normal
 * coordinates from the seeded stream). For a mean, moving one record from b to the opposite boundary point moves the
 * data set's mean the farthest any replacement can (by 2r/n in flat space), which is why these pairs are the
 * candidates for the worst case.
 */
public final class BoundaryPairs {

    /**
     * The boundary points are placed at radius {@code r (1 - SHRINK)}, so that rounding in exp never puts a record
     * outside the declared ball (which a mechanism rightly refuses); the change in the pair is far below what an
     * audit can resolve.
     */
    static final double SHRINK = 1e-10;

    private BoundaryPairs() {
    }

    /**
     * {@code count} pairs of data sets of {@code n} records on the ball {@code B_radius(centre)}.
     *
     * @throws IllegalArgumentException when the geometry has no tangent basis, or the radius is so large that the
     *                                  opposite boundary points are not 2r apart (beyond the injectivity radius)
     */
    public static List<BoundaryPair> generate(Geometry geometry, double[] centre, double radius, int n, int count,
            UniformRandomProvider random) {
        TangentBasis tangentBasis = geometry.capability(TangentBasis.class).orElseThrow(() ->
                new IllegalArgumentException("the auditor needs an orthonormal tangent basis (capability "
                        + "TangentBasis) to choose boundary directions; " + geometry.spec() + " has none"));
        if (n < 1) {
            throw new IllegalArgumentException("--n must be at least 1. Provided value: " + n);
        }
        if (count < 1) {
            throw new IllegalArgumentException("--directions must be at least 1. Provided value: " + count);
        }
        double[][] basis = tangentBasis.basis(centre);
        int d = basis.length;
        double length = radius * (1 - SHRINK);
        List<BoundaryPair> pairs = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            double[] coordinates = new double[d];
            if (j == 0) {
                coordinates[0] = 1;
            } else {
                unitGaussian(random, coordinates);
            }
            double[] direction = new double[centre.length];
            TangentBasis.combine(basis, coordinates, direction);
            double[] step = direction.clone();
            for (int i = 0; i < step.length; i++) {
                step[i] *= length;
            }
            double[] near = geometry.exp(centre, step);
            for (int i = 0; i < step.length; i++) {
                step[i] = -step[i];
            }
            double[] far = geometry.exp(centre, step);
            double apart = geometry.distance(near, far);
            if (!(Math.abs(apart - 2 * length) <= 1e-6 * Math.max(1, 2 * length))) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--radius: the opposite boundary "
                        + "points exp(c, +-r u) are %.6g apart instead of 2r = %.6g: the radius reaches beyond the "
                        + "geometry's injectivity radius (%.6g); choose a smaller radius. Provided value: %s",
                        apart, 2 * length, geometry.injectivityRadius(), radius));
            }
            double[][] data = new double[n][];
            Arrays.fill(data, near);
            double[][] neighbour = data.clone();
            neighbour[n - 1] = far;
            pairs.add(new BoundaryPair(j, coordinates, direction, near, far, data, neighbour));
        }
        return List.copyOf(pairs);
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
