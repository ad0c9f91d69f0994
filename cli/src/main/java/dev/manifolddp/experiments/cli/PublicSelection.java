package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.RowFilter;
import java.util.List;
import java.util.Map;

/**
 * The rows {@code mdp release} keeps ({@code --where COLUMN=VALUES}) together with the caller's declaration that
 * COLUMN is public ({@code --public-columns COLUMN}).
 *
 * <p>Why the declaration: a release publishes n, the number of selected rows, and its calibration takes n as public
 * (the sensitivity is e.g. {@code 2r/n}; docs/privacy-unit.md). That holds when whether a record is selected is
 * public knowledge: neighbouring datasets then have the same selected rows, and the unit of privacy is one selected
 * record replaced by any other point of the ball. If COLUMN were private, replacing one record could also move it
 * into or out of the selection and change n, which is add/remove adjacency, and no calibration here covers it. So
 * {@code --where} without the declaration is refused from the flags alone, before the data file is opened: the
 * refusal can then say nothing about the data.
 *
 * <p>A declaration has no effect but this one, so {@code --public-columns} names exactly the {@code --where} column:
 * a column declared public for nothing would make release.json claim more than the release used.
 */
final class PublicSelection {

    /** The flag that declares the selection's column public. */
    static final String FLAG = "--public-columns";

    /** No selection: every row of the file is released. */
    static final PublicSelection ALL = new PublicSelection(null, null);

    private final RowFilter filter;
    private final String where;

    private PublicSelection(RowFilter filter, String where) {
        this.filter = filter;
        this.where = where;
    }

    /**
     * The selection the flags declare: {@link #ALL} without {@code --where}; refuses {@code --where} whose column is
     * not declared public, and a declaration that {@code --where} does not use.
     *
     * @param where         the {@code --where} text, or null
     * @param publicColumns the {@code --public-columns} names (empty when not given)
     */
    static PublicSelection declared(String where, List<String> publicColumns) {
        if (where == null) {
            if (!publicColumns.isEmpty()) {
                throw new IllegalArgumentException(FLAG + " declares the column that --where selects rows by; it "
                        + "has no other use, so give --where COLUMN=VALUES with it or drop it. Provided value: "
                        + String.join(",", publicColumns));
            }
            return ALL;
        }
        RowFilter filter = RowFilter.parse("--where", where);
        String column = filter.column();
        if (!publicColumns.stream().map(String::strip).toList().contains(column)) {
            throw new IllegalArgumentException(String.format("--where %s selects rows by the column '%s', and the "
                    + "release publishes and calibrates with n, the number of selected rows, as public. That holds "
                    + "only if whether a record is selected is public knowledge; if '%s' is private, replacing one "
                    + "record can add a selected row or remove one, which the calibration does not cover. If every "
                    + "record's '%s' is public (a species, a study arm, a site fixed by the design), declare it with "
                    + "%s %s: the unit of privacy is then one selected record replaced by any other point of the "
                    + "ball, and the selected rows and n are the same in neighbouring datasets. Otherwise do not "
                    + "select by '%s'. Nothing was read or written. Provided value: --where %s%s", where, column,
                    column, column, FLAG, column, column, where, publicColumns.isEmpty() ? ""
                            : ", " + FLAG + " " + String.join(",", publicColumns)));
        }
        for (String declared : publicColumns) {
            if (!declared.strip().equals(column)) {
                throw new IllegalArgumentException(String.format("%s: '%s' is not the column --where selects by "
                        + "('%s'); a column is declared public only for --where, so list just '%s'. Provided value: "
                        + "%s", FLAG, declared, column, column, String.join(",", publicColumns)));
            }
        }
        return new PublicSelection(filter, where);
    }

    /** The rows to keep, or null for every row. */
    RowFilter filter() {
        return filter;
    }

    /** Adds the selection and its declaration to release.json's public input section. */
    void describe(Map<String, Object> input) {
        if (filter != null) {
            input.put("rows", filter.describe());
            input.put("publicColumns", List.of(filter.column()));
        }
    }

    /**
     * The unit of privacy of a release on the selected rows: {@code unit}, restricted to them. The selection is
     * public, so neighbouring datasets differ only inside it.
     */
    String unit(String unit) {
        return filter == null ? unit : unit + "; the records are the rows with " + filter.describe() + ", selected by "
                + "the column '" + filter.column() + "' declared public (" + FLAG + "): whether a record is selected "
                + "is public knowledge, so neighbours have the same selected rows and the same n";
    }

    /** The console summary's line for the selection, or null without one. */
    String summary() {
        return filter == null ? null : filter.describe() + " (--where " + where + "; '" + filter.column()
                + "' declared public: whether a record is selected is public, n counts the selected rows)";
    }
}
