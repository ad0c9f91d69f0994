package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import java.util.Optional;

/**
 * How far a private release lies from the non-private estimate. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.experiments.utility.UtilityMeasure} (or bound by a plugin's Guice module)
 * and need a public no-argument constructor; they are immutable and thread-safe.
 */
public interface UtilityMeasure {

    /** The name used in configurations and as the column name in outputs, e.g. {@code geodesic-distance}. */
    String name();

    /** A one-sentence description for listings. */
    String description();

    /** Why this measure cannot be computed on {@code geometry} (e.g. a missing capability), or empty when it can. */
    default Optional<String> unsupported(Geometry geometry) {
        return Optional.empty();
    }

    /**
     * The utility of {@code release} against {@code estimate}. {@code estimate} is a point of the geometry;
     * {@code release} has the point layout's length but need not be a point (an unprojected ambient release).
     * Must not return a NaN value with a defined status: return {@link Measurement#undefined()} instead.
     */
    Measurement measure(Geometry geometry, double[] release, double[] estimate);

    /**
     * The utility of a release, given the wall times the runner measured around it. Measures of the released value
     * ignore the times: the default delegates to {@link #measure(Geometry, double[], double[])};
     * {@code release-time} and {@code estimate-time} ({@link WallTime}) report them.
     */
    default Measurement measure(Geometry geometry, double[] release, double[] estimate, Timing timing) {
        return measure(geometry, release, estimate);
    }
}
