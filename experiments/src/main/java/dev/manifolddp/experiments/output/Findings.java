package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The parts of {@code summary.md} that are stated from the numbers rather than written by hand:
 * <ul>
 *   <li><b>The paper's scale and the proven rule.</b> Two mechanism entries with the same name and the same
 *   parameters except {@code sigma-rule}, one {@code paper} and one {@code proven} (the default), form a pair. For
 *   every pair the section gives sigma and each utility side by side per cell, the factor by which the proven rule
 *   changes them, and, under each rule, in how many cells each paired mechanism's mean is below every other
 *   mechanism of that rule (entries in no pair count under both), with how many of those have the two
 *   {@code +- 2 SE} bands apart. It ends with what changes between the rules: the comparisons whose count differs.</li>
 *   <li><b>Decay in n.</b> With an n axis of at least three values and no other swept axis, the least-squares slope
 *   of {@code log(mean)} against {@code log(n)} per mechanism and utility (Soto et al. 2022, Theorem 3: errors fall like 1/n,
 *   slope -1).</li>
 * </ul>
 */
final class Findings {

    static final String SIGMA_RULE = "sigma-rule";
    static final String PAPER = "paper";
    static final String PROVEN = "proven";

    private Findings() {
    }

    /** A paper-rule entry and its proven twin, by mechanism index. */
    record Pair(int paper, int proven) {
    }

    /** The pairs of the configuration, in the order of their paper entries. */
    static List<Pair> pairs(List<MechanismConfig> mechanisms) {
        Map<String, Integer> paper = new LinkedHashMap<>();
        Map<String, Integer> proven = new LinkedHashMap<>();
        for (int m = 0; m < mechanisms.size(); m++) {
            String rule = rule(mechanisms.get(m));
            String key = key(mechanisms.get(m));
            if (rule.equals(PAPER)) {
                paper.putIfAbsent(key, m);
            } else if (rule.equals(PROVEN)) {
                proven.putIfAbsent(key, m);
            }
        }
        List<Pair> pairs = new ArrayList<>();
        paper.forEach((key, m) -> {
            if (proven.containsKey(key)) {
                pairs.add(new Pair(m, proven.get(key)));
            }
        });
        return pairs;
    }

    private static String rule(MechanismConfig mechanism) {
        return mechanism.params().getOrDefault(SIGMA_RULE, PROVEN).trim();
    }

    /** The mechanism with its parameters except the sigma rule, in a canonical order. */
    private static String key(MechanismConfig mechanism) {
        Map<String, String> params = new TreeMap<>(mechanism.params());
        params.remove(SIGMA_RULE);
        return mechanism.name() + params;
    }

    /** The generated sections (empty when none applies). */
    static String markdown(Experiment experiment, List<Group> groups) {
        StringBuilder md = new StringBuilder();
        List<Pair> pairs = pairs(experiment.mechanisms());
        if (!pairs.isEmpty()) {
            rules(md, experiment, groups, pairs);
        }
        decay(md, experiment, groups);
        return md.toString();
    }

    // ---- the paper's scale and the proven rule ------------------------------------------------------------------

