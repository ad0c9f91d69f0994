package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.Dataset;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.sampling.data.DataGenerator;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;

/** Records from a synthetic generator; the ball is the generator's public one (set by its parameters). */
final class GeneratorSource implements DataSource {

    private final DataGenerator generator;
    private final String description;

    GeneratorSource(DataGenerator generator, String description) {
        this.generator = generator;
        this.description = description;
    }

    @Override
    public Dataset draw(int n, UniformRandomProvider random) {
        GeneratedData data = generator.generate(n, random);
        return new Dataset(data.points(), DataBall.declared(data.center(), data.radius()));
    }

    /**
     * The generator's public ball comes with a generated data set only, so one record is generated from a fixed stream
     * (synthetic data, no noise) to learn it.
     */
    @Override
    public Dataset probe(int n) {
        GeneratedData one = generator.generate(1, RandomStreams.seeded(0).stream(0, 0));
        if (one.points()[0].length != one.center().length) {
            // records that carry more than a point (a covariate after the response): n references to one record
            // would make a degenerate design (one covariate), so the stand-ins are n synthetic records of a fixed
            // stream, as public as the generator's parameters
            GeneratedData stand = generator.generate(n, RandomStreams.seeded(0).stream(0, 0));
            return new Dataset(stand.points(), DataBall.declared(stand.center(), stand.radius()));
        }
        double[][] points = new double[n][];
        java.util.Arrays.fill(points, one.center());
        return new Dataset(points, DataBall.declared(one.center(), one.radius()));
    }

    @Override
    public String describe() {
        return description;
    }
}
