package dev.manifolddp.geometry;

/**
 * Planar landmark configurations and their shapes. A configuration of k landmarks is stored
 * {@code x1, y1, ..., xk, yk}; its pre-shape is the configuration centred (landmark mean 0) and scaled to unit
 * Frobenius norm; two pre-shapes are aligned by the rotation (no reflection) that minimises their Euclidean
 * distance (ordinary Procrustes in the plane).
 */
public interface LandmarkShapes {

    /** The number of landmarks k. */
    int landmarks();

    /** The pre-shape of a raw configuration. Fails when all landmarks coincide (no shape). Writes {@code out}. */
    void preshape(double[] configuration, double[] out);

    /**
     * The rotation of {@code point} that brings it closest to {@code reference}: {@code argmin |R point - reference|}
     * over planar rotations R, applied to every landmark. Writes {@code out}; {@code out} may alias {@code point}.
     */
    void align(double[] point, double[] reference, double[] out);

    /**
     * The counter-clockwise angle phi of the rotation {@link #align} applies: landmark j becomes
     * {@code e^(i phi) (x_j + i y_j)}.
     */
    double alignmentAngle(double[] point, double[] reference);

    /** Allocating form of {@link #preshape(double[], double[])}. */
    default double[] preshape(double[] configuration) {
        LandmarkChecks.requireConfiguration(landmarks(), "configuration", configuration);
        double[] out = new double[configuration.length];
        preshape(configuration, out);
        return out;
    }

    /** Allocating form of {@link #align(double[], double[], double[])}. */
    default double[] align(double[] point, double[] reference) {
        LandmarkChecks.requireConfiguration(landmarks(), "point", point);
        LandmarkChecks.requireConfiguration(landmarks(), "reference", reference);
        double[] out = new double[point.length];
        align(point, reference, out);
        return out;
    }
}
