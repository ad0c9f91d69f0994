package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.TangentBasis;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

/**
 * Per-record cost of the S^2 Newton sums and of the sums of logarithms at a batch of 128 KNG proposals, on 1 and 2
 * threads and on Spark (a master URL), with the same data and points: the costs the cluster model of docs/spark.md
 * scales. Run by measure.sh beside it (in the engine's package, to reach its package-private session).
 */
public final class MeasureSums {

    static double[][] cap(int n, double radius, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            double theta = radius * Math.sqrt(random.nextDouble());
            double phi = 2 * Math.PI * random.nextDouble();
            points[i] = new double[] {Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi),
                Math.cos(theta)};
        }
        return points;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int reps = Integer.parseInt(args[1]);
        Geometry sphere = Geometries.parse("sphere:d=2");
        double[][] data = cap(n, 0.3, 1);
        double[] x = cap(1, 0.05, 2)[0];
        double[][] basis = new double[2][3];
        sphere.capability(TangentBasis.class).orElseThrow().basis(x, basis);
        double[][] proposals = cap(128, 0.3, 3);
        for (int threads : new int[] {1, 2}) {
            ForkJoinPool pool = new ForkJoinPool(threads);
            pool.submit(() -> {
                HessianSums.Batch newton = sphere.capability(HessianSums.class).orElseThrow().prepareHessians(data);
                LogSums.Batch logs = sphere.capability(LogSums.class).orElseThrow().prepare(data);
                report("local " + threads + " thread(s)", n, reps, newton, logs, x, basis, proposals);
            }).get();
            pool.shutdown();
        }
        try (SparkReleaseSums sums = (SparkReleaseSums) new SparkEngine().release(sphere, args[2])) {
            Geometry g = sums.geometry();
            long t0 = System.nanoTime();
            HessianSums.Batch newton = g.capability(HessianSums.class).orElseThrow().prepareHessians(data);
            LogSums.Batch logs = g.capability(LogSums.class).orElseThrow().prepare(data);
            System.out.printf("spark distribute (2 RDDs, lazily cached): %.1f ms%n", (System.nanoTime() - t0) / 1e6);
            report("spark " + args[2], n, reps, newton, logs, x, basis, proposals);
        }
    }

    static void report(String label, int n, int reps, HessianSums.Batch newton, LogSums.Batch logs, double[] x,
                       double[][] basis, double[][] proposals) {
        double[] a = new double[3];
        double[] c = new double[2];
        double[] h = new double[4];
        double[] norms = new double[proposals.length];
        for (int w = 0; w < 3; w++) {
            newton.evaluate(x, basis, a, c, h);
            logs.normsOfSumsOfLogs(proposals, proposals.length, norms);
        }
        long t0 = System.nanoTime();
        for (int r = 0; r < reps; r++) {
            newton.evaluate(x, basis, a, c, h);
        }
        double newtonNs = (System.nanoTime() - t0) / (double) reps;
        t0 = System.nanoTime();
        for (int r = 0; r < reps; r++) {
            logs.normsOfSumsOfLogs(proposals, proposals.length, norms);
        }
        double batchNs = (System.nanoTime() - t0) / (double) reps;
        System.out.printf("%s, n = %d: Newton evaluation %.2f ms (%.2f ns/record); batch of %d proposals %.1f ms "
                + "(%.3f ns per record and proposal); checksum %s %s%n", label, n, newtonNs / 1e6, newtonNs / n,
                proposals.length, batchNs / 1e6, batchNs / n / proposals.length, a[0], norms[7]);
    }
}
