package dev.example.euclid;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.multibindings.Multibinder;
import dev.manifolddp.experiments.spi.RunOutput;
import dev.manifolddp.experiments.spi.DataSourceFactory;

/**
 * The plugin's Guice module, installed in every run's graph: binds per-run state ({@link NoteLog} and the shared
 * resource {@link LatticeCache}, singletons of the run), a data source by name ({@code source: lattice}, which
 * receives the cache) and adds an output ({@link EuclidNote}) to the run's set of outputs.
 */
public final class EuclidModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(NoteLog.class).in(Singleton.class);
        bind(LatticeCache.class).in(Singleton.class);
        MapBinder.newMapBinder(binder(), String.class, DataSourceFactory.class).addBinding("lattice")
                .to(LatticeSources.class);
        Multibinder.newSetBinder(binder(), RunOutput.class).addBinding().to(EuclidNote.class);
    }
}
