package dev.manifolddp.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Parameters;
import dev.manifolddp.spi.Provider;
import dev.manifolddp.spi.Registry;
import java.util.Map;
import java.util.Optional;

/**
 * How far a private release lies from the non-private estimate. Implementations are listed in
 * {@code META-INF/services/dev.manifolddp.utility.UtilityMeasure} and need a public no-argument constructor; they are
 * immutable and thread-safe. A measure is its own provider: {@link #create(Map)} checks the (by default no)
 * parameters and returns the measure itself. It lives in the API artifact so that a plugin measure compiles against
 * the geometry API only, not against the experiment application.
 */
public interface UtilityMeasure extends Provider<UtilityMeasure> {

    /** The words of this kind in listings and messages. */
    Registry.Kind KIND = new Registry.Kind("utility measure", "utility measures");

    /** The utility measures visible to {@code loader}. */
    static Registry<UtilityMeasure> registry(ClassLoader loader) {
        return Registry.load(UtilityMeasure.class, KIND, loader);
    }

    /** The name used in configurations and as the column name in outputs, e.g. {@code geodesic-distance}. */
    @Override
    String name();

    /** Checks the parameters against {@link #parameters()} (none by default) and returns this measure. */
    @Override
    default UtilityMeasure create(Map<String, String> parameters) {
        Parameters.check(KIND.word() + " '" + name() + "'", parameters(), parameters);
        return this;
    }

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
     * {@code release-time} and {@code estimate-time} (the experiments module's {@code WallTime}) report them.
     */
    default Measurement measure(Geometry geometry, double[] release, double[] estimate, Timing timing) {
        return measure(geometry, release, estimate);
    }

    /**
     * The utility of a release, given the wall times and the centre of the replicate's public ball (a public input,
     * never computed from the records; a point of the data's manifold, or null when the releases live on another
     * space, an estimator's parameter space). Most measures ignore the centre: the default
     * delegates to {@link #measure(Geometry, double[], double[], Timing)}; {@code distance-to-ball-centre} (the
     * experiments module's {@code BallCentreDistance}) measures the release against it, the truth of data generated
     * about a known centre.
     */
    default Measurement measure(Geometry geometry, double[] release, double[] estimate, Timing timing,
            double[] ballCentre) {
        return measure(geometry, release, estimate, timing);
    }

    /**
     * The utility of a release in its replicate's context (times, the ball's centre, the records). Most measures read
     * the value and the estimate only: the default delegates to
     * {@link #measure(Geometry, double[], double[], Timing, double[])}; the experiments module's
     * {@code prediction-mse} reads the records through {@link MeasureContext#prediction()}.
     */
    default Measurement measure(Geometry geometry, double[] release, double[] estimate, MeasureContext context) {
        return measure(geometry, release, estimate, context.timing(), context.ballCentre());
    }
}
