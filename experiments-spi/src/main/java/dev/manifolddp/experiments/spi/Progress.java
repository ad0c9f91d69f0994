package dev.manifolddp.experiments.spi;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr that appears only once a run has taken longer than a moment, so quick runs print
 * nothing. Disabled entirely when not asked for (no terminal, or {@code --quiet}). Thread-safe.
 */
public final class Progress implements AutoCloseable {

    /** How long a run goes before the bar appears. */
    static final long DELAY_NANOS = 1_000_000_000L;

    private final boolean enabled;
    private final long total;
    private final PrintStream stream;
    private final String task;
    private final long start = System.nanoTime();
    private long done;
    private ProgressBar bar;

    private Progress(boolean enabled, long total, PrintStream stream, String task) {
        this.enabled = enabled;
        this.total = total;
        this.stream = stream;
        this.task = task;
    }

    /** A bar over {@code total} replicates on {@code stream}, shown only when {@code enabled}. */
    public static Progress create(boolean enabled, long total, PrintStream stream) {
        return create(enabled, total, stream, "replicates");
    }

    /** A bar over {@code total} steps of {@code task} on {@code stream}, shown only when {@code enabled}. */
    public static Progress create(boolean enabled, long total, PrintStream stream, String task) {
        return new Progress(enabled, total, stream, task);
    }

    /** A progress report that never shows anything. */
    public static Progress none() {
        return new Progress(false, 0, null, "");
    }

    /** One step done. */
    public synchronized void step() {
        stepBy(1);
    }

    /** {@code steps} steps done. */
    public synchronized void stepBy(long steps) {
        done += steps;
        if (!enabled) {
            return;
        }
        if (bar == null) {
            long elapsed = System.nanoTime() - start;
            if (elapsed < DELAY_NANOS) {
                return;
            }
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(stream))
                    .setUpdateIntervalMillis(250).startsFrom(done - steps, java.time.Duration.ofNanos(elapsed))
                    .build();
        }
        bar.stepBy(steps);
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
