package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorFit;
import dev.manifolddp.estimators.GradientField;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.Locale;

/**
 * The anchor of the exact KNG sampler's envelope: a point a of the closed public ball {@code B_r(p0)} whose gradient
 * norm {@code G(a)} is at most the public bound g that the acceptance bound alpha was computed with
 * ({@link #publicBound}). The acceptance bound's proof (docs/exact-sampling.md, "The anchor") needs exactly these two
 * facts; both are checked here, before the first proposal is drawn.
 *
 * <p>Why a projection: records are admitted up to {@code r (1 + }{@value DataBall#SLACK}{@code )}, so n identical
 * records on the boundary put the computed minimiser just outside B_r by rounding. Moving the anchor to the ball's
 * centre (the former fallback) makes {@code G(a)} of order r and the acceptance rate far below alpha, so a fixed
 * budget fails with probability near 1 on exactly those datasets (issue 21, hole 1). The geodesic projection of the
 * minimiser m onto B_r moves it by at most {@code r s + G(m)/h} (s the slack, h the gradient's lower constant), so with
 * {@code G(x) <= H rho(x, x*)} (H the upper constant) {@code G(a) <= H (r s + 2 G(m)/h)}. {@link #publicBound} is at
 * least four times {@code H r s}; a minimiser converged to {@code h g / (8 H)} ({@link #refineTolerance}) then gives
 * {@code G(a) <= g/2}. The mechanisms' minimiser is run to {@link ReleaseContext#MEAN_TOLERANCE}; where that leaves
 * {@code G(a) > g} (a minimiser outside the ball, or one that did not converge), the minimisation is continued from the
 * projection to the refine tolerance and projected again.
 *
 * <p>What remains: a minimiser that cannot reach the refine tolerance within {@link #REFINE_ITERATIONS} iterations
 * from inside the ball. The estimator's contract (a minimiser to the requested tolerance on data in the ball) rules
 * it out; should it happen, the release fails before drawing with a message that says it is a privacy event (the
 * failure depends on the data), rather than drawing with an acceptance rate below the public bound.
 */
final class KngAnchor {

    /** Iterations allowed to the continued minimisation. */
    static final int REFINE_ITERATIONS = 10_000;

    private KngAnchor() {
    }

    /**
     * The public bound g on the anchor's gradient norm for a ball of radius {@code radius} and an objective with
     * gradient bounds {@code lower rho <= G <= upper rho}: {@code max(MEAN_TOLERANCE, 4 upper r s)}, s the ball's
     * admitted slack. A function of public values only.
     */
    static double publicBound(double radius, double upper) {
        return Math.max(ReleaseContext.MEAN_TOLERANCE, 4 * upper * radius * DataBall.SLACK);
    }

    /** The tolerance to which a continued minimisation must converge: {@code lower g / (8 upper)}. */
    static double refineTolerance(double bound, double lower, double upper) {
        return lower * bound / (8 * upper);
    }

    /**
     * The anchor for {@code minimiser}: the minimiser itself when it lies in the closed ball and meets the bound, else
     * the projection of a continued minimisation. Records data-dependent facts (projection, refinement) in the
     * diagnostics only.
     *
     * @throws IllegalStateException when no anchor in the ball meets the bound (a privacy event: see the class
     *                               comment)
     */
    static double[] of(Estimator estimator, Geometry geometry, Records data, DataBall ball, double[] minimiser,
            GradientField field, double bound, double lower, double upper, Release.Builder<?> release) {
        double[] anchor = project(geometry, ball, minimiser);
        double g = field.gradientNorm(anchor);
        if (g <= bound) {
            if (anchor != minimiser) {
                release.diagnosticWarning("the non-private minimiser lies outside the ball by rounding; the envelope "
                        + "is anchored at its projection onto the ball");
            }
            release.diagnostic("anchorGradientNorm", g);
            return anchor;
        }
        double tolerance = refineTolerance(bound, lower, upper);
        EstimatorFit refined = estimator.minimise(geometry, data, anchor, tolerance, REFINE_ITERATIONS);
        double[] second = project(geometry, ball, refined.point());
        double g2 = field.gradientNorm(second);
        release.diagnostic("anchorRefinement", String.format(Locale.ROOT, "gradient norm %.3g at the projected "
                + "minimiser; continued to %.3g in %d iterations", g, g2, refined.iterations()));
        if (g2 <= bound) {
            release.diagnostic("anchorGradientNorm", g2);
            return second;
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "kng: no anchor in the ball meets the public "
                + "bound on its gradient norm (%.3g; the best found has %.3g after %d further iterations of '%s'): the "
                + "estimator's minimiser did not converge on these records. This failure depends on the data (a "
                + "privacy event): do not publish it or retry on the same data; report it with the geometry and "
                + "estimator", bound, g2, refined.iterations(), estimator.name()));
    }

    /** The ball's projection of a point ({@link DataBall#project}). */
    static double[] project(Geometry geometry, DataBall ball, double[] point) {
        return ball.project(geometry, point);
    }
}
