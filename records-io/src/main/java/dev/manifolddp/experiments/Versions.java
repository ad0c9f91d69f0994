package dev.manifolddp.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The versions recorded with every result: the project's, the Java runtime's and the operating system's. */
public final class Versions {

    private Versions() {
    }

    /** The project version this build of the tool was made as (from a resource filtered by Maven). */
    public static String project() {
        try (InputStream in = Versions.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Project, Java and OS versions, for run.json. */
    public static Map<String, String> all() {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("manifolddp", project());
        versions.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vendor") + ")");
        versions.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        versions.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        return versions;
    }
}
