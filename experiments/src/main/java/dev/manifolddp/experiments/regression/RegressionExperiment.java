package dev.manifolddp.experiments.regression;

import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A validated private geodesic regression experiment, ready to run: every cell's mechanism is built (which checks the
 * public domain) and its noise scale computed; nothing has been drawn.
 *
 * <p><b>Streams.</b> With D dataset settings (n, noise), replicate r of cell c draws its dataset from stream
 * {@code (dataIndex(c), r)}, shared by every budget and method (common random numbers: the curves over epsilon are
 * compared on the same datasets), and its release from stream {@code (D + c, r)}. Results do not depend on the
 * thread count.
 *
 * @param config      the configuration
 * @param geometry    the geometry
 * @param data        the data generator
 * @param tau         the public residual bound every cell uses
 * @param cells       the cells, in output order
 * @param dataSettings the number D of (n, noise) settings
 * @param replicates  replicates per cell after {@code --scale}
 * @param threads     worker threads
 * @param options     the run settings
 */
public record RegressionExperiment(RegressionConfig config, Geometry geometry, SyntheticGeodesicData data,
        double tau, List<RegressionCell> cells, int dataSettings, int replicates, int threads, RunOptions options) {

    public RegressionExperiment {
        cells = List.copyOf(cells);
    }

    /** The releases the run makes. */
    public long releases() {
        return (long) cells.size() * replicates;
    }

    UniformRandomProvider dataStream(RegressionCell cell, int replicate) {
        return RandomStreams.seeded(config.seed()).stream(cell.dataIndex(), replicate);
    }

    UniformRandomProvider releaseStream(RegressionCell cell, int replicate) {
        return RandomStreams.seeded(config.seed()).stream((long) dataSettings + cell.index(), replicate);
    }

    /** The generator and the stream formula, for run.json. */
    public String describeStreams() {
        return RandomStreams.seeded(config.seed()).describe() + "; replicate r of cell c: dataset from stream "
                + "(dataIndex(c), r), one per (n, noise) setting, shared by every budget and method; release from "
                + "stream (D + c, r), D = " + dataSettings;
    }
}
