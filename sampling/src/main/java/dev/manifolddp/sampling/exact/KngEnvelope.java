package dev.manifolddp.sampling.exact;

import java.util.Locale;

/**
 * A linear lower bound {@code G(x) >= slope * rho(x, a) - offset} on the ball {@code B_r(p0)}, with
 * {@code reach >= r + rho(a, p0)}: the envelope {@code exp(-(slope rho(x, a) - offset)/sigma)} restricted to
 * {@code B_reach(a)} of an exact KNG draw ({@link ExactKngSampler#sample(KngTarget, KngEnvelope, double,
 * org.apache.commons.rng.UniformRandomProvider, double[])}). It may depend on the data: only the running time does.
 *
 * @param slope  the slope, finite and {@code > 0}
 * @param offset the offset, finite and {@code >= 0}
 * @param reach  the radius around the anchor that the envelope covers, finite and {@code > 0}
 */
public record KngEnvelope(double slope, double offset, double reach) {

    /** Checks the ranges. */
    public KngEnvelope {
        if (!(slope > 0) || Double.isInfinite(slope) || !(offset >= 0) || Double.isInfinite(offset)
                || !(reach > 0) || Double.isInfinite(reach)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a KNG envelope needs a finite slope > 0, "
                    + "a finite offset >= 0 and a finite reach > 0. Provided value: slope = %s, offset = %s, "
                    + "reach = %s", slope, offset, reach));
        }
    }
}
