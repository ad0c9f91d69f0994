package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.PointLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where each role's column is in a row: the id, the subject, the covariates and the coordinates (-1 for a role the
 * file does not have). Built once from the header and the first row; every declared name must be in the header and
 * every column plays at most one role, so a column can never be read both as a covariate and as a coordinate. A
 * symmetric-matrix layout may name only the k(k+1)/2 upper-triangle columns row by row (how diffusion tensors are
 * stored, e.g. {@code Dxx,Dxy,Dxz,Dyy,Dyz,Dzz}); each off-diagonal column then fills an entry and its mirror.
 *
 * @param names       the name of every column (the layout's names for a file without a header)
 * @param id          the id column, or -1
 * @param subject     the subject column, or -1
 * @param covariates  the covariate columns in declared order
 * @param coordinates the coordinate columns in layout order (an upper-triangle column appears twice, for (i, j) and
 *                    (j, i))
 */
record ColumnMap(List<String> names, int id, int subject, int[] covariates, int[] coordinates) {

    /** Header names listed in full in a message (a longer header is summarised by its first and last names). */
    private static final int LISTED_NAMES = 24;

    static ColumnMap of(List<String> header, String[] firstRow, int firstLine, PointLayout layout,
            PointFile.Columns roles, String file) {
        int width = firstRow.length;
        if (header.isEmpty() && firstNamed(roles) != null) {
            throw new IllegalArgumentException(String.format("%s has no header row, so its columns cannot be "
                    + "found by name (%s); add a first row of column names", file, firstNamed(roles)));
        }
        requireOneRolePerColumn(roles, file);
        List<String> names = header.isEmpty() ? layout.columnNames() : header;
        int id = roles.id() == null ? -1 : index(header, roles.id(), "id column", file);
        int subject = roles.subject() == null ? -1 : index(header, roles.subject(), "subject column", file);
        int[] covariates = roles.covariates().stream()
                .mapToInt(covariate -> index(header, covariate.name(), "covariate column", file)).toArray();
        int[] coordinates;
        if (!roles.coordinates().isEmpty()) {
            coordinates = roles.coordinates().stream().mapToInt(name -> index(header, name, "column", file))
                    .toArray();
            if (isUpperTriangle(layout, coordinates.length)) {
                coordinates = mirrored(coordinates, layout.size());
            }
        } else {
            boolean[] taken = new boolean[width];
            int others = 0;
            for (int j : covariates) {
                taken[j] = true;
                others++;
            }
            for (int j : new int[] {id, subject}) {
                if (j >= 0) {
                    taken[j] = true;
                    others++;
                }
            }
            coordinates = new int[width - others];
            for (int j = 0, k = 0; j < width; j++) {
                if (!taken[j]) {
                    coordinates[k++] = j;
                }
            }
        }
        if (coordinates.length != layout.length()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: a %s point needs %d numbers (%s), but %s. Provided value: %s", file, layout.describe(),
                    layout.length(), Fields.names(layout.columnNames()),
                    mismatch(header, layout, roles, width, firstLine, coordinates.length, layout.length()),
                    Fields.summary(firstRow)));
        }
        return new ColumnMap(names, id, subject, covariates, coordinates);
    }

    /**
     * True when {@code named} columns are the upper triangle of a symmetric matrix layout: k(k+1)/2 of them for a
     * k x k matrix with k >= 2 (for k = 1 the one column is already the full form).
     */
    private static boolean isUpperTriangle(PointLayout layout, int named) {
        int k = layout.size();
        return layout.kind() == PointLayout.Kind.SYMMETRIC_MATRIX && k > 1 && named == k * (k + 1) / 2;
    }

    /**
     * The full row-major k x k layout read from upper-triangle columns given row by row ({@code a00, a01, .., a0(k-1),
     * a11, ..}): entry (i, j) and its mirror (j, i) read the same column, so the point is symmetric by construction.
     */
    private static int[] mirrored(int[] upper, int k) {
        int[] full = new int[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                int column = upper[i * k - i * (i - 1) / 2 + (j - i)];
                full[i * k + j] = column;
                full[j * k + i] = column;
            }
        }
        return full;
    }

    /** The first role named in {@code roles}, for the message of a file without a header; null when none is. */
    private static String firstNamed(PointFile.Columns roles) {
        if (roles.subject() != null) {
            return "subject column '" + roles.subject() + "'";
        }
        if (roles.id() != null) {
            return "id column '" + roles.id() + "'";
        }
        if (!roles.covariates().isEmpty()) {
            return "covariate column '" + roles.covariates().get(0).name() + "'";
        }
        return roles.coordinates().isEmpty() ? null : "columns " + roles.coordinates();
    }

    /** Refuses a name declared twice, in one role or in two. */
    private static void requireOneRolePerColumn(PointFile.Columns roles, String file) {
        Map<String, String> role = new LinkedHashMap<>();
        List<String[]> declared = new ArrayList<>();
        if (roles.id() != null) {
            declared.add(new String[] {roles.id(), "the id column"});
        }
        if (roles.subject() != null) {
            declared.add(new String[] {roles.subject(), "the subject column"});
        }
        roles.covariates().forEach(covariate -> declared.add(new String[] {covariate.name(), "a covariate column"}));
        roles.coordinates().forEach(name -> declared.add(new String[] {name, "a coordinate column"}));
        for (String[] entry : declared) {
            String earlier = role.putIfAbsent(entry[0], entry[1]);
            if (earlier == null) {
                continue;
            }
            if (earlier.equals(entry[1])) {
                throw new IllegalArgumentException(String.format("%s: %s is named twice as %s; name each column "
                        + "once", file, Fields.shown(entry[0]), entry[1]));
            }
            throw new IllegalArgumentException(String.format("%s: %s '%s' cannot also be %s; give each column one "
                    + "role", file, earlier, entry[0], entry[1]));
        }
    }

    private static String mismatch(List<String> header, PointLayout layout, PointFile.Columns roles, int width,
            int firstLine, int found, int needed) {
        if (header.isEmpty()) {
            return String.format(Locale.ROOT, "line %d has %d fields", firstLine, width);
        }
        if (!roles.coordinates().isEmpty()) {
            return String.format(Locale.ROOT, "--columns names %d%s", found,
                    layout.kind() == PointLayout.Kind.SYMMETRIC_MATRIX && layout.size() > 1 ? String.format(
                            Locale.ROOT, "; name either all %d entries row by row or the %d of the upper triangle row"
                            + " by row (a00,a01,..,a0%d,a11,..), which are mirrored into the full matrix", needed,
                            layout.size() * (layout.size() + 1) / 2, layout.size() - 1) : "");
        }
        List<String> others = new ArrayList<>();
        if (roles.id() != null) {
            others.add("the id");
        }
        if (roles.subject() != null) {
            others.add("the subject");
        }
        int covariates = roles.covariates().size();
        if (covariates > 0) {
            others.add(covariates == 1 ? "the covariate" : "the " + covariates + " covariates");
        }
        String besides = others.isEmpty() ? ""
                : " besides " + (others.size() == 1 ? others.get(0) : String.join(", ", others.subList(0,
                        others.size() - 1)) + " and " + others.get(others.size() - 1));
        return String.format(Locale.ROOT, "the header has %d columns%s%s; the header is %s", found, besides,
                found > needed ? "; name the point columns to leave the others out (--columns, or columns: in a "
                        + "configuration)" : "", listed(header));
    }

    /** Every header name when there are few, else the first and last ones: enough to pick the point columns. */
    private static String listed(List<String> header) {
        return header.size() <= LISTED_NAMES ? String.join(",", header) : Fields.names(header);
    }

    private static int index(List<String> header, String name, String what, String file) {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(String.format("%s: no %s named '%s'; the header has %s", file,
                    what, Fields.shown(name).replace("'", ""), Fields.summary(header.toArray(String[]::new))));
        }
        return index;
    }
}
