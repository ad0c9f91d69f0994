package dev.example.euclid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plugin's per-run resource: the points of the lattice {@code step Z^d} in the cube [-1, 1]^d, built once per
 * dimension and step in a run and shared by every cell's {@link LatticeSource} (a singleton of the run's graph that
 * {@link EuclidModule} binds; the next run starts with an empty cache). Public, so no data goes in.
 */
public final class LatticeCache {

    private final Map<String, double[][]> lattices = new HashMap<>();
    private int built;

    synchronized double[][] lattice(int d, double step) {
        return lattices.computeIfAbsent(d + "|" + step, key -> {
            built++;
            int perAxis = 2 * (int) Math.floor(1 / step + 1e-9) + 1;
            List<double[]> points = new ArrayList<>();
            int[] index = new int[d];
            for (long k = 0; k < Math.round(Math.pow(perAxis, d)); k++) {
                long rest = k;
                double[] point = new double[d];
                for (int i = 0; i < d; i++) {
                    index[i] = (int) (rest % perAxis);
                    rest /= perAxis;
                    point[i] = (index[i] - (perAxis - 1) / 2) * step;
                }
                points.add(point);
            }
            return points.toArray(double[][]::new);
        });
    }

    /** How many lattices this run has built (a lattice asked for again is served from the cache). */
    public synchronized int built() {
        return built;
    }
}
