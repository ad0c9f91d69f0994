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
 * @param data        the data generator or the data file's records
 * @param tau         the public residual bound every cell uses
 * @param cells       the cells, in output order
 * @param dataSettings the number D of (n, noise) settings
 * @param replicates  replicates per cell after {@code --scale}
 * @param threads     worker threads
 * @param options     the run settings
 */
public record RegressionExperiment(RegressionConfig config, Geometry geometry, RegressionSource data,
        double tau, List<RegressionCell> cells, int dataSettings, int replicates, int threads, RunOptions options) {

    public RegressionExperiment {
        cells = List.copyOf(cells);
    }

    /**
     * The public bound M on one subject's records: each record is released at {@code epsilon / M} so that a subject
     * is protected at epsilon (group privacy, Dwork and Roth 2014, Thm 2.2); 1 when a record is the unit.
     */
    public int recordsPerSubject() {
        return data instanceof FileRegressionData file ? file.recordsPerSubject() : 1;
    }

    /** Whether the release's unit of privacy is a subject (a data file with a subject column). */
    public boolean subjectUnit() {
        return config.fileData() && config.data().subject() != null;
    }

    /** The unit of privacy every release protects, in words. */
    public String unitOfPrivacy() {
        if (!subjectUnit()) {
            return "one record (a (covariate, response) pair), replaced by any other pair of the public domain";
        }
        int m = recordsPerSubject();
        return String.format(java.util.Locale.ROOT, "one subject (column %s, up to %d records): adjacent datasets "
                + "differ in the records of one subject; each record is released at epsilon / %d (group privacy, "
                + "Dwork and Roth 2014, Thm 2.2)", config.data().subject(), m, m);
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
