package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.spi.Registry;
import dev.manifolddp.spi.Spec;
import dev.manifolddp.utility.Measurement;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one registry and the one specification parser, as every kind of provider uses them. */
class ProviderRegistryTest {

    @TempDir
    Path folder;

    /** Packs the test classes named {@code classes} and a services file listing {@code provider} into a jar. */
    private Path jar(String name, String provider, String... classes) throws IOException {
        Path jar = folder.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String simpleName : classes) {
                out.putNextEntry(new JarEntry("dev/manifolddp/geometry/" + simpleName + ".class"));
                try (InputStream in = FlatProvider.class.getResourceAsStream(simpleName + ".class")) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + GeometryProvider.class.getName()));
            out.write((provider + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    /** Loads the flat providers from its own jars, not from the test class path (child-first for those classes). */
    private static final class JarFirst extends URLClassLoader {
        JarFirst(URL... jars) {
            super("jar-first", jars, ProviderRegistryTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.contains("FlatProvider")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }
    }

    @Test
    void twoJarsClaimingOneNameAreAnErrorNamingBothJars() throws IOException {
        Path first = jar("flat.jar", PublicFlatProvider.class.getName(), "FlatProvider", "FlatProvider$Flat",
                "PublicFlatProvider");
        Path second = jar("shadow.jar", ShadowFlatProvider.class.getName(), "ShadowFlatProvider");
        try (JarFirst loader = new JarFirst(first.toUri().toURL(), second.toUri().toURL())) {
            assertThatThrownBy(() -> GeometryProvider.registry(loader)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("two geometry providers claim the name 'euclidean'")
                    .hasMessageContaining(PublicFlatProvider.class.getName() + " from " + first.toUri().toURL())
                    .hasMessageContaining(ShadowFlatProvider.class.getName() + " from " + second.toUri().toURL())
                    .hasMessageEndingWith("remove one of the jars");
        }
        try (JarFirst alone = new JarFirst(first.toUri().toURL())) {
            Registry<GeometryProvider> found = GeometryProvider.registry(alone);
            assertThat(found.names()).containsExactly("euclidean", "flat");
            assertThat(Registry.source(found.provider("flat").getClass())).isEqualTo(first.toUri().toURL()
                    .toString());
        }
    }

    @Test
    void unknownNamesListEveryKnownNameAndAlias() {
        Registry<GeometryProvider> geometries = Registry.of(GeometryProvider.KIND, List.of(new FlatProvider()));
        assertThatThrownBy(() -> geometries.provider("torus")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown geometry 'torus'; known geometries: euclidean, flat");
        assertThatThrownBy(() -> Registry.of(GeometryProvider.KIND, List.<GeometryProvider>of()).provider("flat"))
                .hasMessage("unknown geometry 'flat'; known geometries: none (no geometry jar on the class path)");
        assertThat(geometries.provider(" euclidean ")).as("names are trimmed").isSameAs(geometries.provider("flat"));
    }

    @Test
    void otherKindsUseTheirOwnWords() {
        UtilityMeasure gap = new UtilityMeasure() {
            @Override
            public String name() {
                return "gap";
            }

            @Override
            public String description() {
                return "the first coordinate's gap";
            }

            @Override
            public Measurement measure(Geometry geometry, double[] release, double[] estimate) {
                return Measurement.exact(Math.abs(release[0] - estimate[0]));
            }
        };
        Registry<UtilityMeasure> measures = Registry.of(UtilityMeasure.KIND, List.of(gap));
        assertThatThrownBy(() -> measures.provider("gaps")).hasMessage(
                "unknown utility measure 'gaps'; known utility measures: gap");
        assertThat(measures.provider("gap").create(Map.of())).as("a measure is its own provider").isSameAs(gap);
        assertThatThrownBy(() -> gap.create(Map.of("scale", "2"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("utility measure 'gap' has no parameter 'scale'; it accepts: no parameters");
    }

    @Test
    void specificationsParseToANameAndOrderedParameters() {
        Spec spec = Spec.parse("geometry", "sphere:d=2", " spd/affine-invariant : k = 3 , scale=2 ");
        assertThat(spec.name()).isEqualTo("spd/affine-invariant");
        assertThat(spec.parameters()).containsExactly(Map.entry("k", "3"), Map.entry("scale", "2"));
        assertThat(Spec.parse("mechanism", "kng", "kng").parameters()).isEmpty();
        assertThat(Spec.parse("mechanism", "kng", "kng:").parameters()).isEmpty();
        assertThat(Spec.parse("mechanism", "kng", "kng:sigma-rule=scaled:2").parameters())
                .as("only the first colon separates the name").containsEntry("sigma-rule", "scaled:2");
    }

    @Test
    void specificationErrorsNameTheKey() {
        assertThatThrownBy(() -> Spec.parse("geometry", "sphere:d=2", "sphere:d=")).hasMessageStartingWith(
                "geometry parameter 'd' has no value; write d=VALUE");
        assertThatThrownBy(() -> Spec.parse("mechanism", "kng", "kng:thin=1,thin=2")).hasMessageStartingWith(
                "mechanism parameter 'thin' is given twice");
        assertThatThrownBy(() -> Spec.parse("mechanism", "kng", "kng:thin")).hasMessageStartingWith(
                "mechanism parameters are written key=value, separated by commas; 'thin' is not");
        assertThatThrownBy(() -> Spec.parse("geometry", "sphere:d=2", " ")).hasMessage(
                "a geometry specification is needed, e.g. 'sphere:d=2'. Provided value: ' '");
        assertThatThrownBy(() -> Spec.parse("geometry", "sphere:d=2", ":d=2")).hasMessageStartingWith(
                "the geometry specification has no name before ':'");
        Registry<GeometryProvider> geometries = Registry.of(GeometryProvider.KIND, List.of(new FlatProvider()));
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:radius=1")).hasMessageStartingWith(
                "geometry 'flat' has no parameter 'radius'; it accepts: n (default 2)");
    }
}
