package dev.manifolddp.experiments.regressioncheck;

import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A validated regression-sensitivity check, ready to run: every domain accepted by {@code RegressionSensitivity}
 * (radius limit, injectivity radius, focal distance, tau) and every Delta computed; nothing drawn.
 *
 * <p><b>Streams.</b> Replicate r of cell c draws its dataset, its candidate (p, v), the replaced record and the
 * replacement candidates from stream {@code (c, r)} in that order, so results do not depend on the thread count.
 *
 * @param config     the configuration
 * @param domains    the geometries with their domains, in configuration order
 * @param cells      the (geometry, n) cells, in output order
 * @param replicates adjacent pairs per cell after {@code --scale}
 * @param threads    worker threads
 * @param options    the run settings
 */
public record RegressionSensitivityCheck(RegressionSensitivityConfig config, List<DomainCheck> domains,
        List<SensitivityCell> cells, int replicates, int threads, RunOptions options) {

    public RegressionSensitivityCheck {
        domains = List.copyOf(domains);
        cells = List.copyOf(cells);
    }

    /** The adjacent pairs the run draws. */
    public long pairs() {
        return (long) cells.size() * replicates;
    }

    UniformRandomProvider stream(SensitivityCell cell, int replicate) {
        return RandomStreams.seeded(config.seed()).stream(cell.index(), replicate);
    }

    /** The generator and the stream formula, for run.json. */
    public String describeStreams() {
        return RandomStreams.seeded(config.seed()).describe() + "; replicate r of cell c (geometry, n in "
                + "configuration order) draws from stream (c, r): the n records, the candidate (p, v), the replaced "
                + "index, then the candidates";
    }
}
