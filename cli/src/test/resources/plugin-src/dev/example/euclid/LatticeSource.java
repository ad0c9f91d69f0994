package dev.example.euclid;

import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.mechanisms.DataBall;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Records drawn uniformly, with replacement, from the lattice points in the public ball of radius r around the
 * origin; the ball is declared by the parameters, never measured from the records.
 */
final class LatticeSource implements DataSource {

    private final double[][] points;
    private final double[] origin;
    private final double radius;
    private final String description;

    LatticeSource(double[][] points, int d, double radius, String description) {
        this.points = points;
        this.origin = new double[d];
        this.radius = radius;
        this.description = description;
    }

    @Override
    public Dataset draw(int n, UniformRandomProvider random) {
        double[][] records = new double[n][];
        for (int i = 0; i < n; i++) {
            records[i] = points[random.nextInt(points.length)];
        }
        return new Dataset(records, DataBall.declared(origin, radius));
    }

    @Override
    public Dataset probe(int n) {
        double[][] records = new double[n][];
        Arrays.fill(records, origin);
        return new Dataset(records, DataBall.declared(origin, radius));
    }

    @Override
    public String describe() {
        return description;
    }
}
