package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.Timing;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * {@code distance-to-ball-centre}: {@code rho(release, c)}, c the centre of the replicate's public ball. For data
 * generated about a known centre (a clean population's centre, with contamination elsewhere in the ball) it is the
 * error against the truth, bias and noise together, where {@code geodesic-distance} is the error against the
 * non-private estimate of the same records (the noise only). The centre is a public input, so nothing here is
 * computed from the records. Releases off the manifold are measured after projection, as by
 * {@code geodesic-distance}; a release of another space than the data's (a variance, a covariance) has no distance
 * to a point of the manifold and is undefined.
 */
public final class BallCentreDistance implements UtilityMeasure {

    private static final GeodesicDistance DISTANCE = new GeodesicDistance();

    @Override
    public String name() {
        return "distance-to-ball-centre";
    }

    @Override
    public String description() {
        return "rho(release, public ball's centre): with data generated about a known centre, the error against the "
                + "truth (bias and noise); undefined for releases off the data's manifold";
    }

    /** Without a ball there is no centre: undefined (the runner calls the ball's overload). */
    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        return Measurement.undefined();
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate, Timing timing,
            double[] ballCentre) {
        if (ballCentre == null) {
            return Measurement.undefined();
        }
        return DISTANCE.measure(geometry, release, ballCentre);
    }
}
