package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Locale;

/**
 * Riemannian Levenberg-Marquardt on the tangent bundle for {@code min E(p, v)} (Fletcher 2011's least squares).
 *
 * <p>At {@code (p, v)} a step {@code (dp, dv)} in {@code T_p + T_p}, written in an orthonormal basis
 * {@code e_1..e_d} of T_p ({@link TangentBasis}), moves the prediction {@code q_i = exp(p, x_i v)} to first order
 * by the Jacobi fields {@code J_i (dp, dv) = d_p Exp(p, x_i v)[dp] + x_i d_v Exp(p, x_i v)[dv]}; the residuals
 * {@code eps_i = log(q_i, y_i)} then change by {@code -J_i (dp, dv)}. That gives the Gauss-Newton model
 * <pre>
 *   E(dp, dv) ~ E + g.delta + delta.H delta / 2,   g_a = -(1/n) sum_i <J_i c_a, eps_i>,
 *   H_ab = (1/n) sum_i <J_i c_a, J_i c_b>,
 * </pre>
 * over the 2d coordinate directions {@code c_a}; g is the Riemannian gradient in coordinates. The step solves
 * {@code (H + mu I) delta = -g} (Cholesky); the new point is {@code p' = exp(p, dp)},
 * {@code v' = P(v + dv)} with P parallel transport from p to p', the same variation that defines
 * {@code d_p Exp} (Kulkarni and Soto 2025, App. B.3). A step is kept when the energy falls; the damping mu follows Nielsen's
 * rule (Madsen, Nielsen, Tingleff 2004): after a kept step with gain ratio rho,
 * {@code mu *= max(1/3, 1 - (2 rho - 1)^3)}; after a refused one {@code mu *= nu, nu *= 2}. Once the model's
 * predicted decrease is below what the energy resolves in double precision, a step that does not raise the energy
 * beyond rounding is kept: the energy can no longer rank such steps, and near the minimum Gauss-Newton is right.
 *
 * <p>Stops with {@code converged} when {@code |grad E| <= tolerance}; otherwise at the iteration limit, when the
 * damping explodes without a decrease, or when the gradient norm has not reached a new minimum in
 * {@link Stagnation#WINDOW} updates (a tolerance below the rounding floor; the reason gives the floor reached). One instance per fit; the loop
 * allocates nothing.
 */
final class GeodesicRegressionOptimizer {

    static final String METHOD = "levenberg-marquardt";

    /** Relative energy change below which double precision cannot rank two steps. */
    private static final double ENERGY_RESOLUTION = 1e-13;
    private static final double INITIAL_DAMPING = 1e-8;
    private static final double MAX_DAMPING = 1e30;

    private final Geometry geometry;
    private final JacobiFields jacobi;
    private final ParallelTransport transport;
    private final TangentBasis basisSource;
    private final double[] x;
    private final double[][] y;
    private final int n;
    private final int d;
    private final int m;
    private final double[][] basis;
    private final double[][] columns;
    private final double[] shooting;
    private double[][] predictions;
    private double[][] residuals;
    private double[][] trialPredictions;
    private double[][] trialResiduals;
    private final double[] hessian;
    private final double[] gradient;
    private final double[] delta;
    private final double[] factor;
    private final double[] stepP;
    private final double[] stepV;
    private double[] p;
    private double[] v;
    private double[] trialP;
    private double[] trialV;

    /** The outcome in the internal parametrisation. */
    record Outcome(double[] footpoint, double[] shooting, double energy, double gradientNorm, int iterations,
                   boolean converged, String reason) {
    }

    GeodesicRegressionOptimizer(Geometry geometry, JacobiFields jacobi, double[] x, double[][] y) {
        this.geometry = geometry;
        this.jacobi = jacobi;
        this.transport = geometry.capability(ParallelTransport.class).orElseThrow();
        this.basisSource = geometry.capability(TangentBasis.class).orElseThrow();
        this.x = x;
        this.y = y;
        this.n = x.length;
        this.d = basisSource.basisSize();
        this.m = 2 * d;
        int length = geometry.layout().length();
        this.basis = new double[d][length];
        this.columns = new double[m][length];
        this.shooting = new double[length];
        this.predictions = new double[n][length];
        this.residuals = new double[n][length];
        this.trialPredictions = new double[n][length];
        this.trialResiduals = new double[n][length];
        this.hessian = new double[m * m];
        this.gradient = new double[m];
        this.delta = new double[m];
        this.factor = new double[m * m];
        this.stepP = new double[length];
        this.stepV = new double[length];
        this.p = new double[length];
        this.v = new double[length];
        this.trialP = new double[length];
        this.trialV = new double[length];
    }

