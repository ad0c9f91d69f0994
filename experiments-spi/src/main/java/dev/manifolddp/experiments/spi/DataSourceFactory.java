package dev.manifolddp.experiments.spi;

import dev.manifolddp.geometry.Geometry;
import java.util.Map;

/**
 * A named kind of data source, bound in the run's Guice graph with
 * {@code MapBinder.newMapBinder(binder(), String.class, DataSourceFactory.class).addBinding(NAME)}: the built-in
 * {@code generator} and {@code images} sources by {@code ComparisonModule}, any other by a plugin's Guice module,
 * which a configuration then names with {@code data: { source: NAME, key: value, ... }}. The factory is created by
 * the run's child injector, so it may receive what that run binds (a cache, a thread pool, the run's
 * configuration or {@code DataNotes}); two runs never share it. Two modules binding one name fail when the run's
 * graph is built.
 *
 * <p>A source a plugin binds is drawn per replicate, so its configuration needs the sample size axis {@code n}. Its
 * ball must be public: derived from the parameters, never from the records it serves.
 */
public interface DataSourceFactory {

    /**
     * The source of one sweep cell; called once per distinct geometry and filled parameters, whose sources the
     * cells then share.
     *
     * @param geometry   the cell's geometry
     * @param parameters the {@code data} keys other than the source's name, with the cell's placeholders filled
     * @throws IllegalArgumentException naming the parameter and what to fix (reported at {@code data})
     */
    DataSource create(Geometry geometry, Map<String, String> parameters);
}
