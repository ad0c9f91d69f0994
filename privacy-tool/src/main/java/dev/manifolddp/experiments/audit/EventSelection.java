package dev.manifolddp.experiments.audit;

import java.util.Arrays;
import java.util.List;

/**
 * Chooses the event on the selection half (releases {@code [0, S)} of every data set): for every pair, the failure
 * of the release ({@link FailureEvent}) and every coordinate system, statistic, threshold (at fixed quantiles of the
 * pooled selection values) and side of the threshold ({@link HalfLineEvent}), each with both assignments of roles, it
 * computes the bound the event would give, and keeps the best (the first among equals, in that order). Nothing here sees the
 * measurement half, so the chosen event is a fixed event for the measurement and the maximum over candidates needs
 * no correction (only what is measured on the measurement half is counted by Bonferroni).
 * The selection-half bound of the chosen event is reported for information only: it is biased upwards by the choice.
 */
final class EventSelection {

    /** Quantile levels of the thresholds (and their complements): denser in the tails, where the ratio peaks. */
    private static final double[] LEVELS = {0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.25,
        0.3, 0.4, 0.5};

    /**
     * Candidates are ranked by their bound at level {@code alphaSide * SELECTION_STRICTNESS}: a stricter level than
     * the measurement's favours events with more releases in them over thin tail events whose selection-half bound is
     * high by chance and falls on the measurement half (winner's curse). Measured over 10 seeds on the sphere, it
     * raised the mean measured bound of both a Laplace and a Gaussian mechanism; it cannot affect validity.
     */
    static final double SELECTION_STRICTNESS = 0.01;

    /**
     * The chosen event with the bound it gave on the selection half.
     *
     * @param event      the event to measure
     * @param selection  its bound on the selection half (optimistically biased by the choice; not reported as a
     *                   bound)
     * @param candidates how many events were compared
     */
    record Choice(AuditEvent event, EpsilonBound selection, long candidates) {
    }

    private EventSelection() {
    }

    /**
     * The best event on the selection half.
     *
     * @param delta the delta the mechanism claims (its calibration's, which may exceed the requested one)
     */
    static Choice select(AuditSetup setup, ReleaseTable table, List<BoundaryPair> pairs, ReleaseCoordinates coordinates,
            double delta, double alphaSide) {
        int size = setup.selectionReleases();
        AuditEvent best = null;
        EpsilonBound bestBound = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        long candidates = 0;
        boolean anyOutcome = false;
        for (BoundaryPair pair : pairs) {
            long[] failures = {table.failures(pair.index(), 0, 0, size), table.failures(pair.index(), 1, 0, size)};
            anyOutcome |= failures[0] + failures[1] > 0;
            for (int numerator = 0; numerator < 2; numerator++) {
                candidates++;
                EpsilonBound bound = EpsilonBound.of(failures[numerator], size, failures[1 - numerator], size, delta,
                        SELECTION_STRICTNESS * alphaSide);
                double score = (bound.pLower() - delta) / bound.pOtherUpper();
                if (score > bestScore) {
                    bestScore = score;
                    bestBound = bound;
                    best = new FailureEvent(pair.index(), numerator);
                }
            }
            for (CoordinateSystem system : table.systems()) {
                int dimension = table.dimension(system);
                double[][] blocks = {table.block(system, pair.index(), 0), table.block(system, pair.index(), 1)};
                double[] centre = median(blocks[0], size, dimension);
                double[] centreOther = median(blocks[1], size, dimension);
                if (centre == null || centreOther == null) {
                    continue;   // no release on this half can be read in this system
                }
                anyOutcome = true;
                double[] direction = coordinates.direction(system, pair);
                for (Statistic statistic : Statistic.values()) {
                    double[][] sorted = new double[2][];
                    for (int role = 0; role < 2; role++) {
                        sorted[role] = finiteSorted(statistic, blocks[role], size, dimension, direction, centre,
                                centreOther);
                    }
                    double[] pooled = concatSorted(sorted[0], sorted[1]);
                    for (double threshold : thresholds(pooled)) {
                        for (boolean above : new boolean[] {true, false}) {
                            long[] counts = {count(sorted[0], threshold, above), count(sorted[1], threshold, above)};
                            for (int numerator = 0; numerator < 2; numerator++) {
                                candidates++;
                                EpsilonBound bound = EpsilonBound.of(counts[numerator], size, counts[1 - numerator],
                                        size, delta, SELECTION_STRICTNESS * alphaSide);
                                double score = (bound.pLower() - delta) / bound.pOtherUpper();
                                if (score > bestScore) {
                                    bestScore = score;
                                    bestBound = bound;
                                    best = new HalfLineEvent(pair.index(), system, statistic, direction, centre,
                                            centreOther, threshold, above, numerator);
                                }
                            }
                        }
                    }
                }
            }
        }
        if (!anyOutcome) {
            throw new IllegalStateException("no release of the selection half could be read in any coordinate system: "
                    + "the mechanism's releases are neither points of the manifold nor have ambient coordinates");
        }
        return new Choice(best, bestBound, candidates);
    }

