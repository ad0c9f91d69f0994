package dev.manifolddp.experiments;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a plugin kept as sources under {@code src/test/resources/<name>} against the test class path and packs the
 * classes with the plugin's {@code META-INF/services} files into a jar: a plugin built with no change to any module.
 */
public final class PluginJarBuilder {

    private PluginJarBuilder() {
    }

    /**
     * Builds {@code jar} from the plugin sources in the test resources' {@code resourceFolder} (a folder of the test
     * classes, or of this class's test-jar when another module's tests call it), with {@code work} as scratch space.
     */
    public static Path build(String resourceFolder, Path work, Path jar) {
        try {
            Path sources = sourcesOf(resourceFolder, work);
            Path classes = Files.createDirectories(work.resolve(resourceFolder + "-classes"));
            List<String> files = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(sources)) {
                walk.filter(p -> p.toString().endsWith(".java")).forEach(p -> files.add(p.toString()));
            }
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            List<String> args = new ArrayList<>(List.of("--release", "17", "-classpath",
                    System.getProperty("java.class.path"), "-d", classes.toString(), "-proc:none"));
            args.addAll(files);
            StringWriter log = new StringWriter();
            int status = compiler.run(null, null, new java.io.PrintStream(OutputStream.nullOutputStream()) {
                @Override
                public void write(byte[] b, int off, int len) {
                    log.write(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8));
                }
            }, args.toArray(String[]::new));
            if (status != 0) {
                throw new IllegalStateException("the plugin did not compile:\n" + log);
            }
            Files.createDirectories(jar.getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
                add(out, classes, classes);
                add(out, sources.resolve("META-INF"), sources);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The plugin's source folder on disk: the resource folder itself, or a copy of it out of the test-jar. */
    private static Path sourcesOf(String resourceFolder, Path work) throws IOException, URISyntaxException {
        java.net.URI uri = PluginJarBuilder.class.getResource("/" + resourceFolder).toURI();
        if (!"jar".equals(uri.getScheme())) {
            return Path.of(uri);
        }
        Path copy = work.resolve(resourceFolder + "-src");
        try (java.nio.file.FileSystem jarFiles = java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of())) {
            Path root = jarFiles.getPath("/" + resourceFolder);
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path file : walk.filter(Files::isRegularFile).toList()) {
                    Path target = copy.resolve(root.relativize(file).toString());
                    Files.createDirectories(target.getParent());
                    Files.copy(file, target);
                }
            }
        }
        return copy;
    }

    private static void add(JarOutputStream out, Path folder, Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(root.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
    }
}
