package dev.manifolddp.experiments.data;

import dev.manifolddp.geometry.Geometry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of a file that are not points of its geometry, collected over the whole file and refused together: their
 * count and the first {@link #LISTED} in line order, as one loop over the rows would list them, though the rows are
 * mapped onto the manifold block by block on several threads ({@link PointRows}, {@link CsvBlocks}). Each block
 * collects its own and the blocks are added in file order.
 */
final class OffManifoldRows {

    /** Rows listed in the refusal; the others are counted. */
    static final int LISTED = 10;

    private final List<String> listed = new ArrayList<>();
    private int count;

    /** Notes that the row on {@code line} is not a point, for the reason {@code why}. */
    void note(int line, IllegalArgumentException why) {
        count++;
        if (listed.size() < LISTED) {
            listed.add("line " + line + " (" + why.getMessage() + ")");
        }
    }

    /** Adds a later block's rows. */
    void add(OffManifoldRows block) {
        count += block.count;
        for (String row : block.listed) {
            if (listed.size() < LISTED) {
                listed.add(row);
            }
        }
    }

    /**
     * Refuses the file when any row was noted.
     *
     * @throws IllegalArgumentException naming the file, the count of such rows among {@code rows}, the geometry and
     *     the first rows with their reasons
     */
    void refuseAny(String file, int rows, Geometry geometry) {
        if (count > 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s: %d of %d rows are not points of %s: %s%s", file, count, rows, geometry.spec(),
                    String.join("; ", listed), count > listed.size() ? "; ..." : ""));
        }
    }
}
