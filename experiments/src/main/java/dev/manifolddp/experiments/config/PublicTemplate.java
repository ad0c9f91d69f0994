package dev.manifolddp.experiments.config;

import dev.manifolddp.experiments.data.RowFilter;

/**
 * A ball centre computed as the Frechet mean of rows of the data file: {@code center: { mean-of: { where: { group:
 * [gorf] } } }}. With {@code rows} set, those rows form a public split of the file that must be disjoint from the
 * released rows (checked by line and by subject), so the centre is a public input of the release. Without rows
 * ({@code mean-of: released}) the centre is the mean of the released rows themselves: data-derived, allowed only
 * with {@code non-private: true}, and every release is then marked not private.
 *
 * @param rows the public rows, or null for the released rows (non-private)
 */
public record PublicTemplate(RowFilter rows) {

    /** True when the centre comes from the released rows (not private). */
    public boolean fromReleasedRows() {
        return rows == null;
    }

    /** E.g. {@code the Frechet mean of the rows where group in gorf}. */
    public String describe() {
        return rows == null ? "the Frechet mean of the released rows (data-derived: not private)"
                : "the Frechet mean of the public rows where " + rows.describe();
    }
}
