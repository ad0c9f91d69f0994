package dev.manifolddp.experiments;

import dev.manifolddp.experiments.cli.PythonBridge;

/** Runs the mdp command line in-process ({@link PythonBridge#run}) and captures its exit status, stdout and stderr. */
public record Cli(int exit, String out, String err) {

    public static Cli run(String... args) {
        PythonBridge.Result result = PythonBridge.run(args);
        return new Cli(result.status(), result.out(), result.err());
    }

    /** The stderr lines. */
    public java.util.List<String> errLines() {
        return err.lines().toList();
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
