package dev.manifolddp.experiments.audit;

/**
 * The event an audit measures: a set of outcomes of a release, comparing P(E) on the numerator data set with P(E) on
 * the other data set of one pair. An outcome is a released value or a failure (the release threw), so an event is
 * either a half-line of a statistic of the value ({@link HalfLineEvent}) or the failure itself
 * ({@link FailureEvent}). It is fixed from public values and the selection half only, so measuring it on the
 * measurement half is an honest test.
 */
public sealed interface AuditEvent permits HalfLineEvent, FailureEvent {

    /** The pair's index. */
    int pair();

    /** 0 when the bound compares P_D(E) with P_D'(E), 1 for the swapped roles. */
    int numeratorRole();

    /** One line for people. */
    String describe();
}