    private static void rules(StringBuilder md, Experiment experiment, List<Group> groups, List<Pair> pairs) {
        List<MechanismConfig> mechanisms = experiment.mechanisms();
        List<UtilityMeasure> utilities = experiment.utilities();
        Map<Integer, Map<Integer, Group>> byCell = index(groups);
        md.append("## The paper's scale and the proven rule\n\n");
        md.append("Generated from the numbers of this run. Pairs: ");
        List<String> names = new ArrayList<>();
        for (Pair pair : pairs) {
            names.add("`" + mechanisms.get(pair.paper()).label() + "` (sigma-rule: paper) with `"
                    + mechanisms.get(pair.proven()).label() + "` (proven)");
        }
        md.append(String.join("; ", names)).append(". Values are means over the replicates.\n\n");

        for (Pair pair : pairs) {
            String paperLabel = mechanisms.get(pair.paper()).label();
            String provenLabel = mechanisms.get(pair.proven()).label();
            md.append("### `").append(paperLabel).append("` and `").append(provenLabel).append("`\n\n");
            StringBuilder header = new StringBuilder("|");
            StringBuilder rule = new StringBuilder("|");
            for (SweepAxis axis : experiment.axes()) {
                header.append(' ').append(axis.name()).append(" |");
                rule.append("---|");
            }
            header.append(" sigma paper | sigma proven | ratio |");
            rule.append("---|---|---|");
            for (UtilityMeasure utility : utilities) {
                header.append(' ').append(utility.name()).append(" paper | proven | ratio |");
                rule.append("---|---|---|");
            }
            md.append(header).append('\n').append(rule).append('\n');
            double[] sigmaRatios = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            double[][] utilityRatios = new double[utilities.size()][];
            for (int u = 0; u < utilities.size(); u++) {
                utilityRatios[u] = new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            }
            for (Cell cell : experiment.cells()) {
                Group paper = byCell.get(cell.index()).get(pair.paper());
                Group proven = byCell.get(cell.index()).get(pair.proven());
                md.append('|');
                for (String value : cell.values().values()) {
                    md.append(' ').append(value).append(" |");
                }
                double sigmaRatio = proven.sigma().mean() / paper.sigma().mean();
                extend(sigmaRatios, sigmaRatio);
                md.append(' ').append(number(paper.sigma().mean())).append(" | ")
                        .append(number(proven.sigma().mean())).append(" | ").append(ratio(sigmaRatio)).append(" |");
                for (int u = 0; u < utilities.size(); u++) {
                    double a = paper.stats().get(u).mean();
                    double b = proven.stats().get(u).mean();
                    extend(utilityRatios[u], b / a);
                    md.append(' ').append(number(a)).append(" | ").append(number(b)).append(" | ")
                            .append(ratio(b / a)).append(" |");
                }
                md.append('\n');
            }
            md.append('\n');
            StringBuilder sentence = new StringBuilder(String.format(Locale.ROOT,
                    "Going from `%s` to the proven rule (`%s`) multiplies sigma by %s", paperLabel, provenLabel,
                    range(sigmaRatios)));
            for (int u = 0; u < utilities.size(); u++) {
                sentence.append(u == 0 ? " and the mean " : ", the mean ").append(utilities.get(u).name())
                        .append(" by ").append(range(utilityRatios[u]));
            }
            md.append(sentence).append(".\n\n");
        }

        // who beats whom under each rule
        Map<String, Map<Comparison, int[]>> counts = new LinkedHashMap<>();
        for (String rule : List.of(PAPER, PROVEN)) {
            List<Integer> members = members(mechanisms, pairs, rule);
            md.append(rule.equals(PAPER) ? "With the paper's scales" : "With the proven rule").append(" (")
                    .append(String.join(", ", members.stream().map(m -> "`" + mechanisms.get(m).label() + "`")
                            .toList())).append("):\n\n");
            for (Pair pair : pairs) {
                int x = rule.equals(PAPER) ? pair.paper() : pair.proven();
                for (int u = 0; u < utilities.size(); u++) {
                    List<String> parts = new ArrayList<>();
                    for (int y : members) {
                        if (y == x) {
                            continue;
                        }
                        int[] c = below(experiment, byCell, x, y, u);
                        if (!isPaired(pairs, y) || pairIndex(pairs, y) > pairIndex(pairs, x)) {
                            // "x below y" and "y below x" between two pairs are one comparison: keep the first
                            counts.computeIfAbsent(rule, k -> new LinkedHashMap<>()).put(new Comparison(
                                    base(mechanisms, pairs, x), base(mechanisms, pairs, y), utilities.get(u).name()),
                                    c);
                        }
                        parts.add(String.format(Locale.ROOT, "`%s` in %d of %d cells (bands apart in %d)",
                                mechanisms.get(y).label(), c[0], c[2], c[1]));
                    }
                    if (!parts.isEmpty()) {
                        md.append("- `").append(mechanisms.get(x).label()).append("` has a lower mean ")
                                .append(utilities.get(u).name()).append(" than ")
                                .append(String.join(", than ", parts)).append(".\n");
                    }
                }
            }
            md.append('\n');
        }
        List<String> changes = new ArrayList<>();
        Map<Comparison, int[]> provenCounts = counts.getOrDefault(PROVEN, Map.of());
        counts.getOrDefault(PAPER, Map.of()).forEach((comparison, paperCount) -> {
            int[] provenCount = provenCounts.get(comparison);
            if (provenCount != null && provenCount[0] != paperCount[0]) {
                changes.add(String.format(Locale.ROOT, "- %s below %s in mean %s: %d of %d cells with the paper's "
                        + "scales, %d of %d with the proven rule%n", comparison.lower(), comparison.higher(),
                        comparison.utility(), paperCount[0], paperCount[2], provenCount[0], provenCount[2]));
            }
        });
        md.append("**What changes with the proven rule:** the noise scales grow by the factors above");
        if (changes.isEmpty()) {
            md.append(", and no ordering of the means changes: every comparison above has the same count under both "
                    + "rules.\n\n");
        } else {
            md.append(", and these orderings change (cells where the first has the lower mean):\n\n")
                    .append(String.join("", changes)).append('\n');
        }
    }

    /** The entries of one rule: its side of every pair, and every entry in no pair. */
    private static List<Integer> members(List<MechanismConfig> mechanisms, List<Pair> pairs, String rule) {
        List<Integer> members = new ArrayList<>();
        for (int m = 0; m < mechanisms.size(); m++) {
            int index = m;
            Optional<Pair> pair = pairs.stream().filter(p -> p.paper() == index || p.proven() == index).findFirst();
            if (pair.isEmpty() || (rule.equals(PAPER) ? pair.get().paper() : pair.get().proven()) == m) {
                members.add(m);
            }
        }
        return members;
    }

