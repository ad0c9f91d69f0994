package dev.manifolddp.geometry;

/** Argument checks for {@link LandmarkShapes} implementations. */
public final class LandmarkChecks {

    private LandmarkChecks() {
    }

    /** {@code values} holds {@code landmarks} finite planar landmarks {@code x1, y1, ..., xk, yk}. */
    public static void requireConfiguration(int landmarks, String name, double[] values) {
        if (values == null || values.length != 2 * landmarks) {
            throw new IllegalArgumentException(String.format(
                    "%s must hold %d landmarks as x1, y1, ..., x%d, y%d (%d numbers); got %s", name, landmarks,
                    landmarks, landmarks, 2 * landmarks, values == null ? "null" : values.length + " numbers"));
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(String.format("%s[%d] is %s; every coordinate must be finite",
                        name, i, values[i]));
            }
        }
    }
}
