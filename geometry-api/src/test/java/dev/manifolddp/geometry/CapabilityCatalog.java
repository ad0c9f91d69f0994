package dev.manifolddp.geometry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Which public interfaces of the API package are capabilities, so that the contract's list of checked capabilities
 * ({@link GeometryContractTest#CAPABILITY_CHECKS}) cannot go stale: every public interface of
 * {@code dev.manifolddp.geometry} in the API's main classes is either a capability with a check or listed in
 * {@link #NOT_CAPABILITIES} with the reason ({@code CapabilityCatalogTest}), and a geometry that answers
 * {@code capability(type)} for an API interface the contract does not check fails its contract
 * ({@link #uncheckedClaims}). Capabilities are discovered by type, so probing each interface is how a geometry's
 * claims are enumerated; a plugin's own interfaces, outside the API, are no concern of the host's mechanisms.
 */
public final class CapabilityCatalog {

    /** Public interfaces of the API package that are not capabilities a geometry claims, with the reason. */
    public static final Map<Class<?>, String> NOT_CAPABILITIES = Map.of(
            Geometry.class, "the geometry itself",
            GeometryProvider.class, "the plugin SPI that creates geometries",
            RadialLowerBound.class, "the value a FrechetGradientBound returns; checked with it",
            LogSums.Batch.class, "the kernel LogSums returns; checked with it",
            HessianSums.Batch.class, "the kernel HessianSums returns; checked with it",
            LogSums.Blocks.class, "the split form of a LogSums kernel; LogSumsContract checks its bits",
            HessianSums.Blocks.class, "the split form of a HessianSums kernel; SphereSplitSumsTest checks its bits",
            SymmetricEigensolver.class, "the solver SymmetricEigensolvers returns; checked with it",
            PointLayout.Kind.class, "how a point layout prints and reads points; PointLayoutTest checks the standard "
                    + "kinds");

    private static final String PACKAGE = Geometry.class.getPackageName();

    private CapabilityCatalog() {
    }

    /**
     * Every public interface, nested ones included, of the API package among the classes that hold {@link Geometry}:
     * the API's main classes, a directory in a reactor build or the geometry-api jar (never its tests).
     */
    public static List<Class<?>> apiInterfaces() {
        List<Class<?>> found = new ArrayList<>();
        for (String name : classNames()) {
            Class<?> type;
            try {
                type = Class.forName(name, false, Geometry.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("listed but not loadable: " + name, e);
            }
            if (type.isInterface() && !type.isAnnotation() && Modifier.isPublic(type.getModifiers())) {
                found.add(type);
            }
        }
        found.sort(Comparator.comparing(Class::getName));
        return found;
    }

    /** The capabilities among {@code candidates} that the geometry claims but the contract does not check. */
    public static List<Class<?>> uncheckedClaims(Geometry geometry, Collection<Class<?>> candidates) {
        List<Class<?>> unchecked = new ArrayList<>();
        for (Class<?> candidate : candidates) {
            if (!NOT_CAPABILITIES.containsKey(candidate)
                    && !GeometryContractTest.CAPABILITY_CHECKS.containsKey(candidate)
                    && geometry.capability(candidate).isPresent()) {
                unchecked.add(candidate);
            }
        }
        return unchecked;
    }

    /** The interfaces among {@code interfaces} that are neither a checked capability nor listed as not one. */
    public static List<Class<?>> unclassified(Collection<Class<?>> interfaces) {
        return interfaces.stream().filter(type -> !NOT_CAPABILITIES.containsKey(type)
                && !GeometryContractTest.CAPABILITY_CHECKS.containsKey(type)).toList();
    }

    private static List<String> classNames() {
        Path location;
        try {
            location = Path.of(Geometry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + Geometry.class, e);
        }
        String folder = PACKAGE.replace('.', '/') + "/";
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve(folder))) {
                    files.map(path -> path.getFileName().toString()).filter(file -> file.endsWith(".class"))
                            .forEach(file -> names.add(PACKAGE + "." + file.substring(0, file.length() - 6)));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    Enumeration<JarEntry> entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        String entry = entries.nextElement().getName();
                        if (entry.startsWith(folder) && entry.endsWith(".class")
                                && entry.indexOf('/', folder.length()) < 0) {
                            names.add(entry.substring(0, entry.length() - 6).replace('/', '.'));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes of " + PACKAGE + " in " + location, e);
        }
        names.removeIf(name -> name.endsWith("package-info") || name.endsWith("module-info"));
        if (names.isEmpty()) {
            throw new IllegalStateException("no classes of " + PACKAGE + " found in " + location);
        }
        return names;
    }
}
