package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.ArrayRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The command line run in process, for the Python package (python/manifolddp, through JPype) and any other caller in
 * the same JVM: {@link #run} executes exactly what {@code mdp ARGS} executes ({@link Mdp#execute}) and returns the
 * exit status and what the command printed, instead of exiting. A failure is the command's one-line message on
 * {@code err} (no stack trace unless {@code --debug}), and nothing the command prints is computed from the records
 * beyond what {@code mdp} itself prints.
 *
 * <p>Records may be handed over in memory instead of as a file: {@code --input array:NAME} then names the
 * {@link ArrayRecords} given to {@link #run(String[], ArrayRecords)}, and the release reads them in place of a CSV
 * file. Everything else (flags, calibration, the MCMC refusal, the ledger, the random source, the JSON written to
 * {@code --out}) is the command line's own code, so a seeded release equals {@code mdp release}'s byte for byte
 * apart from {@code input.file}, which names the array.
 */
public final class PythonBridge {

    /** The {@code --input} prefix of records handed over in memory. */
    public static final String ARRAY = "array:";

    /** The records of the call in progress on this thread (one call at a time per thread). */
    private static final ThreadLocal<ArrayRecords> HANDED = new ThreadLocal<>();

    /**
     * What a command did.
     *
     * @param status the exit status: 0 on success, {@link Mdp#FAILURE} or {@link Mdp#USAGE}
     * @param out    what it printed to standard output
     * @param err    what it printed to standard error (the one-line {@code mdp: error: ...} on failure)
     */
    public record Result(int status, String out, String err) {
    }

    private PythonBridge() {
    }

    /** Runs {@code mdp args} in this JVM. */
    public static Result run(String[] args) {
        return run(args, null);
    }

    /**
     * Runs {@code mdp args} in this JVM with {@code records} as the records of {@code --input array:NAME} (the
     * name must be {@code records.name()}); {@code records} may be null when the input is a file.
     */
    public static Result run(String[] args, ArrayRecords records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        HANDED.set(records);
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int status = Mdp.execute(args, o, e);
            o.flush();
            e.flush();
            return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            HANDED.remove();
        }
    }

    /**
     * {@code work} made to see, on whatever thread runs it (a command's worker pool), the records handed over on the
     * thread that calls this; the worker forgets them when the work ends.
     */
    static <T> java.util.concurrent.Callable<T> carryingHandedRecords(java.util.concurrent.Callable<T> work) {
        ArrayRecords records = HANDED.get();
        return () -> {
            ArrayRecords before = HANDED.get();
            HANDED.set(records);
            try {
                return work.call();
            } finally {
                if (before == null) {
                    HANDED.remove();
                } else {
                    HANDED.set(before);
                }
            }
        };
    }

    /** True when {@code input} names records handed over in memory ({@code array:NAME}). */
    static boolean isArray(String input) {
        return input != null && input.startsWith(ARRAY);
    }

    /**
     * The records handed over as {@code input}; refused when none were (a command typed at a shell) or under
     * another name.
     */
    static ArrayRecords handed(String input) {
        ArrayRecords records = HANDED.get();
        if (records == null || !records.name().equals(input)) {
            throw new IllegalArgumentException("--input " + input + ": no such array was handed over; array:NAME "
                    + "names records given in memory by the Python package (python/README.md); on the command line "
                    + "give a CSV file or dataset:NAME");
        }
        return records;
    }
}
