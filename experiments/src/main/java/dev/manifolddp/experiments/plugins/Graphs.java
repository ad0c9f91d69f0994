package dev.manifolddp.experiments.plugins;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.spi.Message;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Builds the Guice injector of a command: the {@link CoreModule} over the discovered providers, the command's own
 * modules (e.g. the configuration), and every {@link Module} that a jar registers in
 * {@code META-INF/services/com.google.inject.Module}.
 */
public final class Graphs {

    private Graphs() {
    }

    /**
     * The injector over {@code plugins}; reports on {@code log} (may be null) which plugin jar brought which
     * provider or module.
     */
    public static Injector injector(PluginJars plugins, PrintStream log, Module... commandModules) {
        ProviderCatalog catalog = ProviderCatalog.load(plugins.loader());
        List<Module> modules = new ArrayList<>();
        modules.add(new CoreModule(plugins, catalog));
        modules.addAll(List.of(commandModules));
        List<Module> contributed = pluginModules(plugins);
        modules.addAll(contributed);
        Injector injector;
        try {
            injector = Guice.createInjector(modules);
        } catch (CreationException e) {
            throw new IllegalStateException("the component graph could not be built: " + e.getErrorMessages()
                    .stream().map(Message::getMessage).map(m -> m.replace('\n', ' '))
                    .collect(Collectors.joining("; ")), e);
        }
        if (log != null && plugins.loader() != PluginJars.none().loader() && plugins.jars().isEmpty()) {
            log.println("plugins: the plugins folder holds no jar");
        }
        if (log != null && !plugins.jars().isEmpty()) {
            log.printf("plugins: %d jar(s) from %s%n", plugins.jars().size(),
                    plugins.jars().get(0).toAbsolutePath().getParent());
            for (Module module : contributed) {
                String source = dev.manifolddp.geometry.GeometryRegistry.source(module.getClass());
                if (plugins.isPlugin(source)) {
                    log.printf("plugins: Guice module %s from %s%n", module.getClass().getName(), source);
                }
            }
            for (ProviderEntry entry : injector.getInstance(Components.class).entries()) {
                if (plugins.isPlugin(entry.source())) {
                    log.printf("plugins: %s '%s' from %s%n", entry.kind().word(), entry.name(), entry.source());
                }
            }
        }
        return injector;
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
