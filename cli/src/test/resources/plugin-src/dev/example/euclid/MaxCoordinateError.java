package dev.example.euclid;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;

/** {@code max-coordinate-error}: the largest coordinate difference, a utility measure registered like any provider. */
public final class MaxCoordinateError implements UtilityMeasure {

    @Override
    public String name() {
        return "max-coordinate-error";
    }

    @Override
    public String description() {
        return "max_i |release_i - estimate_i| (test plugin)";
    }

    @Override
    public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
        double max = 0;
        for (int i = 0; i < release.length; i++) {
            max = Math.max(max, Math.abs(release[i] - estimate[i]));
        }
        return Measurement.exact(max);
    }
}
