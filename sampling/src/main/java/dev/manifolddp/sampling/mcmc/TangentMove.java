package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;

/**
 * The last step shared by tangent proposals: {@code out = exp(current, v)}, or {@code out = current} (stay put) when
 * {@code |v|} reaches the injectivity radius, where {@code exp} stops being one-to-one and the symmetry argument of
 * {@link Proposal} fails.
 */
final class TangentMove {

    private TangentMove() {
    }

    static void expOrStay(Geometry geometry, double[] current, double[] v, double norm, double[] out) {
        double limit = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        if (norm >= limit) {
            System.arraycopy(current, 0, out, 0, current.length);
        } else {
            geometry.exp(current, v, out);
        }
    }

    static void requireStep(double step) {
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new IllegalArgumentException("step must be finite and > 0. Provided value: " + step);
        }
    }
}
