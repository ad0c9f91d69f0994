package dev.example.euclid;

import com.google.inject.Inject;
import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.geometry.Geometry;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * {@code data: { source: lattice, step: S, radius: R }}: the lattice {@code S Z^d} in the ball of radius R (at most 1)
 * around the origin of R^d, a data source the plugin binds in its Guice module. It receives the run's
 * {@link LatticeCache}, so cells that differ only in R share one lattice.
 */
public final class LatticeSources implements DataSourceFactory {

    private final LatticeCache cache;

    @Inject
    public LatticeSources(LatticeCache cache) {
        this.cache = cache;
    }

    @Override
    public DataSource create(Geometry geometry, Map<String, String> parameters) {
        if (!(geometry instanceof EuclideanSpace)) {
            throw new IllegalArgumentException("the lattice source needs geometry euclidean:d=D. Provided value: "
                    + geometry.spec());
        }
        if (!parameters.keySet().equals(Set.of("step", "radius"))) {
            throw new IllegalArgumentException("the lattice source takes exactly 'step' and 'radius'. Provided keys: "
                    + parameters.keySet());
        }
        double step = Double.parseDouble(parameters.get("step"));
        double radius = Double.parseDouble(parameters.get("radius"));
        if (!(step > 0 && step <= radius && radius <= 1)) {
            throw new IllegalArgumentException("the lattice source needs 0 < step <= radius <= 1. Provided value: step "
                    + step + ", radius " + radius);
        }
        int d = geometry.dimension();
        double[][] inBall = Arrays.stream(cache.lattice(d, step))
                .filter(p -> Math.sqrt(Arrays.stream(p).map(x -> x * x).sum()) <= radius + 1e-12)
                .toArray(double[][]::new);
        return new LatticeSource(inBall, d, radius, String.format("%d lattice points (step %s) in the ball of radius "
                + "%s on %s", inBall.length, step, radius, geometry.spec()));
    }
}
