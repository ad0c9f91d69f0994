package dev.manifolddp.geometry.spd;

import java.util.Locale;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ejml.dense.row.decomposition.hessenberg.TridiagonalDecompositionHouseholder_DDRM;

/**
 * Time per eigendecomposition with eigenvectors: Jacobi, tridiagonal QR and EJML, for the sizes in the arguments
 * (default 3 5 10 20 30). A plain warm-up-then-time harness behind {@code main}, not a unit test; the numbers
 * chose {@link SymmetricEigen#TRIDIAGONAL_QR_FROM}. Run after {@code mvn test-compile} with
 * <pre>java -cp target/classes:target/test-classes:EJML_JARS dev.manifolddp.geometry.spd.SymmetricEigenTiming</pre>
 * Each reported time is the best of seven rounds of about 0.3 s (the three methods interleaved, after a warm-up),
 * over 16 random symmetric matrices with standard normal entries used in turn.
 */
public final class SymmetricEigenTiming {

    private static final int MATRICES = 16;
    private static final int ROUNDS = 7;
    private static final long ROUND_NANOS = 300_000_000L;

    private static double sink;

    private SymmetricEigenTiming() {
    }

    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {3, 5, 10, 20, 30}
                : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("   k   Jacobi (us)   tridiagonal QR (us)   EJML (us)");
        for (int k : sizes) {
            double[][] inputs = new double[MATRICES][];
            DMatrixRMaj[] ejmlInputs = new DMatrixRMaj[MATRICES];
            Random random = new Random(k);
            for (int m = 0; m < MATRICES; m++) {
                inputs[m] = SymmetricEigenTest.randomSymmetric(k, random, 1);
                ejmlInputs[m] = DMatrixRMaj.wrap(k, k, inputs[m].clone());
            }
            double[] values = new double[k];
            double[] vectors = new double[k * k];
            SymmetricEigen jacobi = new SymmetricEigen(k, SymmetricEigen.Method.JACOBI);
            SymmetricEigen qr = new SymmetricEigen(k, SymmetricEigen.Method.TRIDIAGONAL_QR);
            SymmetricQRAlgorithmDecomposition_DDRM ejml = new SymmetricQRAlgorithmDecomposition_DDRM(
                    new TridiagonalDecompositionHouseholder_DDRM(), true);
            DMatrixRMaj scratch = new DMatrixRMaj(k, k);
            boolean copy = ejml.inputModified();
            Case jacobiCase = m -> {
                jacobi.decompose(inputs[m], values, vectors, "a");
                sink += values[0] + vectors[k * k - 1];
            };
            Case qrCase = m -> {
                qr.decompose(inputs[m], values, vectors, "a");
                sink += values[0] + vectors[k * k - 1];
            };
            Case ejmlCase = m -> {
                DMatrixRMaj in = ejmlInputs[m];
                if (copy) {
                    scratch.setTo(in);
                    in = scratch;
                }
                if (!ejml.decompose(in)) {
                    throw new IllegalStateException("EJML failed");
                }
                sink += ejml.getEigenVector(0).data[0];
            };
            Case[] cases = {jacobiCase, qrCase, ejmlCase};
            long[] perRound = new long[cases.length];
            for (int c = 0; c < cases.length; c++) {
                perRound[c] = warmUp(cases[c]);
            }
            // Rounds interleave the three methods, so that load from other processes hits them alike.
            double[] best = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            for (int round = 0; round < ROUNDS; round++) {
                for (int c = 0; c < cases.length; c++) {
                    best[c] = Math.min(best[c], time(cases[c], perRound[c]));
                }
            }
            double tJacobi = best[0];
            double tQr = best[1];
            double tEjml = best[2];
            System.out.println(String.format(Locale.ROOT, "%4d %13.3f %21.3f %11.3f", k, tJacobi, tQr, tEjml));
        }
        if (sink == 42) {
            System.out.println(sink);
        }
    }

    private interface Case {
        void run(int matrix);
    }

    /** Runs {@code c} for about {@link #ROUND_NANOS}; returns the number of calls that take about as long. */
    private static long warmUp(Case c) {
        long calls = 1;
        long start = System.nanoTime();
        long elapsed;
        do {
            for (long i = 0; i < calls; i++) {
                c.run((int) (i % MATRICES));
            }
            elapsed = System.nanoTime() - start;
            calls *= 2;
        } while (elapsed < ROUND_NANOS);
        return Math.max(MATRICES, (long) (calls * (double) ROUND_NANOS / elapsed));
    }

    /** Microseconds per call over {@code calls} calls. */
    private static double time(Case c, long calls) {
        long t0 = System.nanoTime();
        for (long i = 0; i < calls; i++) {
            c.run((int) (i % MATRICES));
        }
        return (System.nanoTime() - t0) / 1e3 / calls;
    }
}
