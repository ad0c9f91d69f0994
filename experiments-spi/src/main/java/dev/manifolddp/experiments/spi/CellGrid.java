package dev.manifolddp.experiments.spi;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one task grid of every study: runs a task for every (cell, replicate) pair on a fixed pool of daemon worker
 * threads, which take the pairs in order (cell-major) and step the progress bar after each. Every task writes its own
 * slot of the caller's results and draws from its own seeded streams, so the results do not depend on the thread count
 * or the scheduling. The first failure stops the workers (no new task starts) and is rethrown as it was thrown; an
 * {@link OutOfMemoryError} leaves as itself, so that mdp's one-line report can say how to give Java more heap. A study
 * that reports other errors its own way catches them in its task.
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
     * Runs {@code task} for cells {@code 0..cells-1} and replicates {@code 0..replicates-1} on at most {@code threads}
     * workers named {@code threadName}, with the caller's context class loader; closes {@code progress}.
     */
    public static void run(int threads, String threadName, int cells, int replicates, Progress progress, Task task) {
        run(threads, threadName, Thread.currentThread().getContextClassLoader(), cells, replicates, progress, task);
    }

    /**
     * As {@link #run(int, String, int, int, Progress, Task)}, the workers' context class loader {@code loader} (the
     * plugin loader, so that components that look providers up through it see the plugins too).
     */
    public static void run(int threads, String threadName, ClassLoader loader, int cells, int replicates,
            Progress progress, Task task) {
        int tasks = Math.multiplyExact(cells, replicates);
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicReference<Error> error = new AtomicReference<>();
        int workers = Math.max(1, Math.min(threads, tasks));
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            thread.setContextClassLoader(loader);
            return thread;
        });
        try (progress) {
            for (int w = 0; w < workers; w++) {
                pool.execute(() -> {
                    int index;
                    while (failure.get() == null && error.get() == null
                            && (index = next.getAndIncrement()) < tasks) {
                        try {
                            task.run(index / replicates, index % replicates);
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e);
                            return;
                        } catch (Error e) {
                            error.compareAndSet(null, e);
                            return;
                        }
                        progress.step();
                    }
                });
            }
            pool.shutdown();
            while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
                // wait; workers stop early once a failure is recorded
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("the run was interrupted");
            cancelled.initCause(e);
            throw cancelled;
        }
        if (error.get() != null) {
            throw error.get();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
