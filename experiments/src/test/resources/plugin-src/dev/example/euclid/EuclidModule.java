package dev.example.euclid;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import dev.manifolddp.experiments.output.RunOutput;

/**
 * The plugin's Guice module, installed in every run's graph: binds a per-run state ({@link NoteLog}, a singleton of
 * the run) and adds an output ({@link EuclidNote}) to the run's set of outputs.
 */
public final class EuclidModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(NoteLog.class).in(Singleton.class);
        Multibinder.newSetBinder(binder(), RunOutput.class).addBinding().to(EuclidNote.class);
    }
}
