package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MatrixOpsTest {

    /**
     * The blocked {@code B diag(d) B^T} sums each entry in the order of l like the plain triple loop, so it must equal
     * it bit for bit, for every k (blocks of four columns and the remainder) and exactly symmetric.
     */
    @Test
    void scaledGramEqualsThePlainSumBitForBit() {
        Random random = new Random(31);
        for (int k = 1; k <= 13; k++) {
            checkScaledGram(k, random);
        }
        checkScaledGram(30, random);
    }

    private static void checkScaledGram(int k, Random random) {
        double[] b = new double[k * k];
        double[] d = new double[k];
        for (int i = 0; i < b.length; i++) {
            b[i] = random.nextGaussian();
        }
        for (int l = 0; l < k; l++) {
            d[l] = random.nextGaussian();
        }
        double[] out = new double[k * k];
        MatrixOps.scaledGram(b, d, out, k);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                int lo = Math.min(i, j);
                int hi = Math.max(i, j);
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += b[lo * k + l] * d[l] * b[hi * k + l];
                }
                assertThat(out[i * k + j]).as("k = %d, (%d, %d)", k, i, j).isEqualTo(sum);
            }
        }
    }
}
