package dev.manifolddp.experiments.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What a one-shot command is doing, on one line of stderr rewritten in place, once it has run longer than a moment:
 * {@code mdp: reading points.csv ... 3 s}. A quick command prints nothing, and nothing is printed without a terminal
 * (a script's or a test's stderr). The phases name steps of the command (reading,
 * checking, drawing), never a value computed from the records, so the line says nothing about them but how long the
 * steps take, which the curator sees anyway. The line is cleared when the command ends, before its summary.
 */
final class PhaseLine implements AutoCloseable {

    /** How long a command runs before the line appears. */
    static final long DELAY_MILLIS = 1000;
    /** How often the line is rewritten. */
    private static final long PERIOD_MILLIS = 250;

    private final PrintStream err;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer;
    private volatile String phase = "";
    /** The length of the line last printed (0: nothing shown). */
    private int shown;

    private PhaseLine(PrintStream err, boolean enabled) {
        this.err = err;
        this.timer = enabled ? Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "mdp-phase-line");
            thread.setDaemon(true);
            return thread;
        }) : null;
        if (timer != null) {
            timer.scheduleAtFixedRate(this::show, DELAY_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** A phase line on {@code err}, shown only when {@code enabled} (the command runs on a terminal). */
    static PhaseLine on(PrintStream err, boolean enabled) {
        return new PhaseLine(err, enabled);
    }

    /** The step the command is now in, e.g. {@code "reading points.csv"}. */
    void phase(String what) {
        phase = what;
    }

    /** The line as it is shown after {@code seconds}: the phase and the seconds so far. */
    static String line(String phase, long seconds) {
        return String.format(Locale.ROOT, "mdp: %s ... %d s", phase, seconds);
    }

    private synchronized void show() {
        if (timer == null || timer.isShutdown()) {
            return;
        }
        String line = line(phase, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
        // pad over a longer previous line, then return to the line's start
        err.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())) + "\r");
        err.flush();
        shown = line.length();
    }

    /** Stops the line and clears it when it was shown. */
    @Override
    public synchronized void close() {
        if (timer == null) {
            return;
        }
        timer.shutdownNow();
        if (shown > 0) {
            err.print("\r" + " ".repeat(shown) + "\r");
            err.flush();
            shown = 0;
        }
    }
}
