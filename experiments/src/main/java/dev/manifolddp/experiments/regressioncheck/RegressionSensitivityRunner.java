package dev.manifolddp.experiments.regressioncheck;

import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Progress;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every (cell, replicate) of a {@link RegressionSensitivityCheck} on a fixed pool of threads. Each task draws
 * from its own seeded stream and writes into its own slot, so the results do not depend on the thread count.
 */
public final class RegressionSensitivityRunner {

    private RegressionSensitivityRunner() {
    }

    /**
     * The outcome: {@code outcomes.get(c)[r]} is replicate r of cell c.
     *
     * @param check       what was run
     * @param outcomes    the largest gradient differences per cell and replicate
     * @param wallSeconds the run's wall time
     */
    public record Result(RegressionSensitivityCheck check, List<AdjacentPair.Outcome[]> outcomes,
            double wallSeconds) {
    }

    /** Runs everything; a failing replicate fails the run with its cell and replicate named. */
    public static Result run(RegressionSensitivityCheck check, Progress progress) {
        long start = System.nanoTime();
        List<AdjacentPair.Outcome[]> outcomes = new ArrayList<>();
        for (int c = 0; c < check.cells().size(); c++) {
            outcomes.add(new AdjacentPair.Outcome[check.replicates()]);
        }
        CellGrid.run(check.threads(), "mdp-regression-sensitivity", check.cells().size(), check.replicates(),
                progress, (cell, replicate) -> outcomes.get(cell)[replicate] = replicate(check,
                        check.cells().get(cell), replicate));
        return new Result(check, outcomes, (System.nanoTime() - start) / 1e9);
    }

    private static AdjacentPair.Outcome replicate(RegressionSensitivityCheck check, SensitivityCell cell,
            int replicate) {
        try {
            return AdjacentPair.draw(cell, check.config().candidates(), check.stream(cell, replicate));
        } catch (RuntimeException e) {
            throw new IllegalStateException(String.format("cell %d (%s, n = %d), replicate %d failed: %s",
                    cell.index(), cell.domain().label(), cell.n(), replicate, e.getMessage()), e);
        }
    }
}
