package dev.manifolddp.experiments.cli;

import picocli.CommandLine.Option;

/** {@code --debug}: print the stack trace with an error, on any command. */
public final class DebugOption {

    @Option(names = "--debug", description = "Print the stack trace when the command fails.")
    boolean debug;
}
