package dev.manifolddp.geometry.kendall;

import dev.manifolddp.geometry.RadialLowerBound;
import java.util.Locale;

/**
 * The data-dependent lower bound of {@code |grad U(x)|} on Kendall's shape space behind
 * {@link KendallShapeSpace#frechetGradientBound}; the proof is in {@code docs/exact-sampling.md} ("A data-dependent
 * envelope on Kendall's shape space"). In short: along the horizontal geodesic {@code x(t) = cos t a + sin t u} from
 * the anchor a, {@code cos^2 rho(x(t), p_i) = |A_i cos t + B_i sin t|^2} with {@code A_i = <a, p_i>} fixed and
 * {@code B_i = <u, p_i>} linear in u, so the radial derivative {@code psi(t) = d/dt U(x(t)) <= |grad U(x(t))|} is a sum
 * of explicit sinusoids whose direction dependence enters through a few quadratic forms in u. Their worst case over
 * the directions is bounded by the largest eigenvalues of two d x d matrices built from the data, which gives
 * <pre>
 *   L(t) = alpha sin 2t - beta cos 2t + chi s1(t) - eta s2(t) - kappa,
 *   s1 = sin^2 t sin 2t,   s2 = 2 sin^2 t cos 2t + sin^2 2t,
 * </pre>
 * for {@code 0 <= t <= r + rho(a, p0)}. Unlike the public Lemma-1 constant {@code h_max(2r, 4)}, which assumes
 * curvature 4 for every pair of points, alpha reflects the curvature in the directions the data occupy.
 */
final class KendallGradientBound implements RadialLowerBound {

    /** Squarings in the trace-power bound {@code lambda_max <= tr(M^(2^j))^(2^-j)}: over by at most d^(1/32). */
    private static final int SQUARINGS = 5;
    /** Relative margin on every eigenvalue bound and on the final constant, far above the rounding of the sums. */
    private static final double MARGIN = 1e-9;

    private final double alpha;
    private final double beta;
    private final double chi;
    private final double eta;
    private final double kappa;
    private final double reach;

    private KendallGradientBound(double alpha, double beta, double chi, double eta, double kappa, double reach) {
        this.alpha = alpha;
        this.beta = beta;
        this.chi = chi;
        this.eta = eta;
        this.kappa = kappa;
        this.reach = reach;
    }

