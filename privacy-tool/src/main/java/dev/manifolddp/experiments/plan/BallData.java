package dev.manifolddp.experiments.plan;

import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.sampling.data.DataGenerator;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The plan's synthetic records: the geometry's geodesic-ball generator ({@code x = exp(c, theta u)},
 * {@code theta ~ U[0, r]}, u a uniform unit tangent direction at the declared centre c), in the declared public ball,
 * which every release uses as its ball. No record of any file is involved.
 */
final class BallData implements DataSource {

    private final DataGenerator generator;
    private final DataBall ball;
    private final String description;

    BallData(DataGenerator generator, DataBall ball, String description) {
        this.generator = generator;
        this.ball = ball;
        this.description = description;
    }

    @Override
    public Dataset draw(int n, UniformRandomProvider random) {
        return new Dataset(generator.generate(n, random).points(), ball);
    }

    /** The declared public ball every release of the plan uses. */
    DataBall ball() {
        return ball;
    }

    /** n references to the ball's centre, in the declared ball. */
    @Override
    public Dataset probe(int n) {
        double[][] points = new double[n][];
        Arrays.fill(points, ball.center());
        return new Dataset(points, ball);
    }

    @Override
    public String describe() {
        return description;
    }
}
