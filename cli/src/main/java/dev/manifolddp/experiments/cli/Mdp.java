package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.Versions;
import dev.manifolddp.experiments.data.JavaHeap;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParseResult;

/**
 * The {@code mdp} command line: {@code run}, {@code validate}, {@code list}, {@code release}, {@code audit}, {@code plan}, {@code budget} and {@code describe}. A failure prints
 * one line {@code mdp: error: ...} to stderr and exits with status 1 (2 for a malformed command line);
 * {@code --debug} adds the stack trace.
 */
@Command(name = "mdp", mixinStandardHelpOptions = true, versionProvider = Mdp.Version.class,
        description = "Differentially private statistics on Riemannian manifolds: experiments and releases.")
public final class Mdp implements Runnable {

    /**
     * The subcommands, in the order {@code mdp --help} lists them. They are registered by {@link #commandLine}, not
     * by the {@code @Command} annotation, so that a command builds the model of its own options only: picocli builds
     * a subcommand's model by reflection over all its options when it is registered, which for all eight took about
     * 0.25 s of every start (docs/scale.md, "Start-up").
     */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    /** Exit status of a command that failed on its input (bad file, bad configuration, impossible budget...). */
    public static final int FAILURE = 1;
    /** Exit status of a malformed command line. */
    public static final int USAGE = 2;

    @Mixin
    DebugOption debug;

    final PrintStream out;
    final PrintStream err;

    Mdp(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        commandLine(this, new String[0]).usage(out);
    }

    /**
     * The command line of {@code mdp ARGS}: with every subcommand when ARGS name none of them (no arguments, {@code
     * --help}, {@code help}, a misspelt name, so the usage and the suggestions list them all), otherwise with the one
     * they name, the first argument that is not an option of {@code mdp} itself. Parsing, help and errors are those of
     * the full command line: an argument that names a subcommand is that subcommand's for picocli too.
     */
    static CommandLine commandLine(Mdp mdp, String[] args) {
        CommandLine commandLine = new CommandLine(mdp);
        Class<?> named = null;
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                named = SUBCOMMANDS.get(arg);
                break;
            }
        }
        if (named != null) {
            commandLine.addSubcommand(named);
        } else {
            for (Class<?> subcommand : SUBCOMMANDS.values()) {
                commandLine.addSubcommand(subcommand);
            }
        }
        return commandLine;
    }

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> subcommands = new LinkedHashMap<>();
        for (Class<?> subcommand : List.of(RunCommand.class, ValidateCommand.class, ListCommand.class,
                ReleaseCommand.class, AuditCommand.class, PlanCommand.class, BudgetCommand.class, DescribeCommand.class,
                CommandLine.HelpCommand.class)) {
            subcommands.put(subcommand.getAnnotation(Command.class).name(), subcommand);
        }
        return Collections.unmodifiableMap(subcommands);
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs the command line with the given streams and returns the exit status (for tests and {@link #main}). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        if (args == null || out == null || err == null) {
            throw new IllegalArgumentException("Mdp.execute needs the arguments and both streams; pass an empty array "
                    + "for no arguments. Provided value: args " + (args == null ? "null" : "given") + ", out "
                    + (out == null ? "null" : "given") + ", err " + (err == null ? "null" : "given"));
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        CommandLine commandLine = commandLine(new Mdp(out, err), args);
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            err.println("mdp: error: " + oneLine(exception));
            if (debugRequested(parseResult)) {
                exception.printStackTrace(err);
            }
            return FAILURE;
        });
        commandLine.setParameterExceptionHandler((exception, arguments) -> {
            CommandLine failed = exception.getCommandLine();
            err.println("mdp: error: " + oneLine(exception) + " (see: mdp "
                    + (failed.getParent() == null ? "" : failed.getCommandName() + " ") + "--help)");
            return USAGE;
        });
        try {
            return commandLine.execute(args);
        } catch (OutOfMemoryError e) {
            // last resort (a data file's read refuses what it cannot hold, naming the file): one line, not a trace
            err.println("mdp: error: the command ran out of memory within this Java runtime's maximum heap of "
                    + JavaHeap.megabytes(JavaHeap.max()) + "; give Java more memory, e.g. "
                    + JavaHeap.howToGive(2 * JavaHeap.max()) + ", or use a smaller input");
            if (java.util.Arrays.asList(args).contains("--debug")) {
                e.printStackTrace(err);
            }
            return FAILURE;
        }
    }

    private static boolean debugRequested(ParseResult parseResult) {
        for (CommandLine command : parseResult.asCommandLineList()) {
            if (command.getParseResult() != null && command.getParseResult().hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    /** The exception's message on one line (its class name when it has none). */
    static String oneLine(Throwable exception) {
        String message = exception.getMessage();
        if (message == null || message.isBlank()) {
            message = exception.getClass().getSimpleName();
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    /** {@code mdp --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"mdp " + Versions.project() + " (Java " + System.getProperty("java.version") + ")"};
        }
    }
}
