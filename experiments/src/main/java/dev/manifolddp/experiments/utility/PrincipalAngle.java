package dev.manifolddp.experiments.utility;

import dev.manifolddp.estimators.PrincipalModes;
import dev.manifolddp.estimators.TangentPcaEstimator;
import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.Locale;
import java.util.Optional;

/**
 * The largest principal angle, in radians, between the spans of the first k principal modes of a tangent-pca release
 * and of the non-private second-moment matrix ({@link PrincipalModes#largestPrincipalAngle}; Bjorck and Golub 1973):
 * 0 when the private modes span the same subspace, pi/2 when a private mode is orthogonal to every non-private one.
 * Both values are packed symmetric matrices on the estimator's parameter space R^{d(d+1)/2}
 * ({@link TangentPcaEstimator#pack}); the modes of a release are post-processing.
 *
 * <p>Registered for k = 1 ({@code principal-angle}, the angle between the first modes) and k = 2
 * ({@code principal-angle-2}, the first two modes' planes; it needs d >= 2).
 */
public abstract sealed class PrincipalAngle implements UtilityMeasure permits PrincipalAngle.First, PrincipalAngle.FirstTwo {

    private final int k;

    PrincipalAngle(int k) {
        this.k = k;
    }

    /** {@code principal-angle}: the first mode. */
    public static final class First extends PrincipalAngle {
        public First() {
            super(1);
        }

        @Override
        public String name() {
            return "principal-angle";
        }
    }

    /** {@code principal-angle-2}: the plane of the first two modes. */
    public static final class FirstTwo extends PrincipalAngle {
        public FirstTwo() {
            super(2);
        }

        @Override
        public String name() {
            return "principal-angle-2";
        }
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT, "largest principal angle (radians) between the first %d principal mode%s of "
                + "a tangent-pca release and of the non-private estimate", k, k == 1 ? "" : "s");
    }

    /** The data's geometry must have a tangent basis (tangent-pca's own requirement) of dimension at least k. */
    @Override
    public Optional<String> unsupported(Geometry geometry) {
        if (geometry.capability(TangentBasis.class).isEmpty()) {
            return Optional.of("it measures tangent-pca releases, which need an orthonormal tangent basis "
                    + "(TangentBasis)");
        }
        if (geometry.dimension() < k) {
            return Optional.of("the first " + k + " modes need a manifold of dimension at least " + k);
        }
        return Optional.empty();
    }

    /**
     * The angle between the modes of the packed matrices {@code release} and {@code estimate}, on the parameter space
     * R^{d(d+1)/2}.
     *
     * @throws IllegalArgumentException when the values are not packed symmetric matrices (the estimator is not
     *         tangent-pca)
     */
    @Override
    public Measurement measure(Geometry space, double[] release, double[] estimate) {
        int m = release.length;
        int d = (int) Math.round((Math.sqrt(8.0 * m + 1) - 1) / 2);
        if (!(space instanceof EuclideanSpace) || d * (d + 1) / 2 != m || estimate.length != m || d < k) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the utility '%s' measures releases of the "
                    + "estimator tangent-pca (packed symmetric %d x %d matrices or larger on a euclidean parameter "
                    + "space); use it with estimator: tangent-pca. Provided value: a value of length %d on %s", name(),
                    k, k, m, space.spec()));
        }
        for (double v : release) {
            if (!Double.isFinite(v)) {
                return Measurement.undefined();
            }
        }
        PrincipalModes released = TangentPcaEstimator.modes(release, d);
        PrincipalModes truth = TangentPcaEstimator.modes(estimate, d);
        return Measurement.exact(released.largestPrincipalAngle(truth, k));
    }
}
