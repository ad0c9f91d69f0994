package dev.manifolddp.sampling.exact;

import java.util.Locale;

/**
 * The two-sample KS comparisons of {@link DataEnvelopeKngTest} (data-dependent against public envelope, Kendall
 * shapes, mean at the centre or off it) over a range of seeds, so that a check does not rest on the test's few fixed
 * seeds: when both samplers draw the same law the p-values are uniform, so about 1% of them fall below 0.01. Prints
 * one line per seed and a summary. A plain {@code main} in the test sources, not a unit test:
 * <pre>java -cp sampling/target/test-classes:sampling/target/classes:DEPS dev.manifolddp.sampling.exact.DataEnvelopeSeedSweep \
 *     LANDMARKS R OFFSET N SIGMA FIRST_SEED SEEDS [DRAWS]</pre>
 * e.g. {@code 4 0.3 0 20 0.02 1000 200} (the test's first case over 200 seeds; 2000 draws of each kind per seed).
 */
public final class DataEnvelopeSeedSweep {

    private DataEnvelopeSeedSweep() {
    }

    public static void main(String[] args) {
        if (args.length < 7) {
            System.err.println("usage: DataEnvelopeSeedSweep LANDMARKS R OFFSET N SIGMA FIRST_SEED SEEDS [DRAWS]");
            System.exit(2);
        }
        int landmarks = Integer.parseInt(args[0]);
        double r = Double.parseDouble(args[1]);
        double offset = Double.parseDouble(args[2]);
        int n = Integer.parseInt(args[3]);
        double sigma = Double.parseDouble(args[4]);
        long first = Long.parseLong(args[5]);
        int seeds = Integer.parseInt(args[6]);
        int draws = args.length > 7 ? Integer.parseInt(args[7]) : 2000;
        int[] below = new int[3];
        double[] levels = {0.001, 0.01, 0.1};
        double smallest = 1;
        for (long seed = first; seed < first + seeds; seed++) {
            EnvelopeComparison run = EnvelopeComparison.run(landmarks, r, offset, n, sigma, seed, draws);
            double[] p = {run.pValue(0), run.pValue(1)};
            for (double value : p) {
                smallest = Math.min(smallest, value);
                for (int l = 0; l < levels.length; l++) {
                    below[l] += value < levels[l] ? 1 : 0;
                }
            }
            System.out.printf(Locale.ROOT, "seed %d: p(rho(x, p0)) = %.4f, p(rho(x, xbar)) = %.4f%n", seed, p[0],
                    p[1]);
        }
        int tests = 2 * seeds;
        System.out.printf(Locale.ROOT, "k = %d, offset %s: of %d p-values, %d below 0.001, %d below 0.01, %d below 0.1 "
                + "(expected %.1f, %.1f, %.1f); smallest %.2e%n", landmarks, offset, tests, below[0], below[1],
                below[2], tests * 0.001, tests * 0.01, tests * 0.1, smallest);
    }
}
