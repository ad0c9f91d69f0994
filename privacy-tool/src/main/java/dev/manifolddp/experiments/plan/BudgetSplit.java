package dev.manifolddp.experiments.plan;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Splits a total epsilon over several planned releases of the same people (basic composition: the epsilons add) so
 * that the sum of their predicted errors is smallest (docs/plan.md). Each release's expected error is predicted on a
 * public grid of epsilons ({@link #FRACTIONS} of the total) and interpolated linearly in (log epsilon, log error)
 * between grid points; the split is the exact minimum over allocations in units of 1/{@link #UNITS} of the total (a
 * knapsack over the units), never below the grid's smallest fraction. Public inputs only: the predictions are the
 * planner's.
 */
public final class BudgetSplit {

    /** The total's fractions at which each release's error is predicted: 1, 2^-1/2, ..., 2^-6. */
    public static final double[] FRACTIONS = fractions();

    /** Units of the total the allocation is made in. */
    static final int UNITS = 256;

    private BudgetSplit() {
    }

    private static double[] fractions() {
        double[] f = new double[13];
        for (int j = 0; j < f.length; j++) {
            f[j] = Math.pow(2, -j / 2.0);
        }
        return f;
    }

    /**
     * One planned release's share.
     *
     * @param mechanism     the mechanism's label
     * @param n             its sample size
     * @param epsilon       its share of the total
     * @param expected      its predicted error at that share (interpolated)
     * @param equalShare    the equal split's epsilon, total / K
     * @param equalExpected its predicted error at the equal split
     */
    public record Share(String mechanism, int n, double epsilon, double expected, double equalShare,
            double equalExpected) {
    }

    /**
     * The best split of {@code total} over the releases, one per (mechanism, n) of {@code grid}, whose rows hold each
     * release's error at {@code total * FRACTIONS[j]}.
     *
     * @throws IllegalArgumentException naming the release when a grid point could not be predicted, or when there are
     *     more releases than the grid's smallest fraction allows ({@code total / K} below it)
     */
    public static List<Share> split(PlanResult grid, double total) {
        List<String> names = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (PlannedMechanism mechanism : grid.request().mechanisms()) {
            for (int n : grid.request().sizes()) {
                names.add(mechanism.label());
                sizes.add(n);
            }
        }
        int k = names.size();
        double smallest = FRACTIONS[FRACTIONS.length - 1];
        if (1.0 / k < smallest) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--total-epsilon: %d planned releases "
                    + "(--mechanism x --n) leave each less than 1/64 of the total; plan at most 64", k));
        }
        double[][] logErrors = new double[k][FRACTIONS.length];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < FRACTIONS.length; j++) {
                logErrors[i][j] = Math.log(error(grid, names.get(i), sizes.get(i), total * FRACTIONS[j]));
            }
        }
        int least = (int) Math.ceil(smallest * UNITS);
        // best[i][u]: the smallest sum of errors of releases 0..i-1 using u units
        double[][] best = new double[k + 1][UNITS + 1];
        int[][] choice = new int[k + 1][UNITS + 1];
        for (double[] row : best) {
            Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        best[0][0] = 0;
        for (int i = 0; i < k; i++) {
            for (int used = 0; used <= UNITS; used++) {
                if (best[i][used] == Double.POSITIVE_INFINITY) {
                    continue;
                }
                for (int u = least; used + u <= UNITS; u++) {
                    double cost = best[i][used] + Math.exp(interpolate(logErrors[i], (double) u / UNITS));
                    if (cost < best[i + 1][used + u]) {
                        best[i + 1][used + u] = cost;
                        choice[i + 1][used + u] = u;
                    }
                }
            }
        }
        int end = 0;
        for (int used = 0; used <= UNITS; used++) {
            if (best[k][used] < best[k][end]) {
                end = used;
            }
        }
        int[] units = new int[k];
        for (int i = k, used = end; i > 0; i--) {
            units[i - 1] = choice[i][used];
            used -= units[i - 1];
        }
        List<Share> shares = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            double fraction = (double) units[i] / UNITS;
            shares.add(new Share(names.get(i), sizes.get(i), total * fraction,
                    Math.exp(interpolate(logErrors[i], fraction)), total / k,
                    Math.exp(interpolate(logErrors[i], 1.0 / k))));
        }
        return shares;
    }

    /** The predicted error of (mechanism, n) at epsilon, or a refusal naming the row that could not be predicted. */
    private static double error(PlanResult grid, String mechanism, int n, double epsilon) {
        for (PlanRow row : grid.rows()) {
            if (row.mechanism().equals(mechanism) && row.n() == n && Math.abs(row.epsilon() - epsilon)
                    <= 1e-12 * epsilon && row.expected() > 0) {
                return row.expected();
            }
        }
        for (SkippedRow skipped : grid.skipped()) {
            if (skipped.mechanism().equals(mechanism) && skipped.n() == n) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--total-epsilon: %s at n = %d "
                        + "cannot be predicted at epsilon %.4g, so no split can include it: %s", mechanism, n, epsilon,
                        skipped.reason()));
            }
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "--total-epsilon: no prediction for %s at "
                + "n = %d and epsilon %.4g", mechanism, n, epsilon));
    }

    /** log error at {@code fraction}, linear in log fraction between the grid points (FRACTIONS decreases). */
    static double interpolate(double[] logErrors, double fraction) {
        double x = Math.log(fraction);
        for (int j = 0; j + 1 < FRACTIONS.length; j++) {
            double high = Math.log(FRACTIONS[j]);
            double low = Math.log(FRACTIONS[j + 1]);
            if (x <= high + 1e-12 && x >= low - 1e-12) {
                double t = (high - x) / (high - low);
                return logErrors[j] + t * (logErrors[j + 1] - logErrors[j]);
            }
        }
        throw new IllegalArgumentException("a fraction of the total outside the grid: " + fraction);
    }

    /** Prints the split beside the equal split. */
    public static void print(List<Share> shares, double total, double delta, PrintStream out) {
        out.printf(Locale.ROOT, "%nsplit of the total epsilon %.6g over %d release(s) of the same people (basic "
                + "composition), smallest summed expected error:%n", total, shares.size());
        out.printf(Locale.ROOT, "%-28s %8s %10s %12s %14s %12s%n", "mechanism", "n", "epsilon", "expected",
                "equal epsilon", "expected");
        double sum = 0;
        double equal = 0;
        for (Share share : shares) {
            out.printf(Locale.ROOT, "%-28s %8d %10.4g %12.4g %14.4g %12.4g%n", share.mechanism(), share.n(),
                    share.epsilon(), share.expected(), share.equalShare(), share.equalExpected());
            sum += share.expected();
            equal += share.equalExpected();
        }
        out.printf(Locale.ROOT, "%-28s %8s %10.4g %12.4g %14.4g %12.4g%n", "total", "",
                shares.stream().mapToDouble(Share::epsilon).sum(), sum, total, equal);
        if (delta > 0) {
            out.printf(Locale.ROOT, "each release spends delta %.4g (the total delta split equally)%n",
                    delta / shares.size());
        }
        out.println("(errors at a share between grid points are interpolated in log-log; each release's own plan "
                + "row at its share gives its simulated error)");
    }
}
