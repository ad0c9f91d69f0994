package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.Optional;

/**
 * {@code ambient-distance}: {@code |toAmbient(release) - toAmbient(estimate)|_2}, the Euclidean distance in the
 * ambient coordinates of {@link AmbientEmbedding} (Soto et al. 2022, Fig. 1 left: the mean Euclidean distance in R^3). It is
 * defined for releases off the manifold too, which is what makes the unprojected Euclidean baseline comparable.
 */
public final class AmbientDistance implements UtilityMeasure {

    @Override
    public String name() {
        return "ambient-distance";
    }

    @Override
    public String description() {
        return "|toAmbient(release) - toAmbient(estimate)|_2 in the ambient coordinates (Soto et al. 2022, Fig. 1 left); "
                + "needs AmbientEmbedding";
    }

    @Override
    public Optional<String> unsupported(Geometry geometry) {
        return geometry.capability(AmbientEmbedding.class).isPresent() ? Optional.empty()
                : Optional.of("the geometry " + geometry.spec() + " has no AmbientEmbedding capability");
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        AmbientEmbedding embedding = geometry.capability(AmbientEmbedding.class).orElseThrow(
                () -> new IllegalArgumentException(unsupported(geometry).orElseThrow()));
        for (double value : release) {
            if (!Double.isFinite(value)) {
                return Measurement.undefined();
            }
        }
        double[] a = embedding.toAmbient(release);
        double[] b = embedding.toAmbient(estimate);
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double difference = a[i] - b[i];
            sum += difference * difference;
        }
        double distance = Math.sqrt(sum);
        return Double.isFinite(distance) ? Measurement.exact(distance) : Measurement.undefined();
    }
}
