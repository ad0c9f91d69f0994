package dev.manifolddp.experiments.ledger;

import dev.manifolddp.mechanisms.GaussianCalibration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The composed cost of an account's releases under the tightest of two valid accountants (docs/accounting.md):
 * <ul>
 *   <li><b>basic</b> composition: the epsilons add and the deltas add (Dwork and Roth 2014, Thm 3.16);</li>
 *   <li><b>zCDP</b>: a release that states a zCDP parameter rho (the lattice Gaussians) and a pure epsilon-DP
 *   release (rho = epsilon^2 / 2, Bun and Steinke 2016, Prop. 1.4) compose by adding their rhos (Bun and Steinke
 *   2016, Lemma 1.7), and the sum converts to (epsilon, delta) by Canonne, Kamath, Steinke 2020, Cor. 13
 *   ({@link GaussianCalibration#zcdpDelta}). Releases stated only as (epsilon, delta) (KNG's fixed proposal budget,
 *   chains, unproven or void releases) cannot enter it: they compose with the zCDP group by basic composition.</li>
 * </ul>
 * Every split of the releases into a zCDP group and a basic group is a valid bound, so the smallest over the splits
 * tried is one too: the Gaussian releases together in or out, and the pure ones in or out by increasing epsilon (a pure
 * release's zCDP cost, epsilon^2/2, is small against its basic cost epsilon when epsilon is small). The zCDP group is
 * converted at the delta left by the basic group: {@code deltaTarget - sum of the basic group's deltas}.
 */
final class Composition {

    private Composition() {
    }

    /**
     * One release's cost at the account's unit.
     *
     * @param epsilon its epsilon
     * @param delta   its delta
     * @param rho     its zCDP parameter, or NaN when it states none
     * @param pure    true when it is pure epsilon-DP (delta 0, proven): then it is also (epsilon^2/2)-zCDP
     */
    record Charge(double epsilon, double delta, double rho, boolean pure) {
    }

    /**
     * The composed cost.
     *
     * @param releases     the releases composed
     * @param epsilon      the smallest composed epsilon found
     * @param delta        its delta: the basic sum, or the target the zCDP conversion was made at
     * @param rho          the zCDP group's rho when zCDP gave the bound, else 0
     * @param zcdpReleases the releases in the zCDP group (0 for basic composition)
     * @param convertedAt  the delta the zCDP group was converted at (the target less the basic group's delta)
     * @param basicEpsilon the basic composition's epsilon, for comparison
     * @param basicDelta   the basic composition's delta
     */
    record Result(int releases, double epsilon, double delta, double rho, int zcdpReleases, double convertedAt,
            double basicEpsilon, double basicDelta) {

        boolean zcdp() {
            return zcdpReleases > 0;
        }

        /** Which accountant gave the bound, in words. */
        String accountant() {
            if (!zcdp()) {
                return "basic composition";
            }
            String rest = zcdpReleases < releases ? String.format(Locale.ROOT, " plus basic composition for the "
                    + "other %d", releases - zcdpReleases) : "";
            return String.format(Locale.ROOT, "zCDP for %d release(s) (rho = %.6g, converted at delta %.3g)%s: %s "
                    + "in all, where basic composition alone gives %s", zcdpReleases, rho, convertedAt, rest,
                    BudgetLedger.amount(epsilon, delta), BudgetLedger.amount(basicEpsilon, basicDelta));
        }
    }

    /**
     * The tightest composition found of {@code charges}, with the zCDP group converted at
     * {@code deltaTarget} less the basic group's delta; basic composition when no split does better (always when
     * {@code deltaTarget} is 0).
     */
    static Result compose(List<Charge> charges, double deltaTarget) {
        double basicEpsilon = 0;
        double basicDelta = 0;
        for (Charge charge : charges) {
            basicEpsilon += charge.epsilon();
            basicDelta += charge.delta();
        }
        Result best = new Result(charges.size(), basicEpsilon, basicDelta, 0, 0, 0, basicEpsilon, basicDelta);
        if (!(deltaTarget > 0) || charges.isEmpty()) {
            return best;
        }
        List<Charge> gaussians = new ArrayList<>();
        List<Charge> pures = new ArrayList<>();
        double otherEpsilon = 0;
        double otherDelta = 0;
        for (Charge charge : charges) {
            if (!Double.isNaN(charge.rho())) {
                gaussians.add(charge);
            } else if (charge.pure()) {
                pures.add(charge);
            } else {
                otherEpsilon += charge.epsilon();
                otherDelta += charge.delta();
            }
        }
        pures.sort(Comparator.comparingDouble(Charge::epsilon));
        for (boolean withGaussians : gaussians.isEmpty() ? new boolean[] {false} : new boolean[] {true, false}) {
            for (int k = 0; k <= pures.size(); k++) {
                double rho = 0;
                double restEpsilon = otherEpsilon;
                double restDelta = otherDelta;
                int members = 0;
                for (Charge g : gaussians) {
                    if (withGaussians) {
                        rho += g.rho();
                        members++;
                    } else {
                        restEpsilon += g.epsilon();
                        restDelta += g.delta();
                    }
                }
                for (int i = 0; i < pures.size(); i++) {
                    if (i < k) {
                        rho += pures.get(i).epsilon() * pures.get(i).epsilon() / 2;
                        members++;
                    } else {
                        restEpsilon += pures.get(i).epsilon();
                    }
                }
                double left = deltaTarget - restDelta;
                if (members == 0 || !(rho > 0) || !(left > 0)) {
                    continue;
                }
                double epsilon = zcdpEpsilon(rho, left) + restEpsilon;
                if (epsilon < best.epsilon()) {
                    best = new Result(charges.size(), epsilon, deltaTarget, rho, members, left, basicEpsilon,
                            basicDelta);
                }
            }
        }
        return best;
    }

    /**
     * The smallest epsilon (to a relative 1e-12, rounded up) at which a rho-zCDP mechanism is (epsilon, delta)-DP by
     * {@link GaussianCalibration#zcdpDelta}; at most Bun and Steinke 2016's {@code rho + 2 sqrt(rho ln(1/delta))}.
     */
    static double zcdpEpsilon(double rho, double delta) {
        if (!(rho > 0) || !Double.isFinite(rho) || !(delta > 0) || !(delta < 1)) {
            throw new IllegalArgumentException("zCDP conversion needs rho > 0 and delta in (0, 1). Provided values: "
                    + "rho = " + rho + ", delta = " + delta);
        }
        double high = rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
        double low = 0;
        for (int step = 0; step < 200 && high - low > 1e-12 * high; step++) {
            double mid = 0.5 * (low + high);
            if (GaussianCalibration.zcdpDelta(mid, rho) <= delta) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }
}
