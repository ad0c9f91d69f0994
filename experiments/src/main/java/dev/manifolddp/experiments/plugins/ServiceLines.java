package dev.manifolddp.experiments.plugins;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Checks every line of a plugin jar's {@code META-INF/services} files before {@link java.util.ServiceLoader} reads
 * them. ServiceLoader's own error for a line naming a missing class ("Provider x.Y not found") does not say which jar
 * holds the line, and with several jars in {@code --plugins} the user cannot tell which one to rebuild; here every
 * refusal names the jar, the services file, the line and what is wrong with it.
 */
final class ServiceLines {

    private static final String FOLDER = "META-INF/services/";

    private ServiceLines() {
    }

    /** Fails naming {@code jar} at its first services line that does not name a loadable provider of its service. */
    static void check(Path jar, ClassLoader loader) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (!entry.isDirectory() && name.startsWith(FOLDER) && name.length() > FOLDER.length()
                        && name.indexOf('/', FOLDER.length()) < 0) {
                    checkFile(jar, file, entry, name.substring(FOLDER.length()), loader);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--plugins: the plugin jar " + jar + " cannot be read (" + e.getMessage()
                    + "); rebuild it or remove it from the folder", e);
        }
    }

    private static void checkFile(Path jar, JarFile file, JarEntry entry, String service, ClassLoader loader)
            throws IOException {
        Class<?> type = load(service, loader);
        if (type == null) {
            return; // nothing here asks ServiceLoader for a service the application cannot even see
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(file.getInputStream(entry),
                StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                int comment = line.indexOf('#');
                String provider = (comment >= 0 ? line.substring(0, comment) : line).strip();
                if (provider.isEmpty()) {
                    continue;
                }
                String problem = problem(provider, type, loader);
                if (problem != null) {
                    throw new IllegalArgumentException(String.format("--plugins: the plugin jar %s, %s line %d: %s; "
                            + "fix the line and rebuild the jar, or remove the jar from the folder", jar,
                            entry.getName(), number, problem));
                }
            }
        }
    }

    /** What is wrong with one provider line, or null when it names a provider of {@code type}. */
    private static String problem(String provider, Class<?> type, ClassLoader loader) {
        if (!isBinaryName(provider)) {
            return "'" + provider + "' is not a Java class name";
        }
        Class<?> implementation;
        try {
            implementation = Class.forName(provider, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "the class " + provider + " is in no jar on the class path (" + e.getClass().getSimpleName()
                    + ")";
        }
        if (!type.isAssignableFrom(implementation)) {
            return "the class " + provider + " does not implement " + type.getName();
        }
        return null;
    }

    /** The service type, or null when it is not visible (a service of a library the application does not use). */
    private static Class<?> load(String service, ClassLoader loader) {
        try {
            return Class.forName(service, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static boolean isBinaryName(String name) {
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.codePointAt(0))
                    || !part.codePoints().allMatch(Character::isJavaIdentifierPart)) {
                return false;
            }
        }
        return true;
    }
}
