package dev.manifolddp.experiments.check;

import com.google.inject.Inject;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;

/**
 * Builds a {@link SensitivityCheck} from the bound configuration and the discovered geometries (the Guice graph's
 * root for this kind), checking what the reader cannot: the geometry exists and has a {@link TangentBasis}, the
 * centre is a point, and every radius keeps the quantities defined: {@code 2r} below the injectivity radius (the
 * logarithms at the footpoint reach the whole ball) and {@code r sqrt(kmax) < pi/2} (so {@code h_max(r, kmax) > 0}).
 */
public final class SensitivityCheckFactory {

    private final Components components;
    private final SensitivityCheckConfig config;
    private final RunOptions options;

    @Inject
    public SensitivityCheckFactory(Components components, SensitivityCheckConfig config, RunOptions options) {
        this.components = components;
        this.config = config;
        this.options = options;
    }

    /** Checks everything; computes nothing. */
    public SensitivityCheck build() {
        Geometry geometry = ConfigException.at("geometry", () -> components.geometry(config.geometry()));
        TangentBasis basis = geometry.capability(TangentBasis.class).orElseThrow(() -> new ConfigException(
                "geometry", "a sensitivity check builds its boundary grid from a tangent basis, and "
                        + geometry.spec() + " has no TangentBasis capability"));
        double[] center = ConfigException.at("center", () -> PointFile.center(config.center(), geometry, "the ball centre"));
        double kmax = geometry.curvature().max();
        double injectivity = geometry.injectivityRadius();
        for (int i = 0; i < config.radii().size(); i++) {
            double r = config.radii().get(i);
            String path = "radii[" + i + "]";
            if (!(2 * r < injectivity)) {
                throw new ConfigException(path, String.format("2r must stay below the injectivity radius %s of %s, "
                        + "so that log at the footpoint reaches the whole ball; use r < %s. Provided value: %s",
                        injectivity, geometry.spec(), injectivity / 2, r));
            }
            if (kmax > 0 && !(r * Math.sqrt(kmax) < Math.PI / 2)) {
                throw new ConfigException(path, String.format("h_max(r, kmax) = r sqrt(kmax) cot(r sqrt(kmax)) must "
                        + "be > 0 for the bound 2r(2 - h); use r < pi/(2 sqrt(kmax)) = %s. Provided value: %s",
                        Math.PI / (2 * Math.sqrt(kmax)), r));
            }
        }
        int perCircle = (int) Math.max(SensitivityCheckConfig.MIN_GRID,
                Math.min(Integer.MAX_VALUE, Math.round(config.grid() * options.scale())));
        return new SensitivityCheck(config, geometry, basis, center, perCircle, options);
    }
}
