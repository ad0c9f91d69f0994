package dev.manifolddp.sampling.noise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * Pearson's chi-square goodness of fit of integer-keyed counts against an exact pmf, with every cell of expected count
 * below 20 pooled into one tail cell. Seeded callers are deterministic; with a random seed each assertion would fail
 * with probability {@link #ALPHA} when the sampler is right.
 */
final class ChiSquare {

    static final double ALPHA = 1e-3;

    private ChiSquare() {
    }

    static <K extends Comparable<K>> void assertFits(String what, Map<K, Long> counts, long n,
            ToDoubleFunction<K> pmf, Iterable<K> support) {
        double statistic = 0;
        double pooledExpected = n;
        long pooledObserved = n;
        int cells = 0;
        Map<K, Long> sorted = new TreeMap<>(counts);
        for (K key : support) {
            double expected = n * pmf.applyAsDouble(key);
            if (expected < 20) {
                continue;
            }
            long observed = sorted.getOrDefault(key, 0L);
            statistic += (observed - expected) * (observed - expected) / expected;
            pooledExpected -= expected;
            pooledObserved -= observed;
            cells++;
        }
        if (pooledExpected > 1) {
            statistic += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
            cells++;
        }
        double p = ChiSquaredDistribution.of(cells - 1).survivalProbability(statistic);
        assertThat(p).as("chi-square p-value of %s (%d cells, n = %d)", what, cells, n).isGreaterThanOrEqualTo(ALPHA);
    }
}
