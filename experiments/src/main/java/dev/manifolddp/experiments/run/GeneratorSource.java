package dev.manifolddp.experiments.run;

import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.sampling.data.DataGenerator;
import dev.manifolddp.sampling.data.GeneratedData;
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

    @Override
    public String describe() {
        return description;
    }
}
