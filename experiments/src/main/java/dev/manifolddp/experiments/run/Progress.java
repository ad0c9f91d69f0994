package dev.manifolddp.experiments.run;

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
    private final long start = System.nanoTime();
    private long done;
    private ProgressBar bar;

    private Progress(boolean enabled, long total, PrintStream stream) {
        this.enabled = enabled;
        this.total = total;
        this.stream = stream;
    }

    /** A bar over {@code total} steps on {@code stream}, shown only when {@code enabled}. */
    public static Progress create(boolean enabled, long total, PrintStream stream) {
        return new Progress(enabled, total, stream);
    }

    /** A progress report that never shows anything. */
    public static Progress none() {
        return new Progress(false, 0, null);
    }

    /** One step done. */
    public synchronized void step() {
        done++;
        if (!enabled) {
            return;
        }
        if (bar == null) {
            long elapsed = System.nanoTime() - start;
            if (elapsed < DELAY_NANOS) {
                return;
            }
            bar = new ProgressBarBuilder().setTaskName("replicates").setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(stream))
                    .setUpdateIntervalMillis(250).startsFrom(done - 1, java.time.Duration.ofNanos(elapsed))
                    .build();
        }
        bar.step();
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
