package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The 2 x 2 closed-form logarithm ({@link SymmetricLog2}) against a reference computed from the exact eigenvalues of
 * the very matrix passed in (40-digit decimal arithmetic for {@code m +- s} and the ratio {@code mu_1/mu_2}, so no
 * cancellation of the test's own), and against the eigensolver path ({@link MatrixFunctions#logm}), near equal
 * eigenvalues (both sides of the series switch) and at condition numbers up to 1e12.
 */
class SymmetricLog2Test {

    private static final MathContext DIGITS = new MathContext(40);
    private static final double U = 0x1.0p-53;

    @Test
    void nearlyEqualEigenvaluesMatchTheExactLogarithmAndTheEigenPath() {
        Random random = new Random(5);
        double[] gaps = {0, 1e-17, 1e-14, 1e-10, 1e-6, 1e-3, 0.05, 0.0999, 0.1, 0.1001, 0.2, 0.5};
        for (double scale : new double[] {1e-3, 1, 7.5, 1e3}) {
            for (double z : gaps) {
                for (int trial = 0; trial < 20; trial++) {
                    double[] a = rotated(scale * (1 + z), scale * (1 - z), random.nextDouble() * Math.PI);
                    double[] closed = new double[4];
                    SymmetricLog2.logm(a, closed);
                    double[] exact = exactLog(a);
                    double size = frobenius(exact);
                    assertThat(distance(closed, exact)).as("scale %s, z %s: closed form vs exact", scale, z)
                            .isLessThanOrEqualTo(8 * U * (1 + size));
                    assertThat(distance(closed, eigenPathLog(a))).as("scale %s, z %s: vs eigen path", scale, z)
                            .isLessThanOrEqualTo(16 * U * (1 + size));
                }
            }
        }
    }

    @Test
    void illConditionedMatricesKeepTheSmallEigenvaluesLogarithm() {
        Random random = new Random(6);
        for (double condition : new double[] {1e2, 1e4, 1e8, 1e12}) {
            for (int trial = 0; trial < 50; trial++) {
                double top = Math.exp(4 * random.nextGaussian());
                double[] a = rotated(top, top / condition, random.nextDouble() * Math.PI);
                double[] closed = new double[4];
                SymmetricLog2.logm(a, closed);
                double[] exact = exactLog(a);
                double size = frobenius(exact);
                // the closed form works from the determinant and the large eigenvalue, both accurate to a few ulps
                assertThat(distance(closed, exact)).as("condition %s: closed form vs exact", condition)
                        .isLessThanOrEqualTo(8 * U * (1 + size));
                // the eigensolver finds the small eigenvalue to an absolute u |A|, i.e. relative u * condition
                assertThat(distance(closed, eigenPathLog(a))).as("condition %s: vs eigen path", condition)
                        .isLessThanOrEqualTo(8 * U * condition + 16 * U * (1 + size));
            }
        }
    }

    @Test
    void theSeriesAndTheLogarithmAgreeAtTheSwitch() {
        double m = 1.3;
        double below = Math.sqrt(SymmetricLog2.SERIES_LIMIT) * (1 - 1e-12) * m;
        double above = Math.sqrt(SymmetricLog2.SERIES_LIMIT) * (1 + 1e-12) * m;
        double alpha = 0.5 * Math.log((m + below) * (m - below));
        double alphaAbove = 0.5 * Math.log((m + above) * (m - above));
        double slopeBelow = SymmetricLog2.slope(m, below, alpha);
        double slopeAbove = SymmetricLog2.slope(m, above, alphaAbove);
        double atanhBelow = 0.5 * Math.log1p(2 * below / (m - below)) / below;
        assertThat(slopeBelow).isCloseTo(atanhBelow, org.assertj.core.data.Offset.offset(4 * U));
        assertThat(slopeAbove).isCloseTo(slopeBelow, org.assertj.core.data.Offset.offset(1e-13));
        assertThat(SymmetricLog2.slope(m, 0, Math.log(m))).isEqualTo(1 / m);
    }

    @Test
    void refusesMatricesThatAreNotPositiveDefinite() {
        double[] out = new double[4];
        assertThatThrownBy(() -> SymmetricLog2.logm(new double[] {1, 2, 2, 1}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive definite");
        assertThatThrownBy(() -> SymmetricLog2.logm(new double[] {Double.NaN, 0, 0, 1}, out))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SymmetricLog2.logm(new double[] {Double.POSITIVE_INFINITY, 0, 0, 1}, out))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code R(theta) diag(mu1, mu2) R(theta)^T}, rounded to doubles. */
    private static double[] rotated(double mu1, double mu2, double theta) {
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double off = (mu1 - mu2) * c * s;
        return new double[] {mu1 * c * c + mu2 * s * s, off, off, mu1 * s * s + mu2 * c * c};
    }

    /**
     * The logarithm of the given double matrix from its exact eigenvalues: {@code m, s, det} and
     * {@code mu_1/mu_2 - 1 = ((m + s)^2 - det)/det} in 40 digits, then {@code alpha = ln(det)/2} and
     * {@code beta = log1p(mu_1/mu_2 - 1)/(2 s)} (or 1/m at s = 0), each rounded once.
     */
    private static double[] exactLog(double[] a) {
        BigDecimal a11 = new BigDecimal(a[0]);
        BigDecimal a12 = new BigDecimal(a[1]);
        BigDecimal a22 = new BigDecimal(a[3]);
        BigDecimal half = new BigDecimal("0.5");
        BigDecimal m = a11.add(a22).multiply(half);
        BigDecimal h = a11.subtract(a22).multiply(half);
        BigDecimal s = h.multiply(h).add(a12.multiply(a12)).sqrt(DIGITS);
        BigDecimal det = a11.multiply(a22).subtract(a12.multiply(a12));
        BigDecimal top = m.add(s);
        BigDecimal ratioMinusOne = top.multiply(top).subtract(det).divide(det, DIGITS);
        double alpha = 0.5 * Math.log(det.doubleValue());
        double sDouble = s.doubleValue();
        double beta = sDouble == 0 ? 1 / m.doubleValue() : Math.log1p(ratioMinusOne.doubleValue()) / (2 * sDouble);
        double hd = h.doubleValue();
        return new double[] {alpha + beta * hd, beta * a[1], beta * a[1], alpha - beta * hd};
    }

    private static double[] eigenPathLog(double[] a) {
        double[] out = new double[4];
        MatrixFunctions.logm(a, out, new SpdWorkspace(2), "A");
        return out;
    }

    private static double distance(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += (x[i] - y[i]) * (x[i] - y[i]);
        }
        return Math.sqrt(sum);
    }

    private static double frobenius(double[] x) {
        double sum = 0;
        for (double v : x) {
            sum += v * v;
        }
        return Math.sqrt(sum);
    }
}