    Outcome run(double[] startP, double[] startV, double tolerance, int maxIterations) {
        System.arraycopy(startP, 0, p, 0, p.length);
        System.arraycopy(startV, 0, v, 0, v.length);
        double energy = evaluate(p, v, predictions, residuals);
        if (!Double.isFinite(energy)) {
            throw new IllegalArgumentException(
                    "the start of the geodesic regression has a response at the cut locus of its prediction, so "
                            + "the residual log(prediction, y_i) is not defined; give a start closer to the data or "
                            + "data in a smaller ball. Provided value: energy " + energy);
        }
        double mu = -1;
        double nu = 2;
        int iterations = 0;
        Stagnation stagnation = new Stagnation();
        while (true) {
            double gradientNorm = linearise();
            if (gradientNorm <= tolerance) {
                return outcome(energy, gradientNorm, iterations, true, "");
            }
            if (iterations == maxIterations) {
                return outcome(energy, gradientNorm, iterations, false, String.format(Locale.ROOT,
                        "the iteration limit %d was reached with gradient norm %.3g above the tolerance %.3g",
                        maxIterations, gradientNorm, tolerance));
            }
            // below the energy's resolution every step that does not raise it is kept, so a tolerance under the
            // rounding floor would otherwise spin to the iteration limit
            stagnation.record(gradientNorm, iterations);
            if (stagnation.stalled(iterations)) {
                return outcome(energy, gradientNorm, iterations, false, stagnation.reason(tolerance, iterations));
            }
            if (mu < 0) {
                mu = INITIAL_DAMPING * maxDiagonal();
            }
            boolean moved = false;
            while (!moved) {
                if (!(mu <= MAX_DAMPING * Math.max(1.0, maxDiagonal()))) {
                    return outcome(energy, gradientNorm, iterations, false, String.format(Locale.ROOT,
                            "no step lowers the energy any more (damping %.3g) while the gradient norm %.3g is above "
                                    + "the tolerance %.3g: the energy cannot be resolved further in double "
                                    + "precision; raise the tolerance", mu, gradientNorm, tolerance));
                }
                if (!solve(mu)) {
                    mu *= nu;
                    nu *= 2;
                    continue;
                }
                double predicted = predictedDecrease();
                retract();
                double trial = evaluate(trialP, trialV, trialPredictions, trialResiduals);
                double actual = energy - trial;
                boolean belowResolution = predicted <= ENERGY_RESOLUTION * energy;
                if (Double.isFinite(trial) && (belowResolution
                        ? actual >= -ENERGY_RESOLUTION * energy : actual > 0)) {
                    if (!belowResolution) {
                        double rho = actual / predicted;
                        double cube = 2 * rho - 1;
                        mu *= Math.max(1.0 / 3, 1 - cube * cube * cube);
                        nu = 2;
                    }
                    accept();
                    energy = trial;
                    moved = true;
                } else {
                    mu *= nu;
                    nu *= 2;
                }
            }
            iterations++;
        }
    }

