package dev.manifolddp.experiments.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.mechanisms.PrivacyBudget;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's check says in a field, not in its notes' wording, whether --override-budget was used. */
class BudgetLedgerCheckTest {

    private static final DatasetKey KEY = new DatasetKey("trial", "a".repeat(64), "b".repeat(64));

    @TempDir
    Path folder;

    private static LedgerEntry spend(double epsilon, boolean override) {
        return new LedgerEntry("2026-11-28T00:00:00Z", "riemannian-laplace", epsilon, 0, "pure", "record", 0,
                override, "pure", null, true, "Delta/epsilon", null, null);
    }

    @Test
    void aReleaseWithinTheTotalIsNotAnOverride() {
        try (BudgetLedger ledger = BudgetLedger.open(folder.resolve("ledger.json"))) {
            BudgetLedger.Total total = new BudgetLedger.Total(1, 0);
            BudgetLedger.Check check = ledger.check(KEY, PrivacyBudget.pure(0.6), 0, total, true);
            assertThat(check.overridden()).isFalse();
            assertThat(check.notes()).noneMatch(n -> n.startsWith("OVERRIDE"));
        }
    }

    @Test
    void spendingPastTheTotalIsAnOverrideOnlyWhenAllowed() {
        Path file = folder.resolve("ledger.json");
        BudgetLedger.Total total = new BudgetLedger.Total(1, 0);
        try (BudgetLedger ledger = BudgetLedger.open(file)) {
            ledger.check(KEY, PrivacyBudget.pure(0.6), 0, total, false);
            ledger.record(KEY, "data.csv", total, spend(0.6, false));
        }
        try (BudgetLedger ledger = BudgetLedger.open(file)) {
            assertThatThrownBy(() -> ledger.check(KEY, PrivacyBudget.pure(0.6), 0, null, false))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--override-budget");
            BudgetLedger.Check check = ledger.check(KEY, PrivacyBudget.pure(0.6), 0, null, true);
            assertThat(check.overridden()).isTrue();
            assertThat(check.notes()).anyMatch(n -> n.startsWith("OVERRIDE: the release needs"));
        }
    }

    @Test
    void replacingTheDeclaredTotalIsAnOverride() {
        Path file = folder.resolve("ledger.json");
        try (BudgetLedger ledger = BudgetLedger.open(file)) {
            ledger.record(KEY, "data.csv", new BudgetLedger.Total(1, 0), spend(0.1, false));
        }
        try (BudgetLedger ledger = BudgetLedger.open(file)) {
            BudgetLedger.Check check = ledger.check(KEY, PrivacyBudget.pure(0.1), 0, new BudgetLedger.Total(2, 0),
                    true);
            assertThat(check.overridden()).isTrue();
            assertThat(check.notes()).anyMatch(n -> n.startsWith("OVERRIDE: the dataset's declared total changes"));
        }
    }
}
