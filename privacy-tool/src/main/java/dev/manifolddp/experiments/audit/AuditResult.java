package dev.manifolddp.experiments.audit;

import java.util.List;

/**
 * The outcome of one audit run.
 *
 * @param setup  the configuration
 * @param pairs  the adjacent pairs tried
 * @param audits one audit per mechanism, in the order given
 */
public record AuditResult(AuditSetup setup, List<BoundaryPair> pairs, List<MechanismAudit> audits) {

    public AuditResult {
        pairs = List.copyOf(pairs);
        audits = List.copyOf(audits);
    }

    /** True when some mechanism's lower bound exceeds its claimed epsilon. */
    public boolean anyViolation() {
        return audits.stream().anyMatch(MechanismAudit::violation);
    }
}