    /**
     * Fills H and g at the current point from the Jacobi-field images of the 2d coordinate directions and returns
     * {@code |g|}, the norm of the Riemannian gradient of E on {@code T_p + T_p}.
     */
    private double linearise() {
        basisSource.basis(p, basis);
        java.util.Arrays.fill(hessian, 0.0);
        java.util.Arrays.fill(gradient, 0.0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < shooting.length; j++) {
                shooting[j] = x[i] * v[j];
            }
            double[] q = predictions[i];
            for (int a = 0; a < d; a++) {
                jacobi.dpExp(p, shooting, basis[a], columns[a]);
                jacobi.dvExp(p, shooting, basis[a], columns[d + a]);
                double[] column = columns[d + a];
                for (int j = 0; j < column.length; j++) {
                    column[j] *= x[i];
                }
            }
            for (int a = 0; a < m; a++) {
                gradient[a] -= geometry.inner(q, columns[a], residuals[i]);
                for (int b = a; b < m; b++) {
                    hessian[a * m + b] += geometry.inner(q, columns[a], columns[b]);
                }
            }
        }
        double scale = 1.0 / n;
        double norm = 0;
        for (int a = 0; a < m; a++) {
            gradient[a] *= scale;
            norm += gradient[a] * gradient[a];
            for (int b = a; b < m; b++) {
                hessian[a * m + b] *= scale;
                hessian[b * m + a] = hessian[a * m + b];
            }
        }
        return Math.sqrt(norm);
    }

    /** Solves {@code (H + mu I) delta = -g} by Cholesky; false when the matrix is not numerically positive. */
    private boolean solve(double mu) {
        for (int a = 0; a < m; a++) {
            for (int b = 0; b <= a; b++) {
                double sum = hessian[a * m + b] + (a == b ? mu : 0.0);
                for (int c = 0; c < b; c++) {
                    sum -= factor[a * m + c] * factor[b * m + c];
                }
                if (a == b) {
                    if (!(sum > 0)) {
                        return false;
                    }
                    factor[a * m + a] = Math.sqrt(sum);
                } else {
                    factor[a * m + b] = sum / factor[b * m + b];
                }
            }
        }
        for (int a = 0; a < m; a++) {
            double sum = -gradient[a];
            for (int c = 0; c < a; c++) {
                sum -= factor[a * m + c] * delta[c];
            }
            delta[a] = sum / factor[a * m + a];
        }
        for (int a = m - 1; a >= 0; a--) {
            double sum = delta[a];
            for (int c = a + 1; c < m; c++) {
                sum -= factor[c * m + a] * delta[c];
            }
            delta[a] = sum / factor[a * m + a];
        }
        return true;
    }

    /** {@code -(g.delta + delta.H delta / 2)}, the model's decrease. */
    private double predictedDecrease() {
        double linear = 0;
        double quadratic = 0;
        for (int a = 0; a < m; a++) {
            linear += gradient[a] * delta[a];
            double row = 0;
            for (int b = 0; b < m; b++) {
                row += hessian[a * m + b] * delta[b];
            }
            quadratic += delta[a] * row;
        }
        return -(linear + 0.5 * quadratic);
    }

    /** {@code trialP = exp(p, dp)}, {@code trialV = P(v + dv)}. */
    private void retract() {
        java.util.Arrays.fill(stepP, 0.0);
        System.arraycopy(v, 0, stepV, 0, v.length);
        for (int a = 0; a < d; a++) {
            double[] e = basis[a];
            double cp = delta[a];
            double cv = delta[d + a];
            for (int j = 0; j < e.length; j++) {
                stepP[j] += cp * e[j];
                stepV[j] += cv * e[j];
            }
        }
        geometry.exp(p, stepP, trialP);
        transport.transport(p, trialP, stepV, trialV);
    }

    /**
     * Writes the predictions and residuals at {@code (atP, atV)} and returns the energy, or +infinity when a
     * response lies at the cut locus of its prediction (a trial step that went too far).
     */
    private double evaluate(double[] atP, double[] atV, double[][] outPredictions, double[][] outResiduals) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < shooting.length; j++) {
                shooting[j] = x[i] * atV[j];
            }
            geometry.exp(atP, shooting, outPredictions[i]);
            try {
                geometry.log(outPredictions[i], y[i], outResiduals[i]);
            } catch (IllegalArgumentException cutLocus) {
                return Double.POSITIVE_INFINITY;
            }
            sum += geometry.inner(outPredictions[i], outResiduals[i], outResiduals[i]);
        }
        return sum / (2.0 * n);
    }

    private void accept() {
        double[] swap = p;
        p = trialP;
        trialP = swap;
        swap = v;
        v = trialV;
        trialV = swap;
        double[][] swapRows = predictions;
        predictions = trialPredictions;
        trialPredictions = swapRows;
        swapRows = residuals;
        residuals = trialResiduals;
        trialResiduals = swapRows;
    }

    private double maxDiagonal() {
        double largest = 0;
        for (int a = 0; a < m; a++) {
            largest = Math.max(largest, hessian[a * m + a]);
        }
        return largest;
    }

    private Outcome outcome(double energy, double gradientNorm, int iterations, boolean converged, String reason) {
        return new Outcome(p.clone(), v.clone(), energy, gradientNorm, iterations, converged, reason);
    }
}
