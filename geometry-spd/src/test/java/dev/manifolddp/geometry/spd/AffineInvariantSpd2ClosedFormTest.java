package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The k = 2 closed forms of {@link AffineInvariantSpd} against its eigensolver route at k = 3 on the block-diagonal
 * embedding {@code X -> diag(X, 1)}: the embedding is an isometry onto a totally geodesic submanifold (it commutes
 * with the matrix functions and whitening), so exp, log, distance and inner products agree, and the k = 3 basis at
 * {@code diag(p, 1)} holds the k = 2 basis (vectors 0, 1 and the (0, 1) vector, index 3) in its top-left block. Points
 * range from near-identical pairs to condition numbers of 1e6.
 */
class AffineInvariantSpd2ClosedFormTest {

    private final AffineInvariantSpd two = new AffineInvariantSpd(2);
    private final AffineInvariantSpd three = new AffineInvariantSpd(3);

    @Test
    void expLogDistanceInnerAndBasisMatchTheEigenRoute() {
        Random random = new Random(17);
        for (int trial = 0; trial < 400; trial++) {
            double[] p = randomSpd(random, trial % 4 == 0 ? 6 : 1);
            double[] q = trial % 5 == 0 ? nearby(p, random, 1e-9) : randomSpd(random, trial % 3 == 0 ? 6 : 1);
            // tangent vectors of p-norm about 1.5 at most, so that exp(p, v) stays representable
            double smallest = (p[0] * p[3] - p[1] * p[1]) / (p[0] + p[3]); // between lambda_min / 2 and lambda_min
            double[] v = symmetric(random, 1.5 * smallest);
            double[] u = symmetric(random, 1.5);

            // the eigen route finds a small eigenvalue of W q W to an absolute u times the largest, so its
            // logarithm carries a relative error up to about u times the condition number of that matrix; and
            // log(p, q) = p^(1/2) Logm(W q W) p^(1/2) carries that absolute u times |p| (both routes measure a few
            // |p| u against a 60-digit reference at |p| = 2.7e4, trial 40)
            double conditioning = 1e-15 * condition(p) * condition(q);
            double[] log2 = two.log(p, q);
            double[] log3 = three.log(embed(p), embed(q));
            assertClose(log2, log3, (1e-12 + 1e-15 * norm(p) + conditioning) * (1 + norm(log3)), "log, trial " + trial);

            double distance = three.distance(embed(p), embed(q));
            assertThat(two.distance(p, q)).as("distance, trial %d", trial)
                    .isCloseTo(distance, org.assertj.core.data.Offset.offset((1e-12 + conditioning) * (1 + distance)));

            double[] exp2 = two.exp(p, v);
            double[] exp3 = three.exp(embed(p), embedTangent(v));
            // the eigen route's exp carries the same factor of p's condition number as its whitening
            assertClose(exp2, exp3, (1e-12 + 1e-15 * condition(p)) * norm(exp3), "exp, trial " + trial);

            double[] pe = embed(p);
            double[] ue = embedTangent(u);
            double[] ve = embedTangent(v);
            double inner = three.inner(pe, ue, ve);
            double scale = Math.sqrt(three.inner(pe, ue, ue) * three.inner(pe, ve, ve));
            assertThat(two.inner(p, u, v)).as("inner, trial %d", trial)
                    .isCloseTo(inner, org.assertj.core.data.Offset.offset((1e-12 + 1e-15 * condition(p)) * scale));

            double[][] basis2 = two.basis(p);
            double[][] basis3 = three.basis(embed(p));
            int[] matching = {0, 1, 3};
            for (int b = 0; b < 3; b++) {
                assertClose(basis2[b], basis3[matching[b]], (1e-12 + 1e-15 * condition(p)) * norm(p), "basis " + b + ", trial " + trial);
            }
        }
    }

    @Test
    void refusalsNameTheArgumentAsTheEigenRouteDoes() {
        double[] indefinite = {1, 2, 2, 1};
        double[] spd = {2, 0.5, 0.5, 1};
        double[] out = new double[4];
        assertThatThrownBy(() -> two.log(indefinite, spd, out)).hasMessageContaining("p is not symmetric positive "
                + "definite: its smallest eigenvalue is -1.00000");
        assertThatThrownBy(() -> two.distance(spd, indefinite)).hasMessageContaining("q is not symmetric positive");
        assertThatThrownBy(() -> two.exp(spd, new double[] {Double.NaN, 0, 0, 0}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("v has the non-finite entry");
        assertThatThrownBy(() -> two.exp(spd, new double[] {3000, 0, 0, 0}, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overflows");
        assertThatThrownBy(() -> two.inner(new double[] {1, 0, 0, Double.POSITIVE_INFINITY}, spd, spd))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-finite entry");
    }

    /** The ratio of the eigenvalues of a 2 x 2 positive definite matrix. */
    private static double condition(double[] x) {
        double m = 0.5 * (x[0] + x[3]);
        double h = 0.5 * (x[0] - x[3]);
        double large = m + Math.sqrt(h * h + x[1] * x[1]);
        return large * large / (x[0] * x[3] - x[1] * x[1]);
    }

    /** {@code R diag(e^g1, e^g2) R^T} with log-eigenvalues of standard deviation {@code spread}. */
    private static double[] randomSpd(Random random, double spread) {
        double theta = random.nextDouble() * Math.PI;
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double mu1 = Math.exp(spread * random.nextGaussian());
        double mu2 = Math.exp(spread * random.nextGaussian());
        double off = (mu1 - mu2) * c * s;
        return new double[] {mu1 * c * c + mu2 * s * s, off, off, mu1 * s * s + mu2 * c * c};
    }

    private static double[] nearby(double[] p, Random random, double size) {
        double[] q = p.clone();
        double e = size * random.nextGaussian() * p[0];
        q[0] += Math.abs(e);
        q[1] += 0.1 * e;
        q[2] += 0.1 * e;
        return q;
    }

    private static double[] symmetric(Random random, double size) {
        double off = size * random.nextGaussian();
        return new double[] {size * random.nextGaussian(), off, off, size * random.nextGaussian()};
    }

    /** {@code diag(x, 1)}: a point of SPD(2) as one of SPD(3). */
    private static double[] embed(double[] x) {
        return embed(x, 1);
    }

    /** {@code diag(v, 0)}: a tangent vector of SPD(2) as one of SPD(3). */
    private static double[] embedTangent(double[] v) {
        return embed(v, 0);
    }

    private static double[] embed(double[] x, double corner) {
        return new double[] {x[0], x[1], 0, x[2], x[3], 0, 0, 0, corner};
    }

    private static void assertClose(double[] actual, double[] expected, double tolerance, String what) {
        int k = (int) Math.round(Math.sqrt(expected.length));
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertThat(actual[i * 2 + j]).as("%s (%d, %d)", what, i, j)
                        .isCloseTo(expected[i * k + j], org.assertj.core.data.Offset.offset(tolerance));
            }
        }
    }

    private static double norm(double[] x) {
        double sum = 0;
        for (double value : x) {
            sum += value * value;
        }
        return Math.sqrt(sum);
    }
}
