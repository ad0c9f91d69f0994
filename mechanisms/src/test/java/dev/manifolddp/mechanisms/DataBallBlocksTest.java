package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RecordBlocks;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * The ball check runs on all cores in blocks of records and words its refusal as one loop over the records would: the
 * first record that is not a point, else the count of records outside with the first ten in row order.
 */
class DataBallBlocksTest {

    private static final Geometry SPHERE = Fixtures.sphere();
    private static final int N = 3 * RecordBlocks.SIZE + 5;

    private static double[][] inside() {
        double[][] points = new double[N][];
        Arrays.fill(points, Fixtures.northPole());
        return points;
    }

    private static void check(double[][] points, int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(() -> DataBall.declared(Fixtures.northPole(), 0.5).requireContains(SPHERE, points)).join();
        } catch (RuntimeException e) {
            // the pool re-creates a task's exception on the joining thread, the original as its cause
            throw e.getCause() instanceof IllegalArgumentException original ? original : e;
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void recordsOutsideInSeveralBlocksAreCountedAndListedInRowOrder() {
        double[][] points = inside();
        double[] south = {0, 0, -1};
        // three in the last block, then twelve in the first: the first ten listed are rows 1..10
        for (int i : new int[] {N - 1, N - 2, N - 3}) {
            points[i] = south;
        }
        for (int i = 0; i < 12; i++) {
            points[i] = south;
        }
        for (int threads : new int[] {1, 3}) {
            assertThatThrownBy(() -> check(points, threads)).hasMessageStartingWith("15 of " + N + " records lie "
                    + "outside the declared ball of radius 0.500000 (row 1 at distance 3.14159, row 2 at distance "
                    + "3.14159").hasMessageContaining("row 10 at distance 3.14159, ...)").hasMessageNotContaining(
                    "row 11 ");
        }
    }

    @Test
    void theFirstRecordThatIsNotAPointIsTheOneNamed() {
        double[][] points = inside();
        points[N - 1] = new double[] {0, 0, 2};
        points[RecordBlocks.SIZE + 7] = new double[] {0, 0, 3};
        points[5] = new double[] {0, 0, -1}; // outside, but a record that is not a point comes first
        for (int threads : new int[] {1, 3}) {
            assertThatThrownBy(() -> check(points, threads)).hasMessageContaining("record " + (RecordBlocks.SIZE + 8));
        }
        assertThatCode(() -> check(inside(), 2)).doesNotThrowAnyException();
    }
}
