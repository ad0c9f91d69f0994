package dev.manifolddp.experiments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.manifolddp.experiments.ledger.BudgetLedger;
import dev.manifolddp.mechanisms.PrivacyBudget;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mdp budget}: shows the budget ledger's accounts (docs/accounting.md): each account's releases as typed
 * privacy events, its unit of privacy, what it has spent under basic composition and under the tightest accountant,
 * what is left of its declared total, and whether a next release of a given size would fit and why not. With
 * {@code --total-epsilon} it declares an account's total once (a named dataset's account is created if absent).
 * Reads no data: the ledger holds amounts only.
 */
@Command(name = "budget", mixinStandardHelpOptions = true,
        description = "Show the privacy budget ledger's accounts, or declare an account's total.")
final class BudgetCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Option(names = "--ledger", paramLabel = "FILE",
            description = "The budget ledger (default ~/.manifolddp/ledger.json).")
    Path ledger;

    @Option(names = "--dataset", paramLabel = "NAME", description = "Only the account of the dataset declared with "
            + "--dataset NAME on release.")
    String dataset;

    @Option(names = "--account", paramLabel = "KEY", description = "Only the account with this key (as listed, e.g. "
            + "content:3f2a...).")
    String account;

    @Option(names = "--total-epsilon", paramLabel = "E", description = "Declare the account's total epsilon (needs "
            + "--dataset or --account; fixed once declared).")
    String totalEpsilon;

    @Option(names = "--total-delta", paramLabel = "D", description = "The total delta declared with --total-epsilon "
            + "(default 0).")
    String totalDelta;

    @Option(names = "--override-budget", description = "Replace a total already declared.")
    boolean overrideBudget;

    @Option(names = "--epsilon", paramLabel = "E", description = "Say whether a next record-level release spending "
            + "this epsilon (and --delta) would fit in each account shown.")
    String epsilon;

    @Option(names = "--delta", paramLabel = "D", description = "The next release's delta (default 0).")
    String delta;

    @Override
    public Integer call() {
        if (dataset != null && account != null) {
            throw new IllegalArgumentException("--dataset and --account name the same thing two ways; give one. "
                    + "Provided values: --dataset " + dataset + ", --account " + account);
        }
        String only = dataset != null ? "dataset:" + dataset : account;
        Path file = ledger != null ? ledger : Path.of(System.getProperty("user.home"), ".manifolddp", "ledger.json");
        BudgetLedger.Request next = nextRelease();
        BudgetLedger.Total total = declaredTotal(only);
        if (total == null && !Files.exists(file)) {
            throw new IllegalArgumentException("--ledger " + file + " does not exist: no release has been charged to "
                    + "it yet (mdp release --ledger FILE creates it), and there is nothing to show");
        }
        try (BudgetLedger accounts = BudgetLedger.open(file)) {
            if (total != null) {
                accounts.declareTotal(only, total, overrideBudget);
                parent.out.printf(Locale.ROOT, "declared the total %s for %s in %s%n", total, only, file);
            }
            List<String> keys = only == null ? accounts.accounts() : List.of(only);
            if (only != null && !accounts.accounts().contains(only)) {
                throw new IllegalArgumentException(String.format("%s: the ledger %s has no account %s; its accounts "
                        + "are: %s", dataset != null ? "--dataset" : "--account", file, only,
                        accounts.accounts().isEmpty() ? "(none)" : String.join(", ", accounts.accounts())));
            }
            parent.out.println("ledger   " + file);
            if (keys.isEmpty()) {
                parent.out.println("(no accounts)");
            }
            for (String key : keys) {
                show(parent.out, accounts, key, next);
            }
        }
        return 0;
    }

    private BudgetLedger.Request nextRelease() {
        if (epsilon == null) {
            if (delta != null) {
                throw new IllegalArgumentException("--delta needs --epsilon: give the next release's whole budget. "
                        + "Provided value: --delta " + delta);
            }
            return null;
        }
        return BudgetLedger.Request.of(new PrivacyBudget(NumericFlag.positive("--epsilon", epsilon,
                "the next release's epsilon"), delta == null ? 0 : NumericFlag.delta("--delta", delta)));
    }

    private BudgetLedger.Total declaredTotal(String only) {
        BudgetLedger.Total total = ReleaseCommand.declaredTotal(totalEpsilon, totalDelta);
        if (total == null && overrideBudget) {
            throw new IllegalArgumentException("--override-budget replaces a declared total: give the new one with "
                    + "--total-epsilon (and --total-delta)");
        }
        if (total != null && only == null) {
            throw new IllegalArgumentException("--total-epsilon needs --dataset NAME or --account KEY: a total "
                    + "belongs to one account. Provided value: --total-epsilon " + totalEpsilon);
        }
        return total;
    }

    private static void show(PrintStream out, BudgetLedger accounts, String key, BudgetLedger.Request next) {
        out.println();
        out.println("account  " + key);
        String file = accounts.fileOf(key);
        if (file != null) {
            out.println("  file        " + file + " (the last release's)");
        }
        BudgetLedger.Total total = accounts.totalOf(key);
        out.println("  total       " + (total == null ? "none declared (mdp budget --total-epsilon E sets it)"
                : total.toString()));
        List<JsonNode> events = accounts.events(key);
        BudgetLedger.Spending spent = accounts.spendingOf(key, null, 0);
        out.println("  unit        " + (spent.recordsPerSubject() > 0 ? "one subject of at most "
                + spent.recordsPerSubject() + " records (record-level releases are group-converted)" : "one record"));
        out.printf(Locale.ROOT, "  releases    %d%n", events.size());
        if (!events.isEmpty()) {
            out.printf(Locale.ROOT, "    %-20s  %-24s  %-13s  %-13s  %11s  %11s  %11s  %s%n", "time", "mechanism",
                    "event", "guarantee", "epsilon", "delta", "rho", "unit");
        }
        for (JsonNode event : events) {
            String guarantee = event.path("guarantee").asText("?");
            String kind = event.hasNonNull("event") ? event.get("event").asText() : "(not recorded)";
            int m = event.path("recordsPerSubject").asInt(0);
            out.printf(Locale.ROOT, "    %-20s  %-24s  %-13s  %-13s  %11.4g  %11.4g  %11s  %s%n",
                    event.path("time").asText("?"), event.path("mechanism").asText("?"), kind, guarantee,
                    event.path("epsilon").asDouble(), event.path("delta").asDouble(),
                    event.hasNonNull("rho") ? String.format(Locale.ROOT, "%.4g", event.get("rho").asDouble()) : "-",
                    (m > 0 ? "subject (M = " + m + ")" : "record")
                            + (event.path("overrideBudget").asBoolean(false) ? ", over the total" : "")
                            + (event.has("exactSampler") && !event.get("exactSampler").asBoolean() ? ", MCMC" : ""));
        }
        out.printf(Locale.ROOT, "  spent       %s by %s%n", amount(spent.epsilon(), spent.delta()),
                spent.accountant());
        if (total != null && spent.zcdp()) {
            out.printf(Locale.ROOT, "  left        epsilon %.6g, delta %.6g by basic composition alone%n",
                    Math.max(0, total.epsilon() - spent.basicEpsilon()),
                    Math.max(0, total.delta() - spent.basicDelta()));
        }
        if (total != null) {
            out.printf(Locale.ROOT, "  left        epsilon %.6g, delta %.6g%s%n",
                    Math.max(0, total.epsilon() - spent.epsilon()), Math.max(0, total.delta() - spent.delta()),
                    spent.zcdp() ? " by zCDP (it converts at the total's delta, so the "
                            + "delta shown as spent is the total's; a next release's cost is not additive)" : "");
        }
        for (String note : spent.notes()) {
            out.println("  note        " + note);
        }
        if (next != null) {
            BudgetLedger.Spending after = accounts.spendingOf(key, next, 0);
            String size = amount(next.budget().epsilon(), next.budget().delta());
            if (total == null) {
                out.println("  next " + size + ": no total is declared, so nothing limits it; it would bring the "
                        + "account to " + amount(after.epsilon(), after.delta()));
            } else if (after.epsilon() > total.epsilon() * (1 + 1e-9) || after.delta() > total.delta() * (1 + 1e-9)) {
                out.println("  next " + size + ": would be REFUSED: with it the account would have spent "
                        + amount(after.epsilon(), after.delta()) + " by " + after.accountant() + ", beyond the total "
                        + total + (next.budget().delta() > 0 && total.delta() == 0 ? "; the total is pure, so no "
                        + "release that spends delta fits" : ""));
            } else {
                out.println("  next " + size + ": fits; the account would have spent "
                        + amount(after.epsilon(), after.delta()) + " by " + after.accountant());
            }
        }
    }

    private static String amount(double epsilon, double delta) {
        return String.format(Locale.ROOT, "(epsilon, delta) = (%.6g, %.6g)", epsilon, delta);
    }
}
