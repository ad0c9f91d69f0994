package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.spi.Workers;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The largest sizes a run accepts, checked before anything is allocated, so that a typo ({@code thin: 2147483647},
 * {@code --scale 1e9}, a 16-axis sweep) fails in a second with a message naming the key, the value, the limit and
 * what to do, instead of an OutOfMemoryError or a run that never ends. Counts are multiplied with
 * {@link Math#multiplyExact} and compared with the limit at every step, so no product overflows. The limits are far
 * above the papers' runs (the largest shipped configuration makes 280 000 releases) and are listed in the README.
 */
public final class Limits {

    /** Replicates per cell, after {@code --scale}. */
    public static final long MAX_REPLICATES = 10_000_000;
    /** Worker threads ({@code threads}, {@code --threads}): the tool-wide {@link Workers#MAX_THREADS}. */
    public static final long MAX_THREADS = Workers.MAX_THREADS;
    /** Values of one sweep axis. */
    public static final long MAX_AXIS_VALUES = 10_000;
    /** Cells of the sweep (the product of the axes' lengths). */
    public static final long MAX_CELLS = 100_000;
    /** Entries of the mechanisms list. */
    public static final long MAX_MECHANISMS = 100;
    /** Records per replicate (the n axis). */
    public static final long MAX_N = 10_000_000;
    /** Releases of a run (cells x replicates x mechanisms): the runner keeps one record of each in memory. */
    public static final long MAX_RELEASES = 100_000_000;
    /**
     * Heap bytes the runner keeps per release (its record, the utility values and the sampler report), plus
     * {@link #BYTES_PER_MEASUREMENT} per utility measure: a generous estimate for the check against the JVM's heap.
     */
    public static final long BYTES_PER_RELEASE = 160;
    /** Heap bytes per utility value of a release. */
    public static final long BYTES_PER_MEASUREMENT = 40;
    /** Boundary points per circle of a sensitivity check, after {@code --scale}. */
    public static final long MAX_GRID = 10_000;

    /**
     * Limits of the numeric mechanism parameters that set the work of one release (stock mechanisms and any plugin
     * that uses the same names): Metropolis-Hastings steps and chains, the exact sampler's fixed proposal count.
     */
    public static final Map<String, Long> MECHANISM_PARAMETERS = Map.of(
            "burn-in", 100_000_000L,
            "thin", 10_000_000L,
            "chains", 64L,
            "proposal-budget", 100_000_000L);

    private Limits() {
    }

    /**
     * The integer a text holds, saturated at {@code Long.MAX_VALUE} (so {@code 99999999999999999999} is "too large",
     * not "not a number"), or null when it is not an integer.
     */
    public static Long integer(String text) {
        try {
            return new BigInteger(text.trim()).min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Fails at {@code path} when {@code value} exceeds {@code limit}; {@code advice} says what to do instead. */
    public static void require(String path, String what, long value, long limit, String advice) {
        if (value > limit) {
            throw new ConfigException(path, String.format(Locale.ROOT, "%s is at most %,d; %s. Provided value: %,d",
                    what, limit, advice, value));
        }
    }

    /**
     * The number of cells of a sweep with these axis lengths, failing at {@code sweep} as soon as the running product
     * passes {@link #MAX_CELLS} (so it cannot overflow).
     */
    public static long cells(List<SweepAxis> axes) {
        long cells = 1;
        StringBuilder lengths = new StringBuilder();
        for (int i = 0; i < axes.size(); i++) {
            SweepAxis axis = axes.get(i);
            cells = Math.multiplyExact(cells, (long) axis.values().size());
            lengths.append(lengths.length() == 0 ? "" : " x ").append(axis.values().size());
            if (cells > MAX_CELLS) {
                throw new ConfigException("sweep", String.format(Locale.ROOT, "the sweep has more than %,d cells "
                        + "(%s%s); sweep fewer values, or split the sweep over several configurations",
                        MAX_CELLS, lengths, i + 1 < axes.size() ? " and more axes" : ""));
            }
        }
        return cells;
    }

    /**
     * Fails when the records of {@code releases} releases with {@code utilities} values each would not fit in
     * {@code heapBytes} (with a quarter kept for the work itself), naming {@code replicatesKey} and the heap option.
     */
    public static void requireHeap(long releases, int utilities, long heapBytes, String replicatesKey) {
        long perRelease = BYTES_PER_RELEASE + BYTES_PER_MEASUREMENT * utilities;
        double needed = (double) releases * perRelease;
        if (needed > 0.75 * heapBytes) {
            throw new ConfigException(replicatesKey, String.format(Locale.ROOT, "%,d releases need about %.1f GiB of "
                    + "memory for their records, and the JVM may use %.1f GiB: lower %s, or give the JVM more heap "
                    + "(e.g. MDP_JAVA_OPTS=-Xmx%dg)", releases, needed / (1L << 30), heapBytes / (double) (1L << 30),
                    replicatesKey, (long) Math.ceil(needed / 0.75 / (1L << 30)) + 1));
        }
    }

    /**
     * The releases of a run, {@code cells x replicates x mechanisms}, failing when they pass {@link #MAX_RELEASES};
     * {@code replicatesKey} names where the replicate count came from ({@code replicates} or {@code --scale}).
     */
    public static long releases(long cells, long replicates, long mechanisms, String replicatesKey) {
        long releases;
        try {
            releases = Math.multiplyExact(Math.multiplyExact(cells, replicates), mechanisms);
        } catch (ArithmeticException e) {
            releases = Long.MAX_VALUE;
        }
        if (releases > MAX_RELEASES) {
            throw new ConfigException(replicatesKey, String.format(Locale.ROOT, "%,d cells x %,d replicates x %,d "
                    + "mechanisms make %s releases; a run makes at most %,d (every release is kept in memory): lower "
                    + "%s or sweep fewer values", cells, replicates, mechanisms,
                    releases == Long.MAX_VALUE ? "more than 2^63" : String.format(Locale.ROOT, "%,d", releases),
                    MAX_RELEASES, replicatesKey));
        }
        return releases;
    }
}
