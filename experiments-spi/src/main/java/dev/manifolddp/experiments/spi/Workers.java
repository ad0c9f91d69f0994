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
}