    /** "lower has a lower mean utility than higher", with paired entries named by both labels (rule-free). */
    private record Comparison(String lower, String higher, String utility) {
    }

    private static boolean isPaired(List<Pair> pairs, int m) {
        return pairIndex(pairs, m) >= 0;
    }

    /** The position of m's pair, or -1. */
    private static int pairIndex(List<Pair> pairs, int m) {
        for (int i = 0; i < pairs.size(); i++) {
            if (pairs.get(i).paper() == m || pairs.get(i).proven() == m) {
                return i;
            }
        }
        return -1;
    }

    private static String base(List<MechanismConfig> mechanisms, List<Pair> pairs, int m) {
        for (Pair pair : pairs) {
            if (pair.paper() == m || pair.proven() == m) {
                return "`" + mechanisms.get(pair.paper()).label() + "`/`" + mechanisms.get(pair.proven()).label()
                        + "`";
            }
        }
        return "`" + mechanisms.get(m).label() + "`";
    }

    /** {cells where mean_x < mean_y, cells where upper_x < lower_y, cells where both are defined}. */
    private static int[] below(Experiment experiment, Map<Integer, Map<Integer, Group>> byCell, int x, int y, int u) {
        int lower = 0;
        int apart = 0;
        int defined = 0;
        for (Cell cell : experiment.cells()) {
            Stat a = byCell.get(cell.index()).get(x).stats().get(u);
            Stat b = byCell.get(cell.index()).get(y).stats().get(u);
            if (a.count() == 0 || b.count() == 0) {
                continue;
            }
            defined++;
            if (a.mean() < b.mean()) {
                lower++;
                if (a.upper() < b.lower()) {
                    apart++;
                }
            }
        }
        return new int[] {lower, apart, defined};
    }

    // ---- decay in n -----------------------------------------------------------------------------------------------

    private static void decay(StringBuilder md, Experiment experiment, List<Group> groups) {
        Optional<SweepAxis> n = experiment.config().axis(SweepAxis.N);
        if (n.isEmpty() || n.get().values().size() < 3
                || experiment.axes().stream().anyMatch(a -> a.isSwept() && !a.name().equals(SweepAxis.N))) {
            return;
        }
        List<UtilityMeasure> utilities = experiment.utilities();
        md.append("## Decay in n\n\n");
        md.append("Least-squares slope of log(mean) against log(n) over the ").append(n.get().values().size())
                .append(" sample sizes (Soto et al. 2022, Theorem 3: errors fall like 1/n, slope -1).\n\n");
        StringBuilder header = new StringBuilder("| mechanism |");
        StringBuilder rule = new StringBuilder("|---|");
        for (UtilityMeasure utility : utilities) {
            header.append(' ').append(utility.name()).append(" |");
            rule.append("---|");
        }
        md.append(header).append('\n').append(rule).append('\n');
        for (int m = 0; m < experiment.mechanisms().size(); m++) {
            md.append("| `").append(experiment.mechanisms().get(m).label()).append("` |");
            for (int u = 0; u < utilities.size(); u++) {
                List<double[]> points = new ArrayList<>();
                for (Group group : groups) {
                    Stat stat = group.stats().get(u);
                    if (group.mechanism() == m && stat.count() > 0 && stat.mean() > 0) {
                        points.add(new double[] {Math.log(group.cell().n()), Math.log(stat.mean())});
                    }
                }
                md.append(' ').append(points.size() < 3 ? "-" : String.format(Locale.ROOT, "%.3f", slope(points)))
                        .append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    static double slope(List<double[]> points) {
        double mx = 0;
        double my = 0;
        for (double[] p : points) {
            mx += p[0];
            my += p[1];
        }
        mx /= points.size();
        my /= points.size();
        double sxy = 0;
        double sxx = 0;
        for (double[] p : points) {
            sxy += (p[0] - mx) * (p[1] - my);
            sxx += (p[0] - mx) * (p[0] - mx);
        }
        return sxy / sxx;
    }

    // ---- helpers ----------------------------------------------------------------------------------------------------

    private static Map<Integer, Map<Integer, Group>> index(List<Group> groups) {
        Map<Integer, Map<Integer, Group>> byCell = new LinkedHashMap<>();
        for (Group group : groups) {
            byCell.computeIfAbsent(group.cell().index(), k -> new LinkedHashMap<>()).put(group.mechanism(), group);
        }
        return byCell;
    }

    private static void extend(double[] range, double value) {
        if (Double.isFinite(value)) {
            range[0] = Math.min(range[0], value);
            range[1] = Math.max(range[1], value);
        }
    }

    /** "2.17" when the range is one value to three digits, else "1.9 to 2.3". */
    private static String range(double[] range) {
        if (range[0] > range[1]) {
            return "an undefined factor";
        }
        String low = ratio(range[0]);
        String high = ratio(range[1]);
        return low.equals(high) ? low + " in every cell" : low + " to " + high;
    }

    private static String ratio(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.3g", value) : "-";
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4g", value);
    }
}
