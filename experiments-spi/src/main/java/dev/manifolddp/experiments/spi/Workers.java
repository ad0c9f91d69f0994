package dev.manifolddp.experiments.spi;

/**
 * The worker-thread limit every part of the tool accepts (runs, audits, plans, engines), in one place below both the
 * research runner and the privacy tool, so that {@code threads} and {@code --threads} mean the same everywhere.
 */
public final class Workers {

    /** Worker threads ({@code threads}, {@code --threads}); far above any machine the runs were made on. */
    public static final long MAX_THREADS = 1024;

    private Workers() {
    }

    /**
     * The worker threads a checked setting asks for: 0 means one per core, any other value is itself. The one place
     * that turns "0 = all cores" into a number, for runs ({@code threads}, {@code --threads}) and commands alike.
     */
    public static int resolve(int threads) {
        return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    }
}
