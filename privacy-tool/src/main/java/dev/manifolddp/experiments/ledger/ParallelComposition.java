package dev.manifolddp.experiments.ledger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parallel composition over public selections (McSherry 2009, Thm 4): a release of the rows whose public column C
 * holds one of some values ({@code --where C=V1,V2 --public-columns C}) reaches only the records with those values,
 * and a record's value of a public column is the same in neighbouring datasets (docs/privacy-unit.md, section 3). So
 * what one record can lose is the composition of the releases that reach it: those without a selection, and those
 * whose selection holds its value of each selected column. The account is charged for the worst record: the largest
 * composition over every combination of the values the releases name (and a value none names), per column.
 *
 * <p>Only at the record unit: a subject's records may hold different values, so a subject-level account composes
 * every release. More than {@link #MAX_COMBINATIONS} combinations (many columns and values) fall back to composing
 * every release, which is valid but loose.
 */
final class ParallelComposition {

    /** The most value combinations tried before falling back to sequential composition. */
    static final int MAX_COMBINATIONS = 4096;

    private ParallelComposition() {
    }

    /**
     * A public selection: the rows whose {@code column} holds one of {@code values} (trimmed text, as {@code --where}
     * compares them).
     */
    record Selection(String column, List<String> values) {
    }

    /** A release's cost and the records it reaches ({@code selection} null: every record). */
    record Selected(Composition.Charge charge, Selection selection) {
    }

    /**
     * The worst record's composition and, when parallel composition lowered it, the value combination of that record
     * in words (null otherwise).
     */
    record Worst(Composition.Result result, String record) {
    }

    static Worst compose(List<Selected> releases, double deltaTarget, boolean subjectUnit) {
        List<Composition.Charge> all = new ArrayList<>();
        Map<String, Set<String>> named = new LinkedHashMap<>();
        for (Selected release : releases) {
            all.add(release.charge());
            if (release.selection() != null) {
                named.computeIfAbsent(release.selection().column(), c -> new LinkedHashSet<>())
                        .addAll(release.selection().values());
            }
        }
        Composition.Result sequential = Composition.compose(all, deltaTarget);
        if (subjectUnit || named.isEmpty()) {
            return new Worst(sequential, null);
        }
        long combinations = 1;
        for (Set<String> values : named.values()) {
            combinations *= values.size() + 1L;
            if (combinations > MAX_COMBINATIONS) {
                return new Worst(sequential, null);
            }
        }
        List<String> columns = new ArrayList<>(named.keySet());
        List<List<String>> choices = new ArrayList<>();
        for (String column : columns) {
            List<String> values = new ArrayList<>(named.get(column));
            values.add(null); // a value no release names
            choices.add(values);
        }
        Composition.Result worst = null;
        String worstRecord = null;
        double largestDelta = 0;
        int[] index = new int[columns.size()];
        for (long c = 0; c < combinations; c++) {
            long rest = c;
            for (int k = 0; k < index.length; k++) {
                index[k] = (int) (rest % choices.get(k).size());
                rest /= choices.get(k).size();
            }
            List<Composition.Charge> reaching = new ArrayList<>();
            for (Selected release : releases) {
                Selection selection = release.selection();
                if (selection == null) {
                    reaching.add(release.charge());
                    continue;
                }
                int k = columns.indexOf(selection.column());
                String value = choices.get(k).get(index[k]); // null: a value no release names
                if (value != null && selection.values().contains(value)) {
                    reaching.add(release.charge());
                }
            }
            Composition.Result result = Composition.compose(reaching, deltaTarget);
            largestDelta = Math.max(largestDelta, result.delta());
            if (worst == null || result.epsilon() > worst.epsilon()) {
                worst = result;
                worstRecord = describe(columns, choices, index);
            }
        }
        if (!(worst.epsilon() < sequential.epsilon())) {
            return new Worst(sequential, null);
        }
        // every record's (epsilon, delta) is within the largest epsilon and the largest delta over the combinations
        Composition.Result bound = new Composition.Result(worst.releases(), worst.epsilon(),
                Math.max(worst.delta(), largestDelta), worst.rho(), worst.zcdpReleases(), worst.convertedAt(),
                worst.basicEpsilon(), worst.basicDelta());
        return new Worst(bound, worstRecord);
    }

    private static String describe(List<String> columns, List<List<String>> choices, int[] index) {
        List<String> parts = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            String value = choices.get(k).get(index[k]);
            parts.add(columns.get(k) + (value == null ? " outside every selection" : " = " + value));
        }
        return String.join(", ", parts);
    }
}
