package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.Optional;

/**
 * {@code vech-distance}: {@code |vech(release) - vech(estimate)|_2} for k x k symmetric matrices, where
 * {@code vech} stacks the k(k+1)/2 entries on and below the diagonal without weights (Soto et al. 2022, Fig. 1 right). Unlike the
 * Frobenius norm (vecd, with sqrt 2 on off-diagonal entries) it counts each off-diagonal difference once. Defined for
 * any symmetric array, so an indefinite Euclidean release is measured as it is.
 */
public final class VechDistance implements UtilityMeasure {

    @Override
    public String name() {
        return "vech-distance";
    }

    @Override
    public String description() {
        return "|vech(release) - vech(estimate)|_2 over the entries on and below the diagonal (Soto et al. 2022, Fig. 1 right); "
                + "symmetric-matrix layouts only";
    }

    @Override
    public Optional<String> unsupported(Geometry geometry) {
        return geometry.layout().kind() == PointLayout.Kind.SYMMETRIC_MATRIX ? Optional.empty()
                : Optional.of("the geometry " + geometry.spec() + " stores a " + geometry.layout().describe()
                        + ", not a symmetric matrix");
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        unsupported(geometry).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        int k = geometry.layout().size();
        double sum = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double difference = release[i * k + j] - estimate[i * k + j];
                sum += difference * difference;
            }
        }
        double distance = Math.sqrt(sum);
        return Double.isFinite(distance) ? Measurement.exact(distance) : Measurement.undefined();
    }
}
