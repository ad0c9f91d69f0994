package dev.manifolddp.experiments.spi;

import java.util.List;

/**
 * What an engine needs to draw an audit's releases elsewhere: the {@code mdp audit} arguments, from which every
 * worker rebuilds the same chunk tasks (the CLI's {@code Experiments.audit}).
 *
 * @param arguments the arguments after {@code audit}
 * @param master    the engine's cluster ({@code --master}), or null for the engine's default
 */
public record AuditJob(List<String> arguments, String master) {

    public AuditJob {
        arguments = List.copyOf(arguments);
    }
}
