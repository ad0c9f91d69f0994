package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * {@code geodesic-distance}: {@code rho(release, estimate)}, the intrinsic error (Soto et al. 2022, Fig. 1 reports its ambient
 * counterpart). A release off the manifold is measured after projection onto it ({@link Measurement.Status#PROJECTED},
 * counted in the report); when no projection exists the value is undefined.
 */
public final class GeodesicDistance implements UtilityMeasure {

    @Override
    public String name() {
        return "geodesic-distance";
    }

    @Override
    public String description() {
        return "rho(release, non-private estimate); releases off the manifold are measured after projection "
                + "(counted), or left empty when no projection exists";
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        return OnManifold.locate(geometry, release)
                .map(located -> {
                    double distance = geometry.distance(located.point(), estimate);
                    if (!Double.isFinite(distance)) {
                        return Measurement.undefined();
                    }
                    return located.projected() ? Measurement.projected(distance) : Measurement.exact(distance);
                })
                .orElseGet(Measurement::undefined);
    }
}
