package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ScaledGramTest {

    /**
     * The blocked row-wise {@code B diag(d) B^T} sums each entry in the order of l like the plain triple loop (one
     * fused multiply-add per term), so it must equal it bit for bit, for every k (blocks of four rows and the
     * remainders) and exactly symmetric; its vecd form, from the columns of B,
     * must equal {@link Vecd#vecd} of the matrix bit for bit.
     * Repeated calls on one instance check that no scratch state leaks from one call into the next.
     */
    @Test
    void equalsThePlainSumBitForBit() {
        Random random = new Random(31);
        for (int k = 1; k <= 13; k++) {
            check(k, random);
        }
        check(30, random);
    }

    private static void check(int k, Random random) {
        ScaledGram gram = new ScaledGram(k);
        for (int repeat = 0; repeat < 2; repeat++) {
            double[] b = new double[k * k];
            double[] d = new double[k];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextGaussian();
            }
            for (int l = 0; l < k; l++) {
                d[l] = random.nextGaussian();
            }
            double[] out = new double[k * k];
            gram.matrix(b, d, out);
            double[] plain = new double[k * k];
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    int lo = Math.min(i, j);
                    int hi = Math.max(i, j);
                    double sum = 0;
                    for (int l = 0; l < k; l++) {
                        sum = Math.fma(b[lo * k + l] * d[l], b[hi * k + l], sum);
                    }
                    plain[i * k + j] = sum;
                    assertThat(out[i * k + j]).as("k = %d, (%d, %d)", k, i, j).isEqualTo(sum);
                }
            }
            double[][] columns = new double[k][k];
            for (int i = 0; i < k; i++) {
                for (int l = 0; l < k; l++) {
                    columns[l][i] = b[i * k + l];
                }
            }
            double[] coordinates = new double[Vecd.dimension(k)];
            gram.vecdOfRows(columns, d, coordinates);
            double[] expected = new double[Vecd.dimension(k)];
            Vecd.vecd(plain, k, expected);
            assertThat(coordinates).as("vecd, k = %d", k).containsExactly(expected);
        }
    }
}
