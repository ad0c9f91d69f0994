package dev.manifolddp.engines.spark;

import dev.manifolddp.experiments.run.WarningLog;
import java.io.Serializable;
import java.util.List;

/**
 * What one block sends back to the driver.
 *
 * @param block    the block's index
 * @param records  its records, {@link RecordCodec encoded}
 * @param warnings its releases' warnings, deduplicated with their first task
 */
record BlockResult(int block, byte[] records, List<WarningLog.Occurrence> warnings) implements Serializable {

    BlockResult {
        warnings = List.copyOf(warnings);
    }
}
