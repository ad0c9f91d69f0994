package dev.manifolddp.experiments.run;

import com.google.inject.Inject;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The built-in {@code generator} data source ({@code data: { generator: NAME, ... }}): the generator the
 * configuration names, found in the command's registry of data generators, with its parameters checked.
 */
final class GeneratorSources implements DataSourceFactory {

    private final Components components;
    private final ExperimentConfig config;

    @Inject
    GeneratorSources(Components components, ExperimentConfig config) {
        this.components = components;
        this.config = config;
    }

    @Override
    public DataSource create(Geometry geometry, Map<String, String> parameters) {
        DataGeneratorProvider provider = ConfigException.at("data.generator",
                () -> components.generators().provider(config.data().generator()));
        List<String> allowed = new ArrayList<>();
        allowed.add("generator");
        provider.parameters().forEach(spec -> allowed.add(spec.name()));
        ExperimentFactory.checkParameters("data generator '" + provider.name() + "'", provider.parameters(),
                parameters, "data", allowed);
        return new GeneratorSource(provider.create(geometry, parameters),
                String.format("%s %s on %s", provider.name(), parameters, geometry.spec()));
    }
}
