package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.Records;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Arrays;

/**
 * The workspace of one safeguarded Riemannian Newton run for the Frechet mean ({@link FrechetMean.Method#NEWTON};
 * Absil, Mahony, Sepulchre 2008, §6.2; Pennec 2006, §4): at the iterate mu, with {@code v = (1/n) sum_i log(mu, x_i) =
 * -grad F(mu)} and {@code H = (1/n) sum_i Hess (1/2) rho(., x_i)^2 (mu)} in the coordinates of an orthonormal basis of
 * {@code T_mu} ({@link SquaredDistanceHessian}), the Newton step is {@code exp(mu, s)} with {@code H s = v}. Newton
 * converges quadratically once close, but from a far start the step may overshoot, and where the curvature is
 * positive H need not be positive definite. Safeguard: the Newton step is taken only when the Cholesky factorisation
 * of H succeeds and {@code F(exp(mu, s)) <= F(mu)} up to the rounding of the sum F; otherwise (also when the trial
 * point reaches a data point's cut locus) the update is the gradient step {@code exp(mu, t v)} of
 * {@link FrechetMean}, so the run is never worse than gradient descent by more than one evaluation per rejection.
 *
 * <p>One evaluation (n fused log-and-Hessian calls) per update; a rejected Newton trial costs one more. A geometry
 * with the {@link HessianSums} capability evaluates all n records in one fused kernel (on the sphere trig-free, with
 * one basis projection per evaluation); the per-record loop remains the generic path and the one that names the
 * offending record when the kernel refuses one. Every array (and the kernel's copy of the data) is allocated here,
 * before the loop; the loop allocates nothing. The stop rules, iteration limit, stagnation test,
 * cut-locus failures and certificate are those of {@link FrechetMean}; {@code iterations} counts accepted updates of either kind.
 */
final class FrechetMeanNewton {

    /**
     * Cholesky pivots below this fraction of their diagonal entry count as "not positive definite": the Hessian is
     * then too ill-conditioned (condition number beyond ~1e12) for its Newton step to mean anything.
     */
    private static final double PIVOT_FRACTION = 1e-12;

    private final FrechetMean settings;
    private final Geometry geometry;
    private final SquaredDistanceHessian hessians;
    /** The geometry's fused sums over the data ({@link HessianSums}), or null: then the per-record loop. */
    private final HessianSums.Batch sums;
    private final TangentBasis tangentBasis;
    private final Records data;
    /** Where the per-record loop reads a flat record ({@link Records#row}). */
    private final double[] row;
    private final int dimension;
    private final double cutLocus;
    /**
     * The rounding allowance of the decrease test, relative to F: a sum of n squared distances carries a relative
     * error of order {@code sqrt(n) eps}, and near the mean a Newton step lowers F by about {@code |grad F|^2 / 2},
     * which falls below that noise before {@code |grad F|} reaches 1e-12. Without the allowance the last, most
     * valuable Newton steps would be rejected as non-decreasing and replaced by slow gradient steps.
     */
    private final double decreaseSlack;
    private final double[] logScratch;
    private final double[] coordinateScratch;
    private final double[] factor;
    private final double[] newtonCoordinates;
    private final double[] stepVector;
    /** The iterate with the smallest gradient norm so far: what a stagnated run returns ({@link Stagnation}). */
    private final double[] best;
    private State current;
    private State trial;

    FrechetMeanNewton(FrechetMean settings, Records data, double[] start) {
        this.settings = settings;
        this.geometry = settings.geometry();
        this.hessians = geometry.capability(SquaredDistanceHessian.class).orElseThrow();
        this.sums = geometry.capability(HessianSums.class).map(capability -> capability.prepareHessians(data))
                .orElse(null);
        this.tangentBasis = geometry.capability(TangentBasis.class).orElseThrow();
        this.data = data;
        this.row = data.scratch();
        this.dimension = tangentBasis.basisSize();
        this.cutLocus = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        this.decreaseSlack = 64 * Math.sqrt(data.size()) * Math.ulp(1.0);
        int length = geometry.layout().length();
        this.logScratch = new double[length];
        this.coordinateScratch = new double[dimension];
        this.factor = new double[dimension * dimension];
        this.newtonCoordinates = new double[dimension];
        this.stepVector = new double[length];
        this.best = new double[length];
        this.current = new State(dimension, length);
        this.trial = new State(dimension, length);
        System.arraycopy(start, 0, current.point, 0, length);
    }

