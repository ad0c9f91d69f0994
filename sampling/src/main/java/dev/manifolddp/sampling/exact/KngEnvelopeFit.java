package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.RadialLowerBound;
import dev.manifolddp.geometry.RadialVolume;
import java.util.Optional;

/**
 * Turns a radial lower bound {@code G(x) >= L(rho(x, a))} ({@link dev.manifolddp.geometry.FrechetGradientBound}) into
 * the linear envelope {@code slope t - offset <= L(t)} on {@code [0, reach]} that {@link ExactKngSampler} draws from.
 *
 * <p><b>Validity.</b> For a given slope the offset is {@code max_j (slope t_j - L(t_j))} over a grid of spacing
 * Delta plus {@code (slope + Lip(L)) Delta / 2}: between two grid points the function {@code slope t - L(t)} exceeds
 * its value at the nearer one by at most its Lipschitz constant times Delta/2. So {@code slope t - offset <= L(t)}
 * everywhere on {@code [0, reach]}, whatever the grid.
 *
 * <p><b>Choice of slope.</b> The KNG mass piles up where the ball ends (the radial log-density
 * {@code (d - 1)/t - slope/sigma} is still positive there in high dimension), so the slope should follow L there.
 * The candidates are secants of L over {@code [(1 - f) reach, reach]} for a few f; the one kept maximises a
 * quadrature estimate of {@code int exp(-L/sigma) dV / int exp(-(slope t - offset)/sigma) dV} on {@code [0, reach]}.
 * The estimate only ranks candidates; exactness never depends on it.
 */
final class KngEnvelopeFit {

    private static final int GRID = 2048;
    private static final double[] FRACTIONS = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0};

    private KngEnvelopeFit() {
    }

    /** The best envelope found, or empty when no candidate has a positive slope. */
    static Optional<KngEnvelope> fit(RadialLowerBound bound, double sigma, int dimension, RadialVolume radial) {
        double reach = bound.reach();
        double lipschitz = bound.lipschitz();
        if (!(reach > 0) || Double.isInfinite(reach) || !(lipschitz >= 0) || Double.isInfinite(lipschitz)) {
            throw new IllegalArgumentException("a radial lower bound needs a finite reach > 0 and a finite "
                    + "Lipschitz constant >= 0. Provided value: reach = " + reach + ", lipschitz = " + lipschitz);
        }
        double step = reach / GRID;
        double[] t = new double[GRID + 1];
        double[] lower = new double[GRID + 1];
        double[] logVolume = new double[GRID + 1];
        for (int j = 0; j <= GRID; j++) {
            t[j] = j * step;
            lower[j] = bound.value(t[j]);
            double ratio = radial == null ? 1 : radial.volumeRatio(t[j]);
            logVolume[j] = j == 0 || !(ratio > 0) ? Double.NEGATIVE_INFINITY
                    : (dimension - 1) * Math.log(t[j]) + Math.log(ratio);
        }
        double target = logSum(lower, null, 0, 0, logVolume, sigma);
        KngEnvelope best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (double fraction : FRACTIONS) {
            int from = (int) Math.round(GRID * (1 - fraction));
            double slope = (lower[GRID] - lower[from]) / (t[GRID] - t[from]);
            if (!(slope > 0) || Double.isInfinite(slope)) {
                continue;
            }
            double offset = Double.NEGATIVE_INFINITY;
            for (int j = 0; j <= GRID; j++) {
                offset = Math.max(offset, slope * t[j] - lower[j]);
            }
            offset = Math.max(0, offset + (slope + lipschitz) * step / 2);
            double score = target - logSum(null, t, slope, offset, logVolume, sigma);
            if (score > bestScore) {
                bestScore = score;
                best = new KngEnvelope(slope, offset, reach);
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code log sum_j exp(-e_j / sigma + logVolume_j)}, e = lower or the line {@code slope t - offset}. */
    private static double logSum(double[] lower, double[] t, double slope, double offset, double[] logVolume,
            double sigma) {
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < logVolume.length; j++) {
            max = Math.max(max, term(lower, t, slope, offset, logVolume, sigma, j));
        }
        double sum = 0;
        for (int j = 0; j < logVolume.length; j++) {
            sum += Math.exp(term(lower, t, slope, offset, logVolume, sigma, j) - max);
        }
        return max + Math.log(sum);
    }

    private static double term(double[] lower, double[] t, double slope, double offset, double[] logVolume,
            double sigma, int j) {
        double exponent = lower != null ? lower[j] : slope * t[j] - offset;
        return -exponent / sigma + logVolume[j];
    }
}
