package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.output.pictures.Pictures;
import dev.manifolddp.experiments.output.pictures.ReleasePicture;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.plugins.Graphs;
import dev.manifolddp.experiments.plugins.PluginJars;
import dev.manifolddp.experiments.plugins.ProviderEntry;
import dev.manifolddp.experiments.plugins.ProviderKind;
import dev.manifolddp.geometry.ParameterSpec;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code mdp list}: every discovered component with its parameters and the jar it came from. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every geometry, estimator, mechanism, data generator and utility measure found, with "
                + "its parameters and source jar, and the pictures a configuration can ask for.")
final class ListCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Mixin
    PluginsOption plugins;

    @Override
    public Integer call() {
        return plugins.run(null, root -> {
            list(Graphs.instance(root, Components.class).entries(), Graphs.instance(root, PluginJars.class));
            return 0;
        });
    }

    private void list(List<ProviderEntry> entries, PluginJars jars) {
        for (ProviderKind kind : ProviderKind.values()) {
            parent.out.println(kind.heading() + ":");
            List<ProviderEntry> ofKind = entries.stream().filter(e -> e.kind() == kind).toList();
            if (ofKind.isEmpty()) {
                parent.out.println("  (none)");
            }
            for (ProviderEntry entry : ofKind) {
                parent.out.println("  " + entry.name() + (entry.aliases().isEmpty() ? ""
                        : " (alias " + String.join(", ", entry.aliases()) + ")") + " - " + entry.description());
                for (ParameterSpec parameter : entry.parameters()) {
                    parent.out.println("      " + parameter);
                }
                parent.out.println("      from " + entry.source() + (jars.isPlugin(entry.source()) ? " (plugin)"
                        : ""));
            }
            parent.out.println();
        }
        // the pictures a configuration's pictures section names (built in, not plugged)
        parent.out.println("Pictures (pictures: show: [NAME]):");
        for (ReleasePicture picture : Pictures.all()) {
            parent.out.println("  " + picture.name() + " - " + picture.description());
        }
        parent.out.println();
    }
}