    /** Measures {@code event} on the measurement half against the claimed {@code delta}. */
    static EpsilonBound measure(AuditSetup setup, ReleaseTable table, AuditEvent event, double delta,
            double alphaSide) {
        int from = setup.selectionReleases();
        int to = setup.releases();
        long inEvent = count(table, event, event.numeratorRole(), from, to);
        long inEventOther = count(table, event, 1 - event.numeratorRole(), from, to);
        int size = setup.measurementReleases();
        return EpsilonBound.of(inEvent, size, inEventOther, size, delta, alphaSide);
    }

    /** How many of releases {@code [from, to)} on role {@code role} of the event's pair lie in {@code event}. */
    private static long count(ReleaseTable table, AuditEvent event, int role, int from, int to) {
        if (event instanceof FailureEvent) {
            return table.failures(event.pair(), role, from, to);
        }
        HalfLineEvent halfLine = (HalfLineEvent) event;
        int dimension = table.dimension(halfLine.system());
        double[] block = table.block(halfLine.system(), halfLine.pair(), role);
        long count = 0;
        for (int i = from; i < to; i++) {
            if (halfLine.contains(block, i * dimension)) {
                count++;
            }
        }
        return count;
    }

    /** The coordinate-wise median of the readable rows among the first {@code size}; null when none is readable. */
    static double[] median(double[] block, int size, int dimension) {
        double[] median = new double[dimension];
        double[] column = new double[size];
        for (int j = 0; j < dimension; j++) {
            int count = 0;
            for (int i = 0; i < size; i++) {
                double value = block[i * dimension + j];
                if (!Double.isNaN(value)) {
                    column[count++] = value;
                }
            }
            if (count == 0) {
                return null;
            }
            Arrays.sort(column, 0, count);
            median[j] = count % 2 == 1 ? column[count / 2] : 0.5 * (column[count / 2 - 1] + column[count / 2]);
        }
        return median;
    }

    private static double[] finiteSorted(Statistic statistic, double[] block, int size, int dimension,
            double[] direction, double[] centre, double[] centreOther) {
        double[] values = new double[size];
        int count = 0;
        for (int i = 0; i < size; i++) {
            double value = statistic.value(block, i * dimension, dimension, direction, centre, centreOther);
            if (!Double.isNaN(value)) {
                values[count++] = value;
            }
        }
        double[] finite = Arrays.copyOf(values, count);
        Arrays.sort(finite);
        return finite;
    }

    private static double[] concatSorted(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        return all;
    }

    private static double[] thresholds(double[] pooled) {
        if (pooled.length == 0) {
            return new double[0];
        }
        double[] thresholds = new double[2 * LEVELS.length];
        int last = pooled.length - 1;
        for (int i = 0; i < LEVELS.length; i++) {
            thresholds[2 * i] = pooled[(int) Math.floor(LEVELS[i] * last)];
            thresholds[2 * i + 1] = pooled[(int) Math.ceil((1 - LEVELS[i]) * last)];
        }
        return thresholds;
    }

    /** How many of the sorted values lie strictly above (or below) the threshold. */
    private static long count(double[] sorted, double threshold, boolean above) {
        if (above) {
            int index = Arrays.binarySearch(sorted, Math.nextUp(threshold));
            int firstAtLeast = index >= 0 ? firstIndex(sorted, index) : -index - 1;
            return sorted.length - firstAtLeast;
        }
        int index = Arrays.binarySearch(sorted, threshold);
        return index >= 0 ? firstIndex(sorted, index) : -index - 1;
    }

    private static int firstIndex(double[] sorted, int index) {
        int i = index;
        while (i > 0 && sorted[i - 1] == sorted[i]) {
            i--;
        }
        return i;
    }
}
