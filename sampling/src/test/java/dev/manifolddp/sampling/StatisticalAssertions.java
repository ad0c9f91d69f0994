package dev.manifolddp.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * Kolmogorov-Smirnov assertions at a stated significance level. Every test that uses them runs with a fixed seed, so
 * it is deterministic; with a random seed it would fail with probability alpha when the sampler is right.
 */
public final class StatisticalAssertions {

    /** The significance level used throughout the module's statistical tests. */
    public static final double ALPHA = 1e-3;

    private StatisticalAssertions() {
    }

    /** One-sample KS: {@code sample} is drawn from the law with this CDF (p-value >= ALPHA). */
    public static void assertFollows(String what, double[] sample, DoubleUnaryOperator cdf) {
        double p = KolmogorovSmirnovTest.withDefaults().test(sample, cdf).getPValue();
        assertThat(p).as("KS p-value of %s (n = %d)", what, sample.length).isGreaterThanOrEqualTo(ALPHA);
    }

    /** Two-sample KS: both samples come from the same law (p-value >= ALPHA). */
    public static void assertSameLaw(String what, double[] x, double[] y) {
        double p = KolmogorovSmirnovTest.withDefaults().test(x, y).getPValue();
        assertThat(p).as("two-sample KS p-value of %s (n = %d, m = %d)", what, x.length, y.length)
                .isGreaterThanOrEqualTo(ALPHA);
    }

    /** One-sample KS p-value, for tests that expect a rejection. */
    public static double pValue(double[] sample, DoubleUnaryOperator cdf) {
        return KolmogorovSmirnovTest.withDefaults().test(sample, cdf).getPValue();
    }
}