    /**
     * The bound for data and anchor in {@code B_r(center)}, {@code r < pi/8}. The arguments are checked by the caller.
     */
    static KendallGradientBound of(KendallShapeSpace space, double[][] data, double[] anchor, double[] center,
            double radius) {
        int n = data.length;
        int d = space.dimension();
        int length = anchor.length;
        double[][] basis = new double[d][length];
        space.basis(anchor, basis);
        double[] turned = new double[length];
        double[] cp = new double[d];
        double[] cq = new double[d];
        double[] v = new double[d];
        double[] b = new double[d];
        double[] b2 = new double[d];
        double[] q = new double[d * d];
        double[] m1 = new double[d * d];
        double p = 0;
        double x = 0;
        double maxSin2 = 0;
        double maxRatioQ1 = 0;
        double maxRatioM = 0;
        for (double[] point : data) {
            double rho = space.distance(anchor, point);
            if (!(rho <= 2 * radius * (1 + MARGIN))) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "data must lie in the ball B_r(p0) "
                        + "(r = %s) for the Kendall gradient bound; a point lies at distance %s from the anchor, "
                        + "beyond 2r", radius, rho));
            }
            // A = <a, p> = conj(a* p) (the convention of the proof); |A|^2 = cos^2 rho
            double reA = ComplexLandmarks.dot(anchor, point);
            double imA = -ComplexLandmarks.imaginaryProduct(anchor, point);
            double a2 = reA * reA + imA * imA;
            double c = phi(rho) / (2.0 * n);
            double w = phiPrime(rho) / (2.0 * n);
            p += c * a2;
            x += w * a2 * a2;
            maxSin2 = Math.max(maxSin2, Math.sin(rho) * Math.sin(rho));
            maxRatioQ1 = Math.max(maxRatioQ1, w / c);
            maxRatioM = Math.max(maxRatioM, (phiPrime(rho) - 2.0 / 3.0) / (phiPrime(rho) * Math.cos(2 * rho)));
            for (int j = 0; j < length; j += 2) {
                turned[j] = -point[j + 1];
                turned[j + 1] = point[j];
            }
            for (int k = 0; k < d; k++) {
                cp[k] = ComplexLandmarks.dot(basis[k], point);
                cq[k] = ComplexLandmarks.dot(basis[k], turned);
                v[k] = reA * cp[k] + imA * cq[k];
                b[k] += c * v[k];
                b2[k] += w * a2 * v[k];
            }
            addOuters(q, c, cp, cq, m1, w, v, d);
        }
        mirrorUpper(q, d);
        mirrorUpper(m1, d);
        double lambdaQ = largestEigenvalueBound(q, d);
        double lambdaM1 = largestEigenvalueBound(m1, d);
        // Q1 = sum w (pp + ipip) <= max(w/c) Q, Q2 = sum w |A|^2 (...) <= Q1, M <= max ratio * M1 (as forms)
        double lambdaQ1 = maxRatioQ1 * lambdaQ;
        double lambdaQ2 = lambdaQ1;
        double lambdaM = Math.max(0, maxRatioM) * lambdaM1;
        double up = 1 + MARGIN;
        double down = 1 - MARGIN;
        double alpha = p * down - lambdaQ * up;
        double beta = 2 * norm(b) * up;
        double chi = x * down - 2 * lambdaQ2 * up;
        double eta = (norm(b2) + Math.sqrt(maxSin2 * lambdaQ1 * lambdaM1)) * up;
        double kappa = Math.sin(Math.min(4 * radius, Math.PI / 2)) * lambdaM * up;
        double reach = (radius + space.distance(anchor, center)) * (1 + MARGIN);
        return new KendallGradientBound(alpha, beta, chi, eta, kappa, reach);
    }

    @Override
    public double reach() {
        return reach;
    }

    @Override
    public double value(double t) {
        double s = Math.sin(t);
        double s2t = Math.sin(2 * t);
        double c2t = Math.cos(2 * t);
        double s1 = s * s * s2t;
        double s2 = 2 * s * s * c2t + s2t * s2t;
        return alpha * s2t - beta * c2t + chi * s1 - eta * s2 - kappa;
    }

    @Override
    public double lipschitz() {
        // |d/dt sin 2t|, |d/dt cos 2t| <= 2, |s1'| <= 3, |s2'| <= 10 on [0, pi/4]
        return 2 * Math.abs(alpha) + 2 * Math.abs(beta) + 3 * Math.abs(chi) + 10 * Math.abs(eta);
    }

    /** The coefficients, for tests and diagnostics: alpha, beta, chi, eta, kappa. */
    double[] coefficients() {
        return new double[] {alpha, beta, chi, eta, kappa};
    }

    /** {@code Phi = 2 rho / sin 2 rho}, the weight {@code rho rho'} puts on {@code d/dt sin^2 rho}. */
    static double phi(double rho) {
        if (rho < 1e-4) {
            return 1 + 2 * rho * rho / 3;
        }
        return 2 * rho / Math.sin(2 * rho);
    }

    /** {@code dPhi/dF} with {@code F = sin^2 rho}: {@code (2 sin 2rho - 4 rho cos 2rho) / sin^3 2rho}. */
    static double phiPrime(double rho) {
        if (rho < 1e-3) {
            return 2.0 / 3.0 + 16.0 * rho * rho / 15.0;
        }
        double s = Math.sin(2 * rho);
        return (2 * s - 4 * rho * Math.cos(2 * rho)) / (s * s * s);
    }

    /** Upper triangles of {@code q += c (cp cp^T + cq cq^T)} and {@code m1 += w v v^T}, in one pass. */
    private static void addOuters(double[] q, double c, double[] cp, double[] cq, double[] m1, double w, double[] v,
            int d) {
        for (int i = 0; i < d; i++) {
            double pi = c * cp[i];
            double qi = c * cq[i];
            double vi = w * v[i];
            int row = i * d;
            for (int j = i; j < d; j++) {
                q[row + j] += pi * cp[j] + qi * cq[j];
                m1[row + j] += vi * v[j];
            }
        }
    }

    private static void mirrorUpper(double[] matrix, int d) {
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                matrix[i * d + j] = matrix[j * d + i];
            }
        }
    }

    /**
     * An upper bound on the largest eigenvalue of a symmetric positive semi-definite matrix:
     * {@code tr(M^(2^j))^(2^-j) >= lambda_max}, by repeated squaring with the trace divided out at each step.
     */
    static double largestEigenvalueBound(double[] matrix, int d) {
        double trace = trace(matrix, d);
        if (!(trace > 0)) {
            return 0;
        }
        double[] current = matrix.clone();
        scale(current, 1 / trace);
        double[] next = new double[d * d];
        double logScale = Math.log(trace);
        for (int step = 0; step < SQUARINGS; step++) {
            for (int i = 0; i < d; i++) {
                for (int j = i; j < d; j++) {
                    double sum = 0;
                    for (int k = 0; k < d; k++) {
                        sum += current[i * d + k] * current[k * d + j];
                    }
                    next[i * d + j] = sum;
                    next[j * d + i] = sum;
                }
            }
            double t = trace(next, d);
            scale(next, 1 / t);
            logScale = 2 * logScale + Math.log(t);
            double[] swap = current;
            current = next;
            next = swap;
        }
        return Math.exp(logScale / (1 << SQUARINGS)) * (1 + MARGIN);
    }

    private static double trace(double[] matrix, int d) {
        double sum = 0;
        for (int i = 0; i < d; i++) {
            sum += matrix[i * d + i];
        }
        return sum;
    }

    private static void scale(double[] values, double factor) {
        for (int i = 0; i < values.length; i++) {
            values[i] *= factor;
        }
    }

    private static double norm(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value * value;
        }
        return Math.sqrt(sum);
    }
}
