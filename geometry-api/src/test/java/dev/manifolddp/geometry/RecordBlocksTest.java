package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The blocks cover the records once each, in fixed places that depend on n alone, and every block runs once. */
class RecordBlocksTest {

    @Test
    void theBlocksCoverTheRecordsOnceInPlacesFixedByN() {
        int size = RecordBlocks.SIZE;
        assertThat(RecordBlocks.count(0)).isEqualTo(1);
        assertThat(RecordBlocks.count(size)).isEqualTo(1);
        assertThat(RecordBlocks.count(size + 1)).isEqualTo(2);
        assertThat(RecordBlocks.count(Integer.MAX_VALUE))
                .isEqualTo((int) ((Integer.MAX_VALUE + (long) size - 1) / size));
        for (int n : new int[] {0, 1, size - 1, size, size + 1, 5 * size + 17}) {
            int next = 0;
            for (int b = 0; b < RecordBlocks.count(n); b++) {
                assertThat(RecordBlocks.from(b)).as("n = %d, block %d", n, b).isEqualTo(next);
                next = RecordBlocks.to(b, n);
                assertThat(next - RecordBlocks.from(b)).isBetween(Math.min(n, 1), size);
            }
            assertThat(next).as("n = %d", n).isEqualTo(n);
        }
    }

    @Test
    void everyBlockRunsOnceOnAnyNumberOfThreads() {
        for (int threads = 1; threads <= 3; threads++) {
            AtomicIntegerArray runs = new AtomicIntegerArray(7);
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                pool.submit(() -> RecordBlocks.forEach(7, runs::incrementAndGet)).join();
            } finally {
                pool.shutdown();
            }
            for (int b = 0; b < 7; b++) {
                assertThat(runs.get(b)).as("%d threads, block %d", threads, b).isEqualTo(1);
            }
        }
    }

    @Test
    void blockSumsFromElsewhereAreCheckedNamingTheMissingOrShortBlock() {
        assertThat(RecordBlocks.requireSums(new double[][] {new double[4], new double[5]}, 4)).isEqualTo(2);
        assertThatThrownBy(() -> RecordBlocks.requireSums(new double[0][], 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no blocks");
        assertThatThrownBy(() -> RecordBlocks.requireSums(null, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> RecordBlocks.requireSums(new double[][] {new double[4], null}, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sums[1]")
                .hasMessageContaining("null");
        assertThatThrownBy(() -> RecordBlocks.requireSums(new double[][] {new double[4], new double[3]}, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sums[1] must hold at least 4")
                .hasMessageContaining("3 entries");
    }
}
