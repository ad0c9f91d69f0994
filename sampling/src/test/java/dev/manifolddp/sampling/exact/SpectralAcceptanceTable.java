package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.spd.SymmetricEigen;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Prints the acceptance rates of the two envelopes of {@link SpectrumSampler} for k = 2, 3, 5, 10 at fractions of the
 * scale limit (the table in docs/exact-sampling.md). Not a test: run with
 * {@code java -cp <test classpath> dev.manifolddp.sampling.exact.SpectralAcceptanceTable}.
 */
public final class SpectralAcceptanceTable {

    private SpectralAcceptanceTable() {
    }

    public static void main(String[] args) {
        double[] fractions = {0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99};
        int proposals = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        UniformRandomProvider rng = RandomStreams.seeded(2016L).stream(0, 0);
        System.out.println("| k | limit | sigma / limit | Vandermonde | boost | used |");
        System.out.println("|---|---|---|---|---|---|");
        for (int k : new int[] {2, 3, 5, 10}) {
            double limit = 1 / SpectrumSampler.growthRate(k);
            for (double f : fractions) {
                double sigma = f * limit;
                SpectrumSampler sampler = new SpectrumSampler(SymmetricEigen.jacobi(k));
                double a = sampler.acceptanceRate(SpectrumSampler.Envelope.VANDERMONDE, sigma,
                        Double.POSITIVE_INFINITY, proposals, rng);
                double b = sampler.acceptanceRate(SpectrumSampler.Envelope.BOOST, sigma, Double.POSITIVE_INFINITY,
                        proposals, rng);
                System.out.println(String.format(Locale.ROOT, "| %d | %.4f | %.2f | %.3g | %.3g | %s |", k, limit, f,
                        a, b, sampler.envelope().name().toLowerCase(Locale.ROOT)));
            }
        }
    }
}
