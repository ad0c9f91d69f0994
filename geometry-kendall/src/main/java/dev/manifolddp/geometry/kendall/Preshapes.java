package dev.manifolddp.geometry.kendall;

/**
 * The pre-shape of a planar configuration: translation removed (centroid moved to the origin) and scale removed
 * (unit Frobenius norm), MATH §1.4. Shared by {@link LandmarkShapes#preshape} and the ambient projection.
 */
final class Preshapes {

    /**
     * A configuration whose centred coordinates are all below this fraction of its largest raw coordinate has no
     * shape: its landmarks coincide up to the rounding of the input (the quotient would be rounding noise).
     */
    static final double COINCIDENCE_RATIO = 1e-14;

    private Preshapes() {
    }

    /**
     * Writes {@code (X - centroid) / |X - centroid|_F} into {@code out}, or returns false (leaving {@code out}
     * unspecified) when all landmarks coincide to rounding level or the input is not finite. {@code out} may alias
     * {@code configuration}.
     */
    static boolean normalise(double[] configuration, double[] out) {
        double rawLargest = 0;
        for (double value : configuration) {
            rawLargest = Math.max(rawLargest, Math.abs(value));
        }
        if (!Double.isFinite(rawLargest)) {
            return false;
        }
        double cx = ComplexLandmarks.meanX(configuration);
        double cy = ComplexLandmarks.meanY(configuration);
        double centredLargest = 0;
        for (int i = 0; i < configuration.length; i += 2) {
            out[i] = configuration[i] - cx;
            out[i + 1] = configuration[i + 1] - cy;
            centredLargest = Math.max(centredLargest, Math.max(Math.abs(out[i]), Math.abs(out[i + 1])));
        }
        if (!(centredLargest > COINCIDENCE_RATIO * rawLargest) || !Double.isFinite(centredLargest)) {
            return false;
        }
        double norm = ComplexLandmarks.norm(out);
        for (int i = 0; i < out.length; i++) {
            out[i] /= norm;
        }
        return true;
    }
}
