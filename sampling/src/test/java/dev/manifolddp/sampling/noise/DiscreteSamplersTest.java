package dev.manifolddp.sampling.noise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.sampling.random.RandomStreams;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The exact discrete samplers against their exact laws: binomial z-tests at |z| <= 4.9 (false-failure rate 1e-6 each)
 * for the Bernoulli trials, chi-square at alpha = 1e-3 ({@link ChiSquare}) for the pmfs, all with fixed seeds.
 */
class DiscreteSamplersTest {

    private static UniformRandomProvider rng(long seed) {
        return RandomStreams.seeded(seed).stream(0, 0);
    }

    private static void assertFrequency(String what, java.util.function.BooleanSupplier trial, double p) {
        int n = 200_000;
        long successes = 0;
        for (int i = 0; i < n; i++) {
            successes += trial.getAsBoolean() ? 1 : 0;
        }
        if (p == 1) {
            assertThat(successes).as(what).isEqualTo(n);
            return;
        }
        double z = (successes - n * p) / Math.sqrt(n * p * (1 - p));
        assertThat(Math.abs(z)).as("z-score of %s: %d of %d against p = %s", what, successes, n, p).isLessThan(4.9);
    }

    @ParameterizedTest
    @CsvSource({"0, 1", "3, 10", "1, 1", "17, 10", "42, 10", "5, 3"})
    void expMinusHasProbabilityExpOfMinusGamma(long num, long den) {
        UniformRandomProvider rng = rng(100 + num);
        assertFrequency("Bernoulli(exp(-" + num + "/" + den + "))", () -> ExactBernoulli.expMinus(rng, num, den),
                Math.exp(-(double) num / den));
    }

    @ParameterizedTest
    @CsvSource({"0, 7", "3, 7", "7, 7", "10, 7", "25, 11"})
    void expMinusSquareHasProbabilityExpOfMinusRatioSquared(long a, long b) {
        UniformRandomProvider rng = rng(200 + a);
        double ratio = (double) a / b;
        assertFrequency("Bernoulli(exp(-(" + a + "/" + b + ")^2))", () -> ExactBernoulli.expMinusSquare(rng, a, b),
                Math.exp(-ratio * ratio));
    }

    /** P(y) = tanh(1/(2b)) exp(-|y|/b), b = t/s. */
    @ParameterizedTest
    @CsvSource({"1, 1", "3, 1", "7, 2", "1, 3", "40, 1"})
    void discreteLaplaceFollowsItsPmf(long t, long s) {
        UniformRandomProvider rng = rng(300 + t * 10 + s);
        int n = 100_000;
        Map<Long, Long> counts = new HashMap<>();
        for (int i = 0; i < n; i++) {
            counts.merge(DiscreteLaplace.sample(rng, t, s), 1L, Long::sum);
        }
        double b = (double) t / s;
        List<Long> support = LongStream.rangeClosed(-2000, 2000).boxed().toList();
        ChiSquare.assertFits("discrete Laplace t = " + t + ", s = " + s, counts, n,
                y -> Math.tanh(1 / (2 * b)) * Math.exp(-Math.abs(y) / b), support);
    }

    /** P(y) = exp(-y^2 / (4 s0^2)) / sum_x exp(-x^2 / (4 s0^2)). */
    @ParameterizedTest
    @CsvSource({"1", "2", "5", "30"})
    void discreteGaussianFollowsItsPmf(long s0) {
        UniformRandomProvider rng = rng(400 + s0);
        int n = 100_000;
        Map<Long, Long> counts = new HashMap<>();
        for (int i = 0; i < n; i++) {
            counts.merge(DiscreteGaussian.sample(rng, s0), 1L, Long::sum);
        }
        double variance = 2.0 * s0 * s0;
        double norm = 0;
        for (long y = -60 * s0; y <= 60 * s0; y++) {
            norm += Math.exp(-y * y / (2 * variance));
        }
        double z = norm;
        List<Long> support = LongStream.rangeClosed(-60 * s0, 60 * s0).boxed().toList();
        ChiSquare.assertFits("discrete Gaussian s0 = " + s0, counts, n, y -> Math.exp(-y * y / (2 * variance)) / z,
                support);
    }

    /** P(z) ∝ exp(-|z|_2 / s) on Z^D, normalised over a window holding all but e^-40 of the mass. */
    @ParameterizedTest
    @CsvSource({"1, 3", "2, 2", "3, 1", "2, 5"})
    void latticeLaplaceFollowsItsPmf(int dimension, long s) {
        UniformRandomProvider rng = rng(500 + 10L * dimension + s);
        LatticeLaplace lattice = new LatticeLaplace(dimension);
        int n = 60_000;
        long[] z = new long[dimension];
        int half = (int) (45 * s) + 10;
        Map<List<Long>, Long> counts = new HashMap<>();
        for (int i = 0; i < n; i++) {
            lattice.sample(rng, s, z);
            counts.merge(LongStream.of(z).boxed().toList(), 1L, Long::sum);
        }
        List<List<Long>> support = new ArrayList<>();
        enumerate(dimension, half, new long[dimension], 0, support);
        double norm = 0;
        for (List<Long> point : support) {
            norm += weight(point, s);
        }
        double total = norm;
        Map<Key, Long> keyed = new HashMap<>();
        counts.forEach((k, v) -> keyed.put(new Key(k), v));
        ChiSquare.assertFits("lattice l2 Laplace D = " + dimension + ", s = " + s, keyed, n,
                key -> weight(key.point(), s) / total, support.stream().map(Key::new).toList());
    }

    private record Key(List<Long> point) implements Comparable<Key> {
        @Override
        public int compareTo(Key other) {
            for (int i = 0; i < point.size(); i++) {
                int c = Long.compare(point.get(i), other.point.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
    }

    private static double weight(List<Long> point, long s) {
        double squared = 0;
        for (long coordinate : point) {
            squared += (double) coordinate * coordinate;
        }
        return Math.exp(-Math.sqrt(squared) / s);
    }

    private static void enumerate(int dimension, int half, long[] current, int index, List<List<Long>> out) {
        if (index == dimension) {
            double squared = 0;
            for (long c : current) {
                squared += (double) c * c;
            }
            if (squared <= (double) half * half) {
                out.add(LongStream.of(current).boxed().toList());
            }
            return;
        }
        for (long c = -half; c <= half; c++) {
            current[index] = c;
            enumerate(dimension, half, current, index + 1, out);
        }
    }

    @Test
    void badParametersAreRejected() {
        UniformRandomProvider rng = rng(1);
        assertThatThrownBy(() -> DiscreteLaplace.sample(rng, 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Provided value: t = 0");
        assertThatThrownBy(() -> DiscreteGaussian.sample(rng, 0)).hasMessageContaining("s0");
        assertThatThrownBy(() -> new LatticeLaplace(LatticeLaplace.MAX_DIMENSION + 1))
                .hasMessageContaining("dimension").hasMessageContaining("Provided value: 41");
        assertThatThrownBy(() -> new LatticeLaplace(2).sample(rng, 0, new long[2])).hasMessageContaining("scale");
        assertThatThrownBy(() -> NoiseGrid.granularity(0)).hasMessageContaining("Provided value: 0.0");
        assertThatThrownBy(() -> NoiseGrid.index(1e300, 0x1p-40)).hasMessageContaining("2^62");
    }
}
