package dev.manifolddp.experiments.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link Stat}: the summary of a cell's replicates. */
class StatTest {

    /**
     * Twenty copies of a value whose sum rounds (0.0019960806801647326, the non-private prediction error of the rats'
     * regression, the same in every replicate): the mean is the value itself and the spread exactly 0, not an ulp off
     * with a spread of about 1e-19.
     */
    @Test
    void identicalValuesHaveTheirValueAsMeanAndNoSpread() {
        double value = 0.0019960806801647326;
        double[] values = new double[20];
        Arrays.fill(values, value);
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        assertThat(sum / 20).as("the naive mean is off, so the test can fail").isNotEqualTo(value);
        Stat stat = Stat.of(values);
        assertThat(stat.mean()).isEqualTo(value);
        assertThat(stat.median()).isEqualTo(value);
        assertThat(stat.standardDeviation()).isZero();
        assertThat(stat.standardError()).isZero();
        assertThat(stat.lower()).isEqualTo(value);
        assertThat(stat.upper()).isEqualTo(value);
    }

    @Test
    void oneValueHasNoSpreadAndUndefinedValuesAreLeftOut() {
        Stat one = Stat.of(new double[] {Double.NaN, 2.5, Double.NaN});
        assertThat(one.count()).isOne();
        assertThat(one.mean()).isEqualTo(2.5);
        assertThat(one.standardDeviation()).isNaN();
        assertThat(Stat.of(new double[] {Double.NaN}).mean()).isNaN();
    }

    @Test
    void differentValuesKeepTheSampleFormulas() {
        Stat stat = Stat.of(new double[] {1, 2, 3, 4});
        assertThat(stat.mean()).isEqualTo(2.5);
        assertThat(stat.median()).isEqualTo(2.5);
        assertThat(stat.standardDeviation()).isEqualTo(Math.sqrt(5.0 / 3));
        assertThat(stat.standardError()).isEqualTo(Math.sqrt(5.0 / 3) / 2);
    }
}
