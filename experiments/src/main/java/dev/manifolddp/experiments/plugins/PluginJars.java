package dev.manifolddp.experiments.plugins;

import dev.manifolddp.experiments.data.InputFile;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The class loader plugins are found through: the application's own loader, or, with {@code --plugins DIR}, one
 * {@link URLClassLoader} over every {@code *.jar} in DIR in file-name order whose parent is the application loader.
 * Parent-first delegation means a plugin jar cannot replace a class of the application; it can only add providers.
 *
 * @param loader the loader to run {@link java.util.ServiceLoader} over
 * @param jars   the plugin jars, sorted by file name (empty without a plugins folder)
 */
public record PluginJars(ClassLoader loader, List<Path> jars) {

    public PluginJars {
        jars = List.copyOf(jars);
    }

    /** No plugin folder: the application's class path only. */
    public static PluginJars none() {
        return new PluginJars(applicationLoader(), List.of());
    }

    /** {@link #none()} when {@code directory} is null, else every jar in it. */
    public static PluginJars load(Path directory) {
        if (directory == null) {
            return none();
        }
        if (!Files.exists(directory)) {
            throw new IllegalArgumentException("--plugins: the plugins folder " + directory + " does not exist; give "
                    + "a folder of jar files");
        }
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("--plugins must name a folder of jar files; " + directory
                    + " is not a folder");
        }
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> entries = Files.list(directory)) {
            // every *.jar, regular or not: a pipe or folder so named is refused below, never silently skipped
            entries.filter(path -> path.getFileName().toString().endsWith(".jar"))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .forEach(jars::add);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the plugins folder " + directory + ": " + e.getMessage(),
                    e);
        }
        return of(jars);
    }

    /** The given jars (in this order) in one plugin class loader, parent-first over the application's. */
    public static PluginJars of(List<Path> jars) {
        jars.forEach(PluginJars::requireReadable);
        URL[] urls = jars.stream().map(PluginJars::url).toArray(URL[]::new);
        URLClassLoader loader = new URLClassLoader("manifolddp-plugins", urls, applicationLoader());
        jars.forEach(jar -> ServiceLines.check(jar, loader));
        return new PluginJars(loader, jars);
    }

    /** True when {@code source} (a code-source location, see {@code Registry.source}) is a plugin jar. */
    public boolean isPlugin(String source) {
        return jars.stream().anyMatch(jar -> source.equals(url(jar).toString()));
    }

    /**
     * Fails unless {@code jar} opens as a jar and every entry's header reads: the class loader would skip a corrupt or
     * unreadable jar without a word, and its providers would silently be missing.
     */
    private static void requireReadable(Path jar) {
        InputFile.requireRegular(jar, "--plugins: the plugin jar");
        if (!Files.isReadable(jar)) {
            throw new IllegalArgumentException("--plugins: the plugin jar " + jar + " is not readable (permission "
                    + "denied); make it readable or remove it from the folder");
        }
        try (JarFile file = new JarFile(jar.toFile(), true)) {
            file.stream().forEach(entry -> {
                // walking the central directory checks every entry header
            });
            file.getManifest();
        } catch (IOException | SecurityException | IllegalStateException e) {
            throw new IllegalArgumentException("--plugins: the plugin jar " + jar + " is not a readable jar file ("
                    + e.getMessage() + "); rebuild it or remove it from the folder", e);
        }
    }

    private static URL url(Path jar) {
        try {
            return jar.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("cannot turn the plugin path into a URL: " + jar, e);
        }
    }

    private static ClassLoader applicationLoader() {
        return PluginJars.class.getClassLoader();
    }
}
