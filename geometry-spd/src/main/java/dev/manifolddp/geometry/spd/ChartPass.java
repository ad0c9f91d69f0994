package dev.manifolddp.geometry.spd;

/**
 * The scratch of one pass of {@link LogEuclideanSpd#toChartCheckedAll} over a data set: a group eigensolver, its
 * eigenvalues, the logarithms and the {@link ScaledGram} of one record. Created fresh for every pass instead of
 * kept per thread, so that its arrays lie side by side in the thread's allocation buffer. The per-thread copy,
 * moved about by young collections, left the speed of the 30-entry row loops to chance from one JVM launch to the
 * next (issue 11; log-Euclidean mean of 500 SPD(30) records, JMH, the last 1 s iteration of each fork: 19.7 to 23.3
 * ms over eleven forks, 21.4 on average, with the per-thread scratch; 19.9 to 21.8 over ten forks, 20.4 on
 * average, with this one; the same code). About 70 KB at k = 30, once per pass over n records; nothing per record.
 */
final class ChartPass {

    final SymmetricEigenBatch batch;
    /** The eigenvalues of the group's records, one row per member. */
    final double[][] values;
    final ScaledGram gram;
    final double[] logs;

    ChartPass(int k) {
        this.batch = new SymmetricEigenBatch(k);
        this.values = new double[SymmetricEigenBatch.GROUP][k];
        this.gram = new ScaledGram(k);
        this.logs = new double[k];
    }
}
