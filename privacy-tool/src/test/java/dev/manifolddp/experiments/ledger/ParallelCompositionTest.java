package dev.manifolddp.experiments.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The worst record's releases, against compositions written out by hand. */
class ParallelCompositionTest {

    private static ParallelComposition.Selected pure(double epsilon, String column, String... values) {
        return new ParallelComposition.Selected(new Composition.Charge(epsilon, 0, Double.NaN, true),
                column == null ? null : new ParallelComposition.Selection(column, List.of(values)));
    }

    @Test
    void disjointSelectionsCostTheirMaximumAndOverlapsAdd() {
        List<ParallelComposition.Selected> releases = List.of(pure(1, "class", "a"), pure(1, "class", "b"),
                pure(0.5, null), pure(0.25, "class", "b", "c"));
        ParallelComposition.Worst worst = ParallelComposition.compose(releases, 0, false);
        // records of class b are reached by 1 + 0.5 + 0.25; class a by 1.5; class c by 0.75; the rest by 0.5
        assertThat(worst.result().epsilon()).isCloseTo(1.75, within(1e-15));
        assertThat(worst.record()).isEqualTo("class = b");
        assertThat(worst.result().releases()).isEqualTo(3);
    }

    @Test
    void selectionsOnTwoColumnsCombineForTheWorstRecord() {
        List<ParallelComposition.Selected> releases = List.of(pure(1, "class", "a"), pure(0.7, "class", "b"),
                pure(0.3, "site", "x"), pure(0.4, "site", "y"));
        ParallelComposition.Worst worst = ParallelComposition.compose(releases, 0, false);
        assertThat(worst.result().epsilon()).isCloseTo(1.4, within(1e-15)); // class a at site y
        assertThat(worst.record()).isEqualTo("class = a, site = y");
    }

    @Test
    void subjectsAndReleasesWithoutSelectionComposeSequentially() {
        List<ParallelComposition.Selected> releases = List.of(pure(1, "class", "a"), pure(1, "class", "b"));
        // a subject's records may hold both classes: every release reaches it
        assertThat(ParallelComposition.compose(releases, 0, true).result().epsilon()).isCloseTo(2, within(1e-15));
        assertThat(ParallelComposition.compose(releases, 0, true).record()).isNull();
        List<ParallelComposition.Selected> whole = List.of(pure(1, null), pure(1, null));
        assertThat(ParallelComposition.compose(whole, 0, false).result().epsilon()).isCloseTo(2, within(1e-15));
    }
}
