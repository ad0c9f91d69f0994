package dev.manifolddp.experiments.run;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.PrivacyUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One point of the sweep's cartesian product, with everything its replicates need.
 *
 * @param index      the cell's position in the product (the first axis varies slowest)
 * @param values     the axis values, in axis order, as written in the configuration
 * @param geometry   the geometry (placeholders filled)
 * @param data       the data source
 * @param n          the sample size, or -1 for "all rows" of file data without an n axis
 * @param budget     the privacy budget (epsilon, delta)
 * @param estimator  the non-private estimator
 * @param mechanisms one mechanism per configured entry, in configuration order
 * @param recordsPerSubject the public bound M on a subject's records; 1 when the unit of privacy is one record
 */
public record Cell(int index, Map<String, String> values, Geometry geometry, DataSource data, int n,
        PrivacyBudget budget, Estimator estimator, List<Mechanism> mechanisms, int recordsPerSubject) {

    public Cell {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        mechanisms = List.copyOf(mechanisms);
    }

    /** The unit of privacy: one record, or subjects of up to M records. */
    public PrivacyUnit unit() {
        return PrivacyUnit.subjects(recordsPerSubject);
    }

    /**
     * The budget each release runs at: the cell's budget for one-record privacy, or the per-record budget that group
     * privacy turns into the cell's budget for subjects of up to M records ({@link PrivacyUnit#perRecord}).
     */
    public PrivacyBudget releaseBudget() {
        return unit().perRecord(budget);
    }

    /** E.g. {@code n=10, epsilon=1.0}. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        values.forEach((axis, value) -> out.append(out.length() == 0 ? "" : ", ").append(axis).append('=')
                .append(value));
        return out.toString();
    }
}
