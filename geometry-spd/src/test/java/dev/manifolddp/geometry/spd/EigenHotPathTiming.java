package dev.manifolddp.geometry.spd;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The parts of a log-Euclidean record's cost at k = 30 (the table in {@link SymmetricEigen}'s class comment): one
 * eigendecomposition at a time and in {@link SymmetricEigenBatch} groups, with and without eigenvectors, the
 * Householder reduction with and without forming Q, and {@link ScaledGram}. A plain harness behind
 * {@code main}, not a unit test; it measures thread CPU time (best of 20 rounds), which a loaded machine distorts
 * less than wall time. Run after {@code mvn test-compile} with
 * <pre>java -cp target/classes:target/test-classes:EJML_JARS dev.manifolddp.geometry.spd.EigenHotPathTiming</pre>
 * Inputs: 16 positive definite matrices with Haar eigenvectors and eigenvalues in [e^-1/4, e^1/4], like the data of
 * {@code LogEuclideanReleaseBenchmark}.
 */
public final class EigenHotPathTiming {

    private static final int K = 30;
    private static final int MATRICES = 16;
    private static final int ROUNDS = 20;
    private static final int REPEATS = 300;

    private static double sink;

    private EigenHotPathTiming() {
    }

    public static void main(String[] args) {
        Random random = new Random(5);
        double[][] inputs = new double[MATRICES][];
        ScaledGram gram = new ScaledGram(K);
        SymmetricEigen eigen = new SymmetricEigen(K);
        double[] values = new double[K];
        double[] vectors = new double[K * K];
        for (int m = 0; m < MATRICES; m++) {
            eigen.decompose(SymmetricEigenTest.randomSymmetric(K, random, 1), values, vectors, "g");
            for (int i = 0; i < K; i++) {
                values[i] = Math.exp(0.5 * random.nextDouble() - 0.25);
            }
            inputs[m] = new double[K * K];
            gram.matrix(vectors, values, inputs[m]);
        }
        int group = SymmetricEigenBatch.GROUP;
        SymmetricEigenBatch batch = new SymmetricEigenBatch(K);
        double[][] groupValues = new double[group][K];
        double[][] groupVectors = new double[group][K * K];
        double[][] work = new double[K][K];
        double[][] rows = new double[K][K];
        double[] diagonal = new double[K];
        double[] subdiagonal = new double[K];
        HouseholderTridiagonal householder = new HouseholderTridiagonal(K, work, rows);
        double[] out = new double[K * K];
        String[] names = {"one at a time, with vectors", "one at a time, values only", "groups, with vectors",
            "groups, values only", "tridiagonalisation", "tridiagonalisation and Q", "ScaledGram.matrix"};
        Runnable[] cases = {
            () -> {
                for (double[] a : inputs) {
                    eigen.decompose(a, values, vectors, "a");
                    sink += vectors[3];
                }
            },
            () -> {
                for (double[] a : inputs) {
                    eigen.decompose(a, values, null, "a");
                    sink += values[3];
                }
            },
            () -> {
                for (int m = 0; m < MATRICES; m += group) {
                    batch.decompose(inputs, m, group, groupValues, groupVectors, "a");
                    sink += groupVectors[0][3];
                }
            },
            () -> {
                for (int m = 0; m < MATRICES; m += group) {
                    batch.decompose(inputs, m, group, groupValues, null, "a");
                    sink += groupValues[0][3];
                }
            },
            () -> reduceAll(inputs, work, rows, householder, diagonal, subdiagonal, false),
            () -> reduceAll(inputs, work, rows, householder, diagonal, subdiagonal, true),
            () -> {
                for (double[] a : inputs) {
                    gram.matrix(a, values, out);
                    sink += out[3];
                }
            }};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] best = new double[cases.length];
        Arrays.fill(best, Double.POSITIVE_INFINITY);
        for (int round = 0; round < ROUNDS; round++) {
            for (int c = 0; c < cases.length; c++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int r = 0; r < REPEATS; r++) {
                    cases[c].run();
                }
                double micros = (threads.getCurrentThreadCpuTime() - start) / 1e3 / REPEATS / MATRICES;
                best[c] = Math.min(best[c], micros);
            }
        }
        for (int c = 0; c < cases.length; c++) {
            System.out.println(String.format(Locale.ROOT, "%-30s %8.2f us per matrix", names[c], best[c]));
        }
        if (sink == 42) {
            System.out.println(sink);
        }
    }

    private static void reduceAll(double[][] inputs, double[][] work, double[][] rows, HouseholderTridiagonal h,
            double[] diagonal, double[] subdiagonal, boolean withQ) {
        for (double[] a : inputs) {
            for (int i = 0; i < K; i++) {
                System.arraycopy(a, i * K, work[i], 0, K);
                Arrays.fill(rows[i], 0);
                rows[i][i] = 1;
            }
            h.reduce(diagonal, subdiagonal, withQ);
            sink += diagonal[3];
        }
    }
}