    FrechetMeanResult run() {
        int iterations = 0;
        evaluate(current, iterations, true);
        Stagnation stagnation = new Stagnation();
        stagnation.record(current.gradientNorm, iterations);
        System.arraycopy(current.point, 0, best, 0, best.length);
        boolean converged = false;
        while (true) {
            if (settings.stopRule() == FrechetMean.StopRule.GRADIENT_NORM
                    && current.gradientNorm < settings.tolerance()) {
                converged = true;
                break;
            }
            if (iterations == settings.maxIterations()) {
                break;
            }
            if (stagnation.stalled(iterations)) {
                return settings.stagnated(best, iterations, stagnation, FrechetMean.NEWTON, data);
            }
            double stepLength = tryNewtonStep(iterations + 1);
            if (Double.isNaN(stepLength)) {
                stepLength = gradientStep(iterations + 1);
            }
            State accepted = trial;
            trial = current;
            current = accepted;
            iterations++;
            if (stagnation.record(current.gradientNorm, iterations)) {
                System.arraycopy(current.point, 0, best, 0, best.length);
            }
            if (settings.stopRule() == FrechetMean.StopRule.STEP_LENGTH && stepLength < settings.tolerance()) {
                converged = true;
                break;
            }
        }
        if (!converged) {
            return new FrechetMeanResult(current.point, iterations, current.gradientNorm, false, FrechetMean.NEWTON,
                    FrechetMeanResult.ITERATION_LIMIT);
        }
        // The last evaluation already measured every distance from the mean: the certificate reuses the largest.
        return settings.certified(current.point, iterations, current.gradientNorm, FrechetMean.NEWTON, data,
                current.farthestIndex, current.farthestDistance);
    }

    /**
     * Evaluates the Newton trial {@code exp(mu, H^-1 v)} into {@link #trial} and returns its step length, or NaN when
     * the safeguard rejects it (H not positive definite, a data point at the trial's cut locus, or no decrease).
     */
    private double tryNewtonStep(int iteration) {
        if (!cholesky(current.hessian, factor, dimension)) {
            return Double.NaN;
        }
        solve(factor, current.coordinates, newtonCoordinates, dimension);
        double squared = 0;
        for (double c : newtonCoordinates) {
            squared += c * c;
        }
        TangentBasis.combine(current.basis, newtonCoordinates, stepVector);
        geometry.exp(current.point, stepVector, trial.point);
        if (!evaluate(trial, iteration, false)) {
            return Double.NaN;
        }
        if (!(trial.objective <= current.objective * (1 + decreaseSlack))) {
            return Double.NaN;
        }
        // The basis is orthonormal, so the coordinates' Euclidean norm is |s|_mu = rho(mu, exp(mu, s)).
        return Math.sqrt(squared);
    }

    /** The update of {@link FrechetMean}'s gradient descent, {@code exp(mu, t v)}, into {@link #trial}. */
    private double gradientStep(int iteration) {
        // Re-projected onto T_mu as in FrechetMean's descent, so that rounding drift off the manifold cannot feed back.
        geometry.projectToTangent(current.point, current.direction, stepVector);
        double step = settings.step();
        for (int j = 0; j < stepVector.length; j++) {
            stepVector[j] *= step;
        }
        geometry.exp(current.point, stepVector, trial.point);
        evaluate(trial, iteration, true);
        return step * current.gradientNorm;
    }

    /**
     * Fills {@code state} (basis, {@code v}, its coordinates, H, F and {@code |v|}) at its point. A data point at or
     * beyond the cut locus throws when {@code strict}, and otherwise makes the evaluation return false.
     */
    private boolean evaluate(State state, int iteration, boolean strict) {
        tangentBasis.basis(state.point, state.basis);
        if (sums != null && evaluateFused(state)) {
            return finish(state, iteration);
        }
        return evaluatePerRecord(state, iteration, strict);
    }

    /**
     * The sums of {@link #evaluate} from the geometry's {@link HessianSums} kernel; false when it refuses a record
     * or finds one at the cut locus: the per-record loop then says which record and why (or, not strict, rejects).
     */
    private boolean evaluateFused(State state) {
        double squaredDistances;
        try {
            squaredDistances = sums.evaluate(state.point, state.basis, state.direction, state.coordinates,
                    state.hessian);
        } catch (IllegalArgumentException e) {
            return false;
        }
        state.farthestIndex = sums.farthestIndex();
        state.farthestDistance = sums.farthestDistance();
        if (Double.isFinite(cutLocus) && !(state.farthestDistance < cutLocus)) {
            return false;
        }
        state.objective = squaredDistances;
        return true;
    }

