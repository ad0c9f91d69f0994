package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DividedDifferencesTest {

    @Test
    void logDividedDifferenceIsAccurateForCloseAndDistantArguments() {
        for (double x : new double[] {1e-6, 0.3, 1, 7.5, 1e5}) {
            assertThat(DividedDifferences.log(x, x)).isEqualTo(1 / x);
            for (double h : new double[] {1e-15, 1e-12, 1e-8, 1e-5, 1e-3}) {
                double y = x * (1 + h);
                double hh = y / x - 1; // the relative step actually represented
                // (ln y - ln x)/(y - x) = log1p(hh)/(x hh) = (1 - hh/2 + hh^2/3 - hh^3/4 + ...)/x
                double expected = 0;
                for (int n = 8; n >= 0; n--) {
                    expected = 1.0 / (n + 1) - hh * expected;
                }
                expected /= x;
                assertThat(relative(DividedDifferences.log(y, x), expected)).as("x = %s, h = %s", x, h)
                        .isLessThan(4e-16);
                assertThat(relative(DividedDifferences.log(x, y), expected)).isLessThan(4e-16);
            }
        }
        assertThat(relative(DividedDifferences.log(1e-4, 1), Math.log(1e-4) / (1e-4 - 1))).isLessThan(1e-15);
    }

    @Test
    void expDividedDifferenceIsAccurateForCloseAndDistantArguments() {
        for (double a : new double[] {-30, -1, 0, 2.5, 700}) {
            assertThat(DividedDifferences.exp(a, a)).isEqualTo(Math.exp(a));
            for (double d : new double[] {1e-300, 1e-15, 1e-10, 1e-6, 1e-3}) {
                double b = a + d;
                double dd = b - a; // the step actually represented
                // (e^b - e^a)/(b - a) = e^a (1 + dd/2! + dd^2/3! + ...), summed by Horner
                double series = 1;
                for (int n = 9; n >= 2; n--) {
                    series = 1 + dd * series / n;
                }
                double expected = Math.exp(a) * series;
                assertThat(relative(DividedDifferences.exp(b, a), expected)).as("a = %s, d = %s", a, d)
                        .isLessThan(4e-15);
            }
        }
        assertThat(relative(DividedDifferences.exp(3, -2), (Math.exp(3) - Math.exp(-2)) / 5)).isLessThan(1e-15);
        assertThat(DividedDifferences.exp(709, 700)).isFinite();
    }

    @Test
    void theTwoDifferencesAreReciprocalOnLogarithms() {
        // DExpm at Logm p inverts DLogm at p entrywise: exp[ln x, ln y] * log[x, y] = 1.
        Random random = new Random(5);
        for (int t = 0; t < 10_000; t++) {
            double x = Math.exp(3 * random.nextGaussian());
            double y = t % 2 == 0 ? x * (1 + 1e-9 * random.nextGaussian()) : Math.exp(3 * random.nextGaussian());
            double product = DividedDifferences.exp(Math.log(x), Math.log(y)) * DividedDifferences.log(x, y);
            assertThat(Math.abs(product - 1)).isLessThan(1e-13);
        }
    }

    private static double relative(double actual, double expected) {
        return Math.abs(actual - expected) / Math.abs(expected);
    }
}
