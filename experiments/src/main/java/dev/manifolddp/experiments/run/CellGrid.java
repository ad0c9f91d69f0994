package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.spi.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a task for every (cell, replicate) pair on a fixed pool of daemon threads, stepping the progress bar after
 * each. Every task writes its own slot of the caller's result arrays and draws from its own seeded stream, so the
 * results do not depend on the thread count or the scheduling order. The first failure is rethrown as it was.
 */
public final class CellGrid {

    /** One (cell, replicate) task. */
    @FunctionalInterface
    public interface Task {
        void run(int cell, int replicate);
    }

    private CellGrid() {
    }

    /**
     * Runs {@code task} for cells {@code 0..cells-1} and replicates {@code 0..replicates-1}; closes
     * {@code progress}.
     */
    public static void run(int threads, String threadName, int cells, int replicates, Progress progress, Task task) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        try (progress) {
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < cells; c++) {
                for (int r = 0; r < replicates; r++) {
                    int cell = c;
                    int replicate = r;
                    futures.add(pool.submit(() -> {
                        task.run(cell, replicate);
                        progress.step();
                    }));
                }
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the run was interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error; // an OutOfMemoryError reaches mdp's one-line report as itself, not wrapped
            }
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }
}