    /** {@link #evaluate} by n calls of {@link SquaredDistanceHessian#addLogAndHessian}. */
    private boolean evaluatePerRecord(State state, int iteration, boolean strict) {
        double[] point = state.point;
        Arrays.fill(state.direction, 0.0);
        Arrays.fill(state.coordinates, 0.0);
        Arrays.fill(state.hessian, 0.0);
        boolean bounded = Double.isFinite(cutLocus);
        double squaredDistances = 0;
        state.farthestIndex = 0;
        state.farthestDistance = -1;
        for (int i = 0, n = data.size(); i < n; i++) {
            double[] record = data.row(i, row);
            double distance;
            try {
                distance = hessians.addLogAndHessian(point, record, state.basis, logScratch, coordinateScratch,
                        state.hessian);
            } catch (IllegalArgumentException e) {
                if (strict) {
                    throw FrechetMean.cutLocusFailure(geometry, iteration, i, geometry.distance(point, record), e);
                }
                return false;
            }
            if (bounded && !(distance < cutLocus)) {
                if (strict) {
                    throw FrechetMean.cutLocusFailure(geometry, iteration, i, distance, null);
                }
                return false;
            }
            squaredDistances += distance * distance;
            if (distance > state.farthestDistance) {
                state.farthestDistance = distance;
                state.farthestIndex = i;
            }
            for (int j = 0; j < logScratch.length; j++) {
                state.direction[j] += logScratch[j];
            }
            for (int k = 0; k < dimension; k++) {
                state.coordinates[k] += coordinateScratch[k];
            }
        }
        state.objective = squaredDistances;
        return finish(state, iteration);
    }

    /** Divides the sums by n (the objective, a sum of squared distances, by 2n) and measures {@code |v|}. */
    private boolean finish(State state, int iteration) {
        double[] point = state.point;
        double scale = 1.0 / data.size();
        scaleInPlace(state.direction, scale);
        scaleInPlace(state.coordinates, scale);
        scaleInPlace(state.hessian, scale);
        state.objective = state.objective * scale / 2;
        state.gradientNorm = geometry.norm(point, state.direction);
        if (!Double.isFinite(state.gradientNorm) || !Double.isFinite(state.objective)) {
            throw new IllegalStateException(String.format(
                    "the Frechet gradient or objective at iteration %d is not finite (%s, %s) on %s; the geometry "
                            + "returned a non-finite log, distance or norm for finite points", iteration,
                    state.gradientNorm, state.objective, geometry.spec()));
        }
        return true;
    }

    private static void scaleInPlace(double[] values, double scale) {
        for (int j = 0; j < values.length; j++) {
            values[j] *= scale;
        }
    }

    /**
     * The lower-triangular Cholesky factor L of the symmetric row-major {@code d x d} matrix a ({@code a = L L^T})
     * into {@code l}; false when a is not (numerically) positive definite, including a non-finite entry.
     */
    static boolean cholesky(double[] a, double[] l, int d) {
        for (int j = 0; j < d; j++) {
            double pivot = a[j * d + j];
            for (int k = 0; k < j; k++) {
                pivot -= l[j * d + k] * l[j * d + k];
            }
            if (!(pivot > PIVOT_FRACTION * Math.abs(a[j * d + j]))) {
                return false;
            }
            double diagonal = Math.sqrt(pivot);
            l[j * d + j] = diagonal;
            for (int i = j + 1; i < d; i++) {
                double sum = a[i * d + j];
                for (int k = 0; k < j; k++) {
                    sum -= l[i * d + k] * l[j * d + k];
                }
                l[i * d + j] = sum / diagonal;
            }
        }
        return true;
    }

    /** Solves {@code L L^T x = b} by forward and back substitution; x must not alias b. */
    static void solve(double[] l, double[] b, double[] x, int d) {
        for (int i = 0; i < d; i++) {
            double sum = b[i];
            for (int k = 0; k < i; k++) {
                sum -= l[i * d + k] * x[k];
            }
            x[i] = sum / l[i * d + i];
        }
        for (int i = d - 1; i >= 0; i--) {
            double sum = x[i];
            for (int k = i + 1; k < d; k++) {
                sum -= l[k * d + i] * x[k];
            }
            x[i] = sum / l[i * d + i];
        }
    }

    /** What one evaluation knows about a point; two instances alternate as iterate and trial. */
    private static final class State {
        final double[] point;
        final double[][] basis;
        /** {@code v = (1/n) sum_i log(point, x_i) = -grad F(point)}. */
        final double[] direction;
        /** The coordinates of v in {@link #basis}. */
        final double[] coordinates;
        /** The Hessian of F at the point in {@link #basis}, row-major. */
        final double[] hessian;
        double objective;
        double gradientNorm;
        int farthestIndex;
        double farthestDistance;

        State(int dimension, int length) {
            this.point = new double[length];
            this.basis = new double[dimension][length];
            this.direction = new double[length];
            this.coordinates = new double[dimension];
            this.hessian = new double[dimension * dimension];
        }
    }
}
