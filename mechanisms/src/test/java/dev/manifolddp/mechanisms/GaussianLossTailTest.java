package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The log-space privacy-loss tail against a 100-digit reference: {@code Phi(a) - e^epsilon Phi(b)} with Phi by the
 * Taylor series of erf near the centre and by the Mills-ratio continued fraction in the tail, and
 * {@code e^epsilon Phi(b) = phi(a) M(b)} (exact, since {@code b^2 - a^2 = 2 epsilon}) where e^epsilon is beyond a
 * double. The points cover tails from 1e-1 to 1e-300, the large-sigma regime where the direct difference cancels,
 * and epsilon beyond 709.8 where {@code e^epsilon} overflowed.
 */
class GaussianLossTailTest {

    private static final MathContext MC = new MathContext(100);
    private static final BigDecimal PI = new BigDecimal("3.14159265358979323846264338327950288419716939937510"
            + "58209749445923078164062862089986280348253421170679");
    private static final BigDecimal TWO_PI = PI.multiply(BigDecimal.valueOf(2), MC);

    @ParameterizedTest
    @CsvSource({
        "1,     3.73",
        "1,     1",
        "0.5,   7.03",
        "0.1,   36.3",
        "5,     0.98",
        "5,     0.3",
        "20,    0.2",
        "1e-6,  4e4",
        "1e-10, 1e9",
        "1e-3,  1e5",
        "50,    0.1",
        "800,   0.0278",
        "800,   0.05",
        "1e4,   0.0073",
        "2,     6"})
    void logTailMatchesAHundredDigitReference(double epsilon, double sigma) {
        BigDecimal reference = referenceTail(epsilon, sigma);
        double logReference = log(reference);
        double computed = GaussianLossTail.log(epsilon, sigma);
        assertThat(computed).as("log tail at epsilon %s, sigma %s (reference %s)", epsilon, sigma, reference)
                .isCloseTo(logReference, within(1e-9 * Math.max(1, Math.abs(logReference))));
    }

    /** {@code Phi(a) - e^epsilon Phi(b)} to 100 digits. */
    private static BigDecimal referenceTail(double epsilon, double sigma) {
        BigDecimal s = new BigDecimal(sigma);
        BigDecimal e = new BigDecimal(epsilon);
        BigDecimal half = BigDecimal.ONE.divide(s.multiply(BigDecimal.valueOf(2)), MC);
        BigDecimal m = e.multiply(s, MC);
        BigDecimal a = half.subtract(m, MC);
        BigDecimal b = half.negate().subtract(m, MC);
        BigDecimal second = b.doubleValue() < -8 ? density(a).multiply(mills(b), MC)
                : exp(e).multiply(cdf(b), MC);
        return cdf(a).subtract(second, MC);
    }

    private static BigDecimal cdf(BigDecimal x) {
        if (x.doubleValue() < -8) {
            return density(x).multiply(mills(x), MC);
        }
        if (x.doubleValue() > 8) {
            return BigDecimal.ONE.subtract(density(x).multiply(mills(x.negate()), MC), MC);
        }
        // Phi(x) = 1/2 + (1/sqrt(2 pi)) sum_n (-1)^n x^(2n+1) / (2^n n! (2n+1))
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal power = x;
        BigDecimal x2 = x.multiply(x, MC).divide(BigDecimal.valueOf(2), MC);
        for (int n = 0; n < 2000; n++) {
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * n + 1), MC);
            sum = sum.add(term, MC);
            power = power.multiply(x2, MC).divide(BigDecimal.valueOf(n + 1), MC).negate();
            if (term.abs().compareTo(new BigDecimal("1e-120")) < 0 && n > 10) {
                break;
            }
        }
        return new BigDecimal("0.5").add(sum.divide(TWO_PI.sqrt(MC), MC), MC);
    }

    private static BigDecimal density(BigDecimal x) {
        BigDecimal exponent = x.multiply(x, MC).divide(BigDecimal.valueOf(2), MC);
        return BigDecimal.ONE.divide(exp(exponent).multiply(TWO_PI.sqrt(MC), MC), MC);
    }

    /** {@code Phi(x) / phi(x)} for {@code x < -8}: the continued fraction {@code 1/(t + 1/(t + 2/(t + ...)))}. */
    private static BigDecimal mills(BigDecimal x) {
        BigDecimal t = x.negate();
        BigDecimal fraction = t;
        for (int k = 400; k >= 1; k--) {
            fraction = t.add(BigDecimal.valueOf(k).divide(fraction, MC), MC);
        }
        return BigDecimal.ONE.divide(fraction, MC);
    }

    /** e^x for x >= 0 by its series on x / 2^k, squared back k times. */
    private static BigDecimal exp(BigDecimal x) {
        int halvings = Math.max(0, (int) Math.ceil(Math.log(Math.max(x.doubleValue(), 1)) / Math.log(2)) + 1);
        BigDecimal reduced = x.divide(BigDecimal.valueOf(2).pow(halvings), MC);
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int n = 1; n < 500; n++) {
            term = term.multiply(reduced, MC).divide(BigDecimal.valueOf(n), MC);
            sum = sum.add(term, MC);
            if (term.compareTo(new BigDecimal("1e-110")) < 0) {
                break;
            }
        }
        for (int i = 0; i < halvings; i++) {
            sum = sum.multiply(sum, MC);
        }
        return sum;
    }

    /** The natural log of a positive BigDecimal, through its decimal exponent (a double suffices for 1e-9). */
    private static double log(BigDecimal value) {
        int shift = value.precision() - value.scale() - 1;
        BigDecimal mantissa = value.movePointLeft(shift);
        return Math.log(mantissa.doubleValue()) + shift * Math.log(10);
    }
}
