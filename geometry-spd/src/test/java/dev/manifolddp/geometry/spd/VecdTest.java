package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class VecdTest {

    @Test
    void layoutIsDiagonalThenScaledStrictUpperTriangle() {
        double[] s = {1, 2, 3, 2, 4, 5, 3, 5, 6};
        double[] y = new double[Vecd.dimension(3)];
        Vecd.vecd(s, 3, y);
        double r = Math.sqrt(2);
        assertThat(y).containsExactly(new double[] {1, 4, 6, 2 * r, 3 * r, 5 * r},
                org.assertj.core.data.Offset.offset(1e-15));
    }

    @Test
    void vecdIsAFrobeniusIsometryAndInvertible() {
        Random random = new Random(6);
        for (int k : new int[] {1, 2, 3, 6}) {
            assertThat(Vecd.dimension(k)).isEqualTo(k * (k + 1) / 2);
            for (int t = 0; t < 50; t++) {
                double[] s = SymmetricEigenTest.randomSymmetric(k, random, 2);
                double[] u = SymmetricEigenTest.randomSymmetric(k, random, 2);
                double[] vs = new double[Vecd.dimension(k)];
                double[] vu = new double[Vecd.dimension(k)];
                Vecd.vecd(s, k, vs);
                Vecd.vecd(u, k, vu);
                double frobenius = 0;
                for (int i = 0; i < k * k; i++) {
                    frobenius += s[i] * u[i];
                }
                double euclidean = 0;
                for (int i = 0; i < vs.length; i++) {
                    euclidean += vs[i] * vu[i];
                }
                assertThat(euclidean).isCloseTo(frobenius, within(1e-12 * (1 + Math.abs(frobenius))));
                double[] back = new double[k * k];
                Vecd.invvecd(vs, k, back);
                for (int i = 0; i < k * k; i++) {
                    assertThat(back[i]).isCloseTo(s[i], within(1e-15 * (1 + Math.abs(s[i]))));
                }
            }
        }
    }
}
