package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.StatisticalAssertions;
import java.util.Locale;

/**
 * {@link SpdLaplaceTest}'s KS of rho(x, xbar) against the exact radial CDF of the affine-invariant SPD Laplace
 * (k = 2 or 3, an envelope forced or AUTO) over a range of seeds instead of the test's one: when the sampler draws
 * the law the p-values are uniform. A plain {@code main} in the test sources, not a unit test:
 * <pre>java -cp sampling/target/test-classes:sampling/target/classes:DEPS dev.manifolddp.sampling.exact.SpectralLaplaceSeedSweep \
 *     K FRACTION_OF_LIMIT ENVELOPE FIRST_SEED SEEDS [DRAWS]</pre>
 * e.g. {@code 2 0.5 AUTO 100 100} (ENVELOPE is VANDERMONDE, BOOST or AUTO).
 */
public final class SpectralLaplaceSeedSweep {

    private SpectralLaplaceSeedSweep() {
    }

    public static void main(String[] args) {
        if (args.length < 5 || !(args[0].equals("2") || args[0].equals("3"))) {
            System.err.println("usage: SpectralLaplaceSeedSweep K(2 or 3) FRACTION_OF_LIMIT ENVELOPE FIRST_SEED SEEDS "
                    + "[DRAWS]");
            System.exit(2);
        }
        int k = Integer.parseInt(args[0]);
        double sigma = Double.parseDouble(args[1]) * SpdLaplaceTest.limit(k);
        String envelope = args[2];
        long first = Long.parseLong(args[3]);
        int seeds = Integer.parseInt(args[4]);
        int draws = args.length > 5 ? Integer.parseInt(args[5]) : 2000;
        Geometry spd = Geometries.parse("spd/affine-invariant:k=" + k);
        double[] center = k == 2 ? SpdLaplaceTest.CENTER2 : SpdLaplaceTest.CENTER3;
        double upper = (k == 2 ? 60 : 50) / (1 / sigma - 1 / SpdLaplaceTest.limit(k));
        NumericalCdf cdf = k == 2 ? SpdLaplaceTest.radiusCdf2(sigma, upper) : SpdLaplaceTest.radiusCdf3(sigma, upper);
        int below = 0;
        double smallest = 1;
        for (long seed = first; seed < first + seeds; seed++) {
            double p = StatisticalAssertions.pValue(SpdLaplaceTest.drawRadii(spd, center, sigma, envelope, draws, seed),
                    cdf);
            smallest = Math.min(smallest, p);
            below += p < 0.01 ? 1 : 0;
            System.out.printf(Locale.ROOT, "seed %d: p = %.4f%n", seed, p);
        }
        System.out.printf(Locale.ROOT, "k = %d, sigma = %.4g, %s: %d of %d p-values below 0.01 (expected %.1f); "
                + "smallest %.2e%n", k, sigma, envelope, below, seeds, seeds * 0.01, smallest);
    }
}
