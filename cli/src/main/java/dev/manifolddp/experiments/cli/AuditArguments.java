package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.audit.AuditTasks;
import dev.manifolddp.experiments.spi.ChunkWorker;
import java.util.List;
import picocli.CommandLine;

/**
 * The chunk worker of {@code mdp audit --engine NAME}: on whatever JVM the engine runs it, it parses the command's
 * arguments again, as {@link AuditCommand} did on the driver (once per JVM and argument list), and computes the chunk
 * with the same {@link AuditTasks}.
 *
 * @param arguments the arguments after {@code audit}
 */
record AuditArguments(List<String> arguments) implements ChunkWorker {

    private static final long serialVersionUID = 1L;

    /** The audit of the last arguments this JVM saw. */
    private static List<String> cachedArguments;
    private static AuditTasks cached;

    AuditArguments {
        arguments = List.copyOf(arguments);
    }

    @Override
    public double[] chunk(int target, int chunk) {
        return tasks(arguments).chunk(target, chunk);
    }

    @Override
    public void forget() {
        synchronized (AuditArguments.class) {
            cached = null;
            cachedArguments = null;
        }
    }

    private static synchronized AuditTasks tasks(List<String> arguments) {
        if (cached == null || !cachedArguments.equals(arguments)) {
            AuditCommand command = new AuditCommand();
            new CommandLine(command).parseArgs(arguments.toArray(String[]::new));
            cached = command.tasks();
            cachedArguments = arguments;
        }
        return cached;
    }
}
