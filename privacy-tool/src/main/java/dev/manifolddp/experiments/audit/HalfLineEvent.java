package dev.manifolddp.experiments.audit;

import java.util.Locale;

/**
 * An event on released values: {@code {T > threshold}} (or {@code {T < threshold}}) for the statistic T of a
 * release's coordinates, comparing P(E) on the numerator data set with P(E) on the other data set of one pair. It is
 * fixed from public values and the selection half only, so measuring it on the measurement half is an honest test.
 * A release that failed has no coordinates and lies in no such event ({@link FailureEvent} is the event it lies in).
 *
 * @param pair          the pair's index
 * @param system        where the statistic is computed
 * @param statistic     the statistic T
 * @param direction     the public unit direction w (far to near) in {@code system}
 * @param centre        the selection-half median of releases on D, in {@code system}
 * @param centreOther   the selection-half median of releases on D'
 * @param threshold     t
 * @param above         true for {T > t}, false for {T < t}
 * @param numeratorRole 0 when the bound compares P_D(E) with P_D'(E), 1 for the swapped roles
 */
public record HalfLineEvent(int pair, CoordinateSystem system, Statistic statistic, double[] direction,
        double[] centre, double[] centreOther, double threshold, boolean above, int numeratorRole)
        implements AuditEvent {

    /** True when the release at {@code offset} of {@code block} lies in the event (never for NaN coordinates). */
    boolean contains(double[] block, int offset) {
        double t = statistic.value(block, offset, direction.length, direction, centre, centreOther);
        return above ? t > threshold : t < threshold;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "{%s %s %.6g} in %s coordinates, pair %d, P[%s] vs P[%s]",
                statistic.configName(), above ? ">" : "<", threshold, system.configName(), pair,
                numeratorRole == 0 ? "D" : "D'", numeratorRole == 0 ? "D'" : "D");
    }
}
