package dev.manifolddp.experiments.plugins;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.ProvisionException;
import com.google.inject.spi.Message;
import dev.manifolddp.spi.Registry;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Builds the Guice graph of a command in two levels.
 * <ul>
 *   <li>The <b>root</b> injector of a command holds what every run shares: the {@link PluginJars} and the
 *   {@link Components} (the five registries, found once by ServiceLoader).</li>
 *   <li>Every <b>run</b> (one configuration) gets a child injector: the command's modules for that configuration
 *   (its config, options, per-run state, outputs) plus a fresh instance of every {@link Module} that a jar registers
 *   in {@code META-INF/services/com.google.inject.Module}. A plugin module can therefore bind into the run's
 *   graph (e.g. add a {@code RunOutput}, a named {@code DataSourceFactory}, or a cache or pool its components
 *   receive), and its singletons live as long as one run: two runs of one command never share plugin state.</li>
 * </ul>
 */
public final class Graphs {

    private Graphs() {
    }

    /**
     * The root injector over {@code plugins}; reports on {@code log} (may be null) which plugin jar brought which
     * provider or module. Fails, naming both jars, when two providers of one kind claim a name.
     */
    public static Injector root(PluginJars plugins, PrintStream log) {
        Injector root = create(() -> Guice.createInjector(new AbstractModule() {
            @Override
            protected void configure() {
                bind(PluginJars.class).toInstance(plugins);
            }
        }));
        Components components = instance(root, Components.class);
        if (log != null && plugins.loader() != PluginJars.none().loader() && plugins.jars().isEmpty()) {
            log.println("plugins: the plugins folder holds no jar");
        }
        if (log != null && !plugins.jars().isEmpty()) {
            log.printf("plugins: %d jar(s) from %s%n", plugins.jars().size(),
                    plugins.jars().get(0).toAbsolutePath().getParent());
            for (Module module : pluginModules(plugins)) {
                String source = Registry.source(module.getClass());
                if (plugins.isPlugin(source)) {
                    log.printf("plugins: Guice module %s from %s%n", module.getClass().getName(), source);
                }
            }
            for (ProviderEntry entry : components.entries()) {
                if (plugins.isPlugin(entry.source())) {
                    log.printf("plugins: %s '%s' from %s%n", entry.kind().word(), entry.name(), entry.source());
                }
            }
        }
        return root;
    }

    /** The child injector of one run: {@code runModules} plus fresh instances of the plugins' Guice modules. */
    public static Injector run(Injector root, Module... runModules) {
        List<Module> modules = new ArrayList<>(List.of(runModules));
        modules.addAll(pluginModules(root.getInstance(PluginJars.class)));
        return create(() -> root.createChildInjector(modules));
    }

    /**
     * {@code injector.getInstance(type)}, with the failure of a constructor or provider method (a bad configuration,
     * a name claimed twice) rethrown as itself rather than wrapped in Guice's report.
     */
    public static <T> T instance(Injector injector, Class<T> type) {
        return instance(injector, Key.get(type));
    }

    /** As {@link #instance(Injector, Class)}, for a key (e.g. a set of bound outputs). */
    public static <T> T instance(Injector injector, Key<T> key) {
        try {
            return injector.getInstance(key);
        } catch (ProvisionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Injector create(Supplier<Injector> creation) {
        try {
            return creation.get();
        } catch (CreationException e) {
            throw new IllegalStateException("the component graph could not be built: " + e.getErrorMessages()
                    .stream().map(Message::getMessage).map(m -> m.replace('\n', ' '))
                    .collect(Collectors.joining("; ")), e);
        }
    }

    private static List<Module> pluginModules(PluginJars plugins) {
        List<Module> modules = new ArrayList<>();
        try {
            for (Module module : ServiceLoader.load(Module.class, plugins.loader())) {
                modules.add(module);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a plugin's Guice module could not be loaded: " + e.getMessage(), e);
        }
        return modules;
    }
}
