package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a row read from text into an exact point of the geometry: a per-record map, so it costs no privacy.
 *
 * <p>A number written with six decimals (or seven significant digits) is off by at most {@code 0.5e-6 max(1, |x_j|)};
 * a row of D such numbers is therefore within {@code 0.5e-6 sqrt(D) max(1, |x|_inf)} (Euclidean) of the exact point
 * it was written from, which lies on the manifold. A row is accepted when its distance to the manifold is at most
 * <pre>
 *   tol(x) = 1e-6 sqrt(D) max(1, |x|_inf),
 * </pre>
 * twice that bound (the margin absorbs the rounding of reading and of the distance itself), and then replaced by its
 * projection. One tolerance for every geometry and every size: a fixed one (1e-6 or 1e-8) refuses large points and
 * high dimensions written with six decimals, e.g. a 50-landmark pre-shape, whose 100 coordinates are each off by up
 * to 5e-7 (so its centroid sums are off by up to 2.5e-5 and its Euclidean error by up to 5e-6, within tol = 1e-5).
 *
 * <ul>
 *   <li>With {@link LandmarkShapes}: a row is a landmark configuration of any position and scale; its pre-shape is
 *       the point (only a configuration whose landmarks all coincide is refused).</li>
 *   <li>With {@link AmbientEmbedding}: the distance is {@code |x - P(x)|_2} for the embedding's projection P (the
 *       nearest point of a sphere, the symmetric part of a matrix, which must be positive definite); the released
 *       data are the projections.</li>
 *   <li>Otherwise (a plugin geometry without a projection): the row must pass
 *       {@link Geometry#pointViolation(double[], double)} at {@code tol(x)} and is used as written.</li>
 * </ul>
 */
public final class ManifoldProjection {

    /** The per-coordinate precision the tolerance is built on: six decimals. */
    public static final double PRECISION = 1e-6;

    /** After projection a point must pass {@link Geometry#pointViolation} at this tolerance. */
    private static final double EXACT = 1e-10;

    private final Geometry geometry;
    private final Optional<LandmarkShapes> shapes;
    private final Optional<AmbientEmbedding> embedding;

    public ManifoldProjection(Geometry geometry) {
        if (geometry == null) {
            throw new IllegalArgumentException("no geometry given (null)");
        }
        this.geometry = geometry;
        this.shapes = geometry.capability(LandmarkShapes.class);
        this.embedding = geometry.capability(AmbientEmbedding.class);
    }

    /** {@code tol(x) = 1e-6 sqrt(D) max(1, |x|_inf)}. */
    public static double tolerance(double[] x) {
        double largest = 1;
        for (double v : x) {
            largest = Math.max(largest, Math.abs(v));
        }
        return PRECISION * Math.sqrt(x.length) * largest;
    }

    /**
     * The exact point for row {@code x} (finite, of the layout's length), in a new array: {@code x} is neither kept nor
     * changed, so a reader may pass the same row array for every line.
     *
     * @throws IllegalArgumentException saying why {@code x} is not (near) a point, with its distance and the
     *     tolerance; the caller adds the row's name
     */
    public double[] project(double[] x) {
        return project(x, null);
    }

    /**
     * The length of the scratch array {@link #project(double[], double[])} takes: the ambient dimension of a geometry
     * with an {@link AmbientEmbedding}, else 0.
     */
    public int scratchLength() {
        return shapes.isEmpty() && embedding.isPresent() ? embedding.get().ambientDimension() : 0;
    }

    /**
     * {@link #project(double[])} with a caller's scratch array of {@link #scratchLength()} (null: one is allocated), so
     * that a reader projecting row after row on one thread allocates only the points it keeps.
     */
    public double[] project(double[] x, double[] scratch) {
        if (shapes.isPresent() || embedding.isEmpty()) {
            return projectWithoutEmbedding(x);
        }
        double[] point = new double[x.length];
        projectEmbedded(x, scratch, point);
        return point;
    }

    /**
     * {@link #project(double[], double[])} into the caller's {@code point} (of the row's length), for a reader that
     * writes the points into one flat array: on a geometry with an {@link AmbientEmbedding} nothing is allocated.
     */
    public void project(double[] x, double[] scratch, double[] point) {
        if (shapes.isPresent() || embedding.isEmpty()) {
            double[] projected = projectWithoutEmbedding(x);
            System.arraycopy(projected, 0, point, 0, projected.length);
            return;
        }
        projectEmbedded(x, scratch, point);
    }

    /** A landmark row's preshape, or a row checked as it is on a geometry without an ambient projection. */
    private double[] projectWithoutEmbedding(double[] x) {
        if (shapes.isPresent()) {
            try {
                double[] shape = shapes.get().preshape(x);
                return shape == x ? x.clone() : shape;
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the landmark configuration has no shape: " + e.getMessage(), e);
            }
        }
        double tolerance = tolerance(x);
        Optional<String> why = geometry.pointViolation(x, tolerance);
        if (why.isPresent()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "not a point of %s within the tolerance %.3g: %s", geometry.spec(), tolerance, why.get()));
        }
        return x.clone();
    }

    /** The projection through the geometry's {@link AmbientEmbedding}, written into {@code point}. */
    private void projectEmbedded(double[] x, double[] scratch, double[] point) {
        double tolerance = tolerance(x);
        boolean projected;
        try {
            AmbientEmbedding ambient = embedding.get();
            double[] y = scratch != null && scratch.length == ambient.ambientDimension() ? scratch
                    : new double[ambient.ambientDimension()];
            // a non-finite row has no ambient coordinates (the allocating toAmbient's check, kept without its copy)
            projected = finite(x);
            if (projected) {
                ambient.toAmbient(x, y);
                projected = ambient.project(y, point);
            }
        } catch (RuntimeException e) {
            projected = false;
        }
        double distance = projected ? distance(x, point) : Double.NaN;
        if (!(distance <= tolerance)) {
            String why = geometry.pointViolation(x, tolerance).orElse("it lies too far from the manifold");
            throw new IllegalArgumentException(projected
                    ? String.format(Locale.ROOT, "not a point of %s: it lies %.3g from the manifold, beyond the "
                            + "tolerance %.3g for %d coordinates written to six decimals (%s)", geometry.spec(),
                            distance, tolerance, x.length, why)
                    : String.format(Locale.ROOT, "not a point of %s and no nearby point exists: %s",
                            geometry.spec(), why));
        }
        Optional<String> exact = geometry.pointViolation(point, EXACT);
        if (exact.isPresent()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "its projection onto %s is not an exact point (%s); the row is too close to the manifold's "
                            + "boundary", geometry.spec(), exact.get()));
        }
    }

    private static boolean finite(double[] x) {
        for (double v : x) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    private static double distance(double[] x, double[] y) {
        double scale = 0;
        for (int i = 0; i < x.length; i++) {
            scale = Math.max(scale, Math.abs(x[i] - y[i]));
        }
        if (!(scale > 0)) {
            return scale;
        }
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            double d = (x[i] - y[i]) / scale;
            sum += d * d;
        }
        return scale * Math.sqrt(sum);
    }
}
