package dev.example.euclid;

import dev.manifolddp.experiments.utility.Measurement;
import dev.manifolddp.experiments.utility.UtilityMeasure;
import dev.manifolddp.geometry.Geometry;

/** {@code max-coordinate-error}: the largest coordinate difference, bound by the plugin's own Guice module. */
public final class MaxCoordinateError implements UtilityMeasure {

    @Override
    public String name() {
        return "max-coordinate-error";
    }

    @Override
    public String description() {
        return "max_i |release_i - estimate_i| (test plugin, bound through a Guice module)";
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
