package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.util.function.UnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * What the extrinsic baselines ({@link EuclideanLaplace}, {@link ExtrinsicGaussian}) share: the Euclidean mean of the
 * records' ambient coordinates, and the way back from a noisy ambient vector to the point layout.
 *
 * <p><b>Why records are aligned on shape spaces.</b> {@link AmbientEmbedding#ambientRadius} bounds the ambient
 * distance from the centre to points of {@code B_r(center)}; on a quotient such as Kendall's shape space a point is one
 * representative of its orbit, and the bound holds for the representative aligned to the centre, not for an arbitrary
 * rotation (which can lie up to 2 away). So when the geometry has {@link LandmarkShapes}, each record is first
 * Procrustes-aligned to the ball's centre. The centre is public and each aligned record depends on that record alone,
 * so the mean of the aligned records keeps the sensitivity {@code 2 r_E / n}.
 */
final class AmbientData {

    private AmbientData() {
    }

    /**
     * The release of an extrinsic baseline under its calibration: the records' ambient mean ({@link #mean}), the
     * mechanism's noise added to it ({@code noisy}, drawing from {@code random}), and the way back to the point
     * layout ({@link #value}).
     */
    static Release<double[]> release(Mechanism mechanism, Calibration calibration, double[][] data,
            UniformRandomProvider random, boolean project, UnaryOperator<double[]> noisy) {
        Release.Builder<double[]> release = calibration.start(mechanism, data, random).release();
        Geometry geometry = calibration.geometry();
        AmbientEmbedding embedding = geometry.capability(AmbientEmbedding.class).orElseThrow();
        double[] y = noisy.apply(mean(geometry, embedding, data, calibration.ball().center()));
        double[] value = value(geometry, embedding, y, project, release);
        return calibration.seal(release.value(value).sampler(SamplerReport.direct()));
    }

    /** The public facts of the ambient mean (its dimension, the alignment), for a calibration. */
    static void describe(Geometry geometry, AmbientEmbedding embedding, Release.Builder<?> release) {
        release.parameter("ambientDimension", embedding.ambientDimension())
                .parameter("alignedTo", geometry.capability(LandmarkShapes.class).isEmpty() ? "none"
                        : "ball centre (Procrustes)");
    }

    /** {@code (1/n) sum_i toAmbient(x_i)}, each record aligned to the centre first on a shape space. */
    static double[] mean(Geometry geometry, AmbientEmbedding embedding, double[][] data, double[] center) {
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElse(null);
        int dimension = embedding.ambientDimension();
        double[] mean = new double[dimension];
        double[] ambient = new double[dimension];
        double[] aligned = shapes == null ? null : new double[geometry.layout().length()];
        for (double[] point : data) {
            if (shapes != null) {
                shapes.align(point, center, aligned);
                embedding.toAmbient(aligned, ambient);
            } else {
                embedding.toAmbient(point, ambient);
            }
            for (int j = 0; j < dimension; j++) {
                mean[j] += ambient[j];
            }
        }
        for (int j = 0; j < dimension; j++) {
            mean[j] /= data.length;
        }
        return mean;
    }

    /**
     * The released value for the noisy ambient vector y: its projection onto the manifold when asked for and one
     * exists, else {@code fromAmbient(y)}. Records {@code projected} and {@code onManifold} and warns when the value is
     * not a point of the manifold: functions of the released value, so published with it ({@code project} is the
     * calibration's).
     */
    static double[] value(Geometry geometry, AmbientEmbedding embedding, double[] y, boolean project,
            Release.Builder<?> release) {
        double[] out = new double[geometry.layout().length()];
        boolean projected = project && embedding.project(y, out);
        if (project && !projected) {
            release.valueWarning("the noisy ambient vector has no projection onto the manifold (e.g. an indefinite "
                    + "matrix); the value is the unprojected fromAmbient(y)");
        }
        if (!projected) {
            embedding.fromAmbient(y, out);
        }
        boolean onManifold = geometry.pointViolation(out, Geometry.DEFAULT_TOLERANCE).isEmpty();
        release.valueParameter("projected", projected).valueParameter("onManifold", onManifold);
        if (!onManifold) {
            release.valueWarning("the released value is not a point of " + geometry.spec() + " (ambient coordinates mapped "
                    + "back with fromAmbient); measure its error in ambient coordinates");
        }
        return out;
    }
}
