package dev.manifolddp.experiments.spi;

import java.util.Objects;

/**
 * What an engine needs to draw an audit's releases elsewhere ({@link RunEngine#audit}).
 *
 * @param worker computes one chunk wherever the engine puts it
 * @param master the engine's cluster ({@code --master}), or null for the engine's default
 */
public record AuditJob(ChunkWorker worker, String master) {

    public AuditJob {
        Objects.requireNonNull(worker, "worker");
    }
}
