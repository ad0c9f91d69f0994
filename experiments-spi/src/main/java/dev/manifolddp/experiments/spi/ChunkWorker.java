package dev.manifolddp.experiments.spi;

import java.io.Serializable;

/**
 * Computes one chunk of an audit's releases in whatever JVM an engine sends it to, rebuilding the audit from the
 * command's public arguments there (once per JVM and audit).
 */
public interface ChunkWorker extends Serializable {

    /** The releases of chunk {@code chunk} of audited mechanism {@code target}, as the local audit computes them. */
    double[] chunk(int target, int chunk);

    /** Drops what this JVM cached for the audit; the engine calls it on the driver when it closes. */
    default void forget() {
    }
}
