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
 * The candidates are secants of L over {@code [(1 - f) e, e]} for a few f and ends e (the reach, and near the peak
 * of the target's radial mass); the one kept maximises a quadrature estimate of
 * {@code int exp(-L/sigma) dV / int exp(-(slope t - offset)/sigma) dV} on {@code [0, reach]}, with the volume
 * weighted by the share of proposal directions that reach t when the proposals are tilted ({@link TiltedBallProposal}).
 * The estimate only ranks candidates; exactness never depends on it.
 */
final class KngEnvelopeFit {

    private static final int GRID = 2048;
    /** The ranking quadrature uses every 4th grid point (it only ranks candidates; the offsets use all). */
    private static final int SCORE_STRIDE = 4;
    /** Bands of shorter reach with their own lines (for tilted proposals). */
    private static final int BANDS = 12;
    private static final double[] FRACTIONS = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0};

    private KngEnvelopeFit() {
    }

    /** The grid on which {@link #fit} evaluates the bound, and on which it expects {@code logShare}. */
    static double[] gridPoints(double reach) {
        double[] t = new double[GRID + 1];
        for (int j = 0; j <= GRID; j++) {
            t[j] = j * (reach / GRID);
        }
        return t;
    }

    /** The best envelope found, or empty when no candidate has a positive slope. */
    static Optional<KngEnvelope> fit(RadialLowerBound bound, double sigma, int dimension, RadialVolume radial) {
        return fit(bound, sigma, dimension, radial, null);
    }

    /**
     * As {@link #fit(RadialLowerBound, double, int, RadialVolume)}, with the quadrature weighted by
     * {@code exp(logShare(t))}, the share of directions along which the proposals reach t (null: all), evaluated at
     * the grid points {@code j reach / GRID}.
     */
    static Optional<KngEnvelope> fit(RadialLowerBound bound, double sigma, int dimension, RadialVolume radial,
            double[] logShare) {
        double reach = bound.reach();
        double lipschitz = bound.lipschitz();
        if (!(reach > 0) || Double.isInfinite(reach) || !(lipschitz >= 0) || Double.isInfinite(lipschitz)) {
            throw new IllegalArgumentException("a radial lower bound needs a finite reach > 0 and a finite "
                    + "Lipschitz constant >= 0. Provided value: reach = " + reach + ", lipschitz = " + lipschitz);
        }
        double[] t = gridPoints(reach);
        double[] lower = new double[GRID + 1];
        double[] logVolume = new double[GRID + 1];
        for (int j = 0; j <= GRID; j++) {
            lower[j] = bound.value(t[j]);
            double ratio = radial == null ? 1 : radial.volumeRatio(t[j]);
            logVolume[j] = j == 0 || !(ratio > 0) ? Double.NEGATIVE_INFINITY
                    : (dimension - 1) * Math.log(t[j]) + Math.log(ratio) + (logShare == null ? 0 : logShare[j]);
        }
        double[] best = bestLine(t, lower, logVolume, sigma, lipschitz, GRID);
        if (best == null) {
            return Optional.empty();
        }
        if (logShare == null) {
            return Optional.of(new KngEnvelope(best[0], best[1], reach));
        }
        // bands: lines valid up to reaches spread between the shortest exit (where the share starts to fall) and
        // the reach
        int first = 1;
        while (first < GRID && logShare[first] > -1e-12) {
            first++;
        }
        double[][] bands = new double[3][BANDS];
        int count = 0;
        for (int b = 0; b < BANDS; b++) {
            int last = first + (int) Math.round((GRID - first) * (b + 1.0) / (BANDS + 1));
            if (count > 0 && t[last] <= bands[0][count - 1]) {
                continue;
            }
            double[] line = bestLine(t, lower, logVolume, sigma, lipschitz, last);
            if (line != null) {
                bands[0][count] = t[last];
                bands[1][count] = line[0];
                bands[2][count] = line[1];
                count++;
            }
        }
        return Optional.of(new KngEnvelope(best[0], best[1], reach, java.util.Arrays.copyOf(bands[0], count),
                java.util.Arrays.copyOf(bands[1], count), java.util.Arrays.copyOf(bands[2], count)));
    }

    /**
     * The best candidate {@code (slope, offset)} valid on {@code [0, t[last]]}, scored on that range; null when no
     * candidate has a positive slope.
     */
    private static double[] bestLine(double[] t, double[] lower, double[] logVolume, double sigma, double lipschitz,
            int last) {
        double step = t[1] - t[0];
        double target = logSum(lower, null, 0, 0, logVolume, sigma, last);
        double[] best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int end : ends(lower, logVolume, sigma, last)) {
            for (double fraction : FRACTIONS) {
                int from = (int) Math.round(end * (1 - fraction));
                if (from >= end) {
                    continue;
                }
                double slope = (lower[end] - lower[from]) / (t[end] - t[from]);
                if (!(slope > 0) || Double.isInfinite(slope)) {
                    continue;
                }
                double offset = Double.NEGATIVE_INFINITY;
                for (int j = 0; j <= last; j++) {
                    offset = Math.max(offset, slope * t[j] - lower[j]);
                }
                offset = Math.max(0, offset + (slope + lipschitz) * step / 2);
                double score = target - logSum(null, t, slope, offset, logVolume, sigma, last);
                if (score > bestScore) {
                    bestScore = score;
                    best = new double[] {slope, offset};
                }
            }
        }
        return best;
    }

    /**
     * The grid indices where the candidate secants end: {@code last}, and around the peak of the target's radial
     * mass {@code exp(-L/sigma + logVolume)} on {@code [0, t[last]]} (where the mass lies when the proposals'
     * directions are tilted).
     */
    private static int[] ends(double[] lower, double[] logVolume, double sigma, int last) {
        int peak = 0;
        double top = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= last; j++) {
            double term = -lower[j] / sigma + logVolume[j];
            if (term > top) {
                top = term;
                peak = j;
            }
        }
        return new int[] {last, Math.max(1, peak), Math.min(last, Math.max(1, (int) Math.round(peak * 1.05))),
                Math.min(last, Math.max(1, (int) Math.round(peak * 1.1)))};
    }

    /** {@code log sum_j exp(-e_j / sigma + logVolume_j)}, e = lower or the line {@code slope t - offset}. */
    private static double logSum(double[] lower, double[] t, double slope, double offset, double[] logVolume,
            double sigma, int last) {
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j <= last; j += SCORE_STRIDE) {
            max = Math.max(max, term(lower, t, slope, offset, logVolume, sigma, j));
        }
        double sum = 0;
        for (int j = 0; j <= last; j += SCORE_STRIDE) {
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
