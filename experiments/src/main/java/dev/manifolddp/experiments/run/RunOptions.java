package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.spi.Workers;
import java.nio.file.Path;

/**
 * Command-line settings of a run that are not part of the experiment's configuration.
 *
 * @param scale    multiplies every replicate count (at least one replicate remains); 1 for the configured size
 * @param threads  worker threads overriding the configuration's, or null; 0 means all cores
 * @param out      the output folder, or null for {@code results/<name>}
 * @param progress show a progress bar on stderr for runs longer than a moment
 */
public record RunOptions(double scale, Integer threads, Path out, boolean progress) {

    public RunOptions {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("--scale must be a finite number > 0 (e.g. 0.1 for a tenth of the "
                    + "replicates). Provided value: " + scale);
        }
        if (threads != null && (threads < 0 || threads > Limits.MAX_THREADS)) {
            throw new IllegalArgumentException(String.format("--threads must be in [0, %d] (0 = one per core). "
                    + "Provided value: %d", Limits.MAX_THREADS, threads));
        }
    }

    /** The configured size, configured threads, default folder, no progress bar. */
    public static RunOptions defaults() {
        return new RunOptions(1.0, null, null, false);
    }

    /**
     * The worker threads of a run: {@code --threads} when given, else the configuration's, 0 meaning one per core.
     * The one place every kind of run resolves them.
     */
    public int threads(int configured) {
        return Workers.resolve(this.threads != null ? this.threads : configured);
    }

    /**
     * The scaled replicate count of a run with {@code cells} cells that keeps one row per (cell, replicate), checked
     * against the release limit ({@link Limits#releases}); a refusal names {@code replicates} or {@code --scale}.
     */
    public int checkedReplicates(int configured, int cells) {
        int replicates = scaledReplicates(configured);
        Limits.releases(cells, replicates, 1, scale == 1 ? "replicates" : "--scale");
        return replicates;
    }

    /** The replicate count after scaling: {@code max(1, round(replicates * scale))}. */
    public int scaledReplicates(int replicates) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(replicates * scale)));
    }
}
