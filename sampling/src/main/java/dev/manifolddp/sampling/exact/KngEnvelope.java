package dev.manifolddp.sampling.exact;

import java.util.Locale;

/**
 * A linear lower bound {@code G(x) >= slope * rho(x, a) - offset} on the ball {@code B_r(p0)}, with
 * {@code reach >= r + rho(a, p0)}: the envelope {@code exp(-(slope rho(x, a) - offset)/sigma)} restricted to
 * {@code B_reach(a)} of an exact KNG draw ({@link ExactKngSampler#sample(KngTarget, KngEnvelope, double,
 * org.apache.commons.rng.UniformRandomProvider, double[])}). It may depend on the data: only the running time does.
 *
 * <p>Optional <b>bands</b> give tighter lines for shorter distances: band i claims
 * {@code G(x) >= bandSlopes[i] rho(x, a) - bandOffsets[i]} for the points of the ball with
 * {@code rho(x, a) <= bandReaches[i]}. Direction-tilted proposals ({@link TiltedBallProposal}) use, along a
 * direction whose exit distance from the ball is at most a band's reach, that band's line; a lower bound is only
 * needed where the proposals go, and a concave bound is far closer to a line over a short range.
 *
 * @param slope       the slope, finite and {@code > 0}
 * @param offset      the offset, finite and {@code >= 0}
 * @param reach       the radius around the anchor that the envelope covers, finite and {@code > 0}
 * @param bandReaches the bands' reaches, increasing, in {@code (0, reach]} (empty: no bands)
 * @param bandSlopes  the bands' slopes, finite and {@code > 0}
 * @param bandOffsets the bands' offsets, finite and {@code >= 0}
 */
public record KngEnvelope(double slope, double offset, double reach, double[] bandReaches, double[] bandSlopes,
        double[] bandOffsets) {

    /** Checks the ranges. */
    public KngEnvelope {
        check(slope, offset, reach);
        if (bandReaches.length != bandSlopes.length || bandReaches.length != bandOffsets.length) {
            throw new IllegalArgumentException("a KNG envelope's band arrays need one length. Provided value: "
                    + bandReaches.length + ", " + bandSlopes.length + ", " + bandOffsets.length);
        }
        for (int i = 0; i < bandReaches.length; i++) {
            check(bandSlopes[i], bandOffsets[i], bandReaches[i]);
            if (bandReaches[i] > reach || (i > 0 && !(bandReaches[i] > bandReaches[i - 1]))) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "a KNG envelope's band reaches must "
                        + "increase and stay at most the reach %s. Provided value: band %d reach %s", reach, i,
                        bandReaches[i]));
            }
        }
        bandReaches = bandReaches.clone();
        bandSlopes = bandSlopes.clone();
        bandOffsets = bandOffsets.clone();
    }

    /** One line, no bands. */
    public KngEnvelope(double slope, double offset, double reach) {
        this(slope, offset, reach, new double[0], new double[0], new double[0]);
    }

    private static void check(double slope, double offset, double reach) {
        if (!(slope > 0) || Double.isInfinite(slope) || !(offset >= 0) || Double.isInfinite(offset)
                || !(reach > 0) || Double.isInfinite(reach)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a KNG envelope needs a finite slope > 0, "
                    + "a finite offset >= 0 and a finite reach > 0. Provided value: slope = %s, offset = %s, "
                    + "reach = %s", slope, offset, reach));
        }
    }

    @Override
    public double[] bandReaches() {
        return bandReaches.clone();
    }

    @Override
    public double[] bandSlopes() {
        return bandSlopes.clone();
    }

    @Override
    public double[] bandOffsets() {
        return bandOffsets.clone();
    }
}
