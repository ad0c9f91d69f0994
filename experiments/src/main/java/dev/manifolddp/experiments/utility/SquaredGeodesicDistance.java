package dev.manifolddp.experiments.utility;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * {@code squared-geodesic-distance}: {@code rho(release, estimate)^2}, the quantity of Soto et al. 2022, Theorem 3 and of the exact
 * law {@code rho^2 / sigma^2 ~ chi^2_d} of the tangent Gaussian (Utpala et al. 2023, Theorem 4). Off-manifold releases are handled
 * as by {@link GeodesicDistance}.
 */
public final class SquaredGeodesicDistance implements UtilityMeasure {

    private final GeodesicDistance distance = new GeodesicDistance();

    @Override
    public String name() {
        return "squared-geodesic-distance";
    }

    @Override
    public String description() {
        return "rho(release, non-private estimate)^2 (Soto et al. 2022, Theorem 3, Utpala et al. 2023, Theorem 4); off-manifold releases as for "
                + "geodesic-distance";
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        Measurement rho = distance.measure(geometry, release, estimate);
        return rho.isDefined() ? new Measurement(rho.value() * rho.value(), rho.status()) : rho;
    }
}
