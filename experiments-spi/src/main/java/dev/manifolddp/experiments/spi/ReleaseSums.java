package dev.manifolddp.experiments.spi;

import dev.manifolddp.geometry.Geometry;

/**
 * Where one release's sums over records run ({@code mdp release --engine NAME}): the release's geometry with kernels
 * ({@link dev.manifolddp.geometry.HessianSums}, {@link dev.manifolddp.geometry.LogSums}) whose per-block sums an
 * engine computes elsewhere and adds here in block order, so the release has the local one's bytes. Closing it ends
 * the engine's session (its cached blocks, its cluster connection).
 */
public interface ReleaseSums extends AutoCloseable {

    /** The geometry to release on: the given one, its sums over records computed by the engine. */
    Geometry geometry();

    /** One line for the console: where the sums ran and how many jobs they took. */
    String summary();

    @Override
    void close();
}
