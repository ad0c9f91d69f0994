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
    private final List<Integer> lines = new ArrayList<>();
    private int count;

    /** Notes that the row on {@code line} is not a point, for the reason {@code why}. */
    void note(int line, IllegalArgumentException why) {
        count++;
        if (listed.size() < LISTED) {
            listed.add(why.getMessage());
            lines.add(line);
        }
    }

    /** Adds a later block's rows. */
    void add(OffManifoldRows block) {
        add(block, 0);
    }

    /** Adds a later block's rows, whose lines were counted from {@code base + 1} (the block's own first line). */
    void add(OffManifoldRows block, int base) {
        count += block.count;
        for (int k = 0; k < block.listed.size() && listed.size() < LISTED; k++) {
            listed.add(block.listed.get(k));
            lines.add(base + block.lines.get(k));
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
                    described(), count > listed.size() ? "; ..." : ""));
        }
    }

    private String described() {
        List<String> rows = new ArrayList<>();
        for (int k = 0; k < listed.size(); k++) {
            rows.add("line " + lines.get(k) + " (" + listed.get(k) + ")");
        }
        return String.join("; ", rows);
    }
}
