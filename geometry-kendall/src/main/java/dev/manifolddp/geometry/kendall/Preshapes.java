package dev.manifolddp.geometry.kendall;

/**
 * The pre-shape of a planar configuration: translation removed (centroid moved to the origin) and scale removed
 * (unit Frobenius norm), Soto et al. 2022, §4.3. Shared by {@link LandmarkShapes#preshape} and the ambient projection.
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
        // The centroid is kept as a double plus a correction (the mean of the residuals of a second pass): when the
        // landmarks sit far from the origin relative to their spread, a single double centroid would already be
        // off by half an ulp of the offset (3 digits lost at an offset of 1e3), while x - cx is exact there.
        double cx = ComplexLandmarks.meanX(configuration);
        double cy = ComplexLandmarks.meanY(configuration);
        double residualX = 0;
        double residualY = 0;
        for (int i = 0; i < configuration.length; i += 2) {
            residualX += configuration[i] - cx;
            residualY += configuration[i + 1] - cy;
        }
        int k = configuration.length / 2;
        double correctionX = residualX / k;
        double correctionY = residualY / k;
        double centredLargest = 0;
        for (int i = 0; i < configuration.length; i += 2) {
            out[i] = (configuration[i] - cx) - correctionX;
            out[i + 1] = (configuration[i + 1] - cy) - correctionY;
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
