package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.Versions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The opening fields every run.json shares, whatever the experiment kind: what ran (name, kind, the figure it
 * reproduces, the configuration and its file), with which software, and how it can be run again (seed, stream layout,
 * replicates and their scaling, threads).
 *
 * @param name        the configuration's name
 * @param kind        the experiment kind
 * @param reproduces  the paper figure it reproduces, or null
 * @param file        the configuration file, or null
 * @param document    the configuration as read
 * @param seed        the run's seed
 * @param streams     the stream layout's description
 * @param configured  replicates configured
 * @param scale       the --scale factor
 * @param run         replicates run
 */
public record RunHeader(String name, String kind, String reproduces, Path file, Object document, long seed,
        Object streams, int configured, double scale, int run) {

    /** The fields, in order, as a map to extend with the kind's own. */
    public Map<String, Object> toMap() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", name);
        root.put("kind", kind);
        root.put("reproduces", reproduces);
        root.put("configurationFile", file == null ? null : file.toAbsolutePath().normalize().toString());
        root.put("configuration", document);
        root.put("versions", Versions.all());
        root.put("seed", seed);
        root.put("streams", streams);
        Map<String, Object> replicates = new LinkedHashMap<>();
        replicates.put("configured", configured);
        replicates.put("scale", scale);
        replicates.put("run", run);
        root.put("replicates", replicates);
        return root;
    }
}
