package dev.manifolddp.estimators;

import java.util.Locale;

/**
 * Detects an iteration whose gradient norm no longer decreases: no new smallest gradient norm in the last
 * {@link #WINDOW} updates. A tolerance below what double precision resolves for the data (the gradient is a sum of n
 * logs of size up to the data's spread, and the iterate cannot move by less than the rounding of its coordinates)
 * is never met; without this test the loop would then spin to its iteration limit ({@code Integer.MAX_VALUE} updates
 * took ~24 minutes at a gradient stuck near 1e-17). The smallest gradient norm seen is the floor the data attain.
 *
 * <p>Why a window of new minima and not a relative decrease: a descent that converges linearly with a rate close to 1
 * (data near the convexity limit) lowers the gradient a little at every update and must not be cut short, while at the
 * rounding floor the gradient norm wanders at random or cycles, and a new minimum becomes rare. Under Assumption 1 the
 * Frechet function is strictly convex on the data's ball, so a converging run lowers the gradient norm at (nearly)
 * every update until rounding; 64 updates without a new minimum is no plateau of such a run.
 */
final class Stagnation {

    /** Updates without a new smallest gradient norm after which the iteration counts as stagnated. */
    static final int WINDOW = 64;

    private double best = Double.POSITIVE_INFINITY;
    private int bestIteration;

    /** Records the gradient norm at {@code iteration}; true when it is the smallest so far (the caller keeps that point). */
    boolean record(double gradientNorm, int iteration) {
        if (gradientNorm < best) {
            best = gradientNorm;
            bestIteration = iteration;
            return true;
        }
        return false;
    }

    /** Whether {@link #WINDOW} updates have passed since the smallest gradient norm. */
    boolean stalled(int iteration) {
        return iteration - bestIteration >= WINDOW;
    }

    /** The smallest gradient norm seen: the floor these data attain in double precision. */
    double floor() {
        return best;
    }

    /** The iteration at which {@link #floor()} was reached. */
    int floorIteration() {
        return bestIteration;
    }

    /** What a caller reads when the iteration stopped here instead of at its tolerance. */
    String reason(double tolerance, int iterations) {
        return String.format(Locale.ROOT, "stagnated at gradient norm %.3g after %d iterations (no decrease in the last "
                + "%d): the tolerance %.3g is below the rounding floor ~%.3g of these data in double precision; use a "
                + "tolerance of at least %.3g", best, iterations, WINDOW, tolerance, best, best);
    }
}
