package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Prints the proposals per exact KNG draw with the data-dependent envelope at issue 11's setting (Kendall k = 50,
 * n = 400, r = 0.3, epsilon = 1) with the data on one side of the ball, in {@code B_(r - s)(c)} for c at distance s
 * from p0, for tilted and uniform directions (the table in docs/exact-sampling.md). Not a test: run with
 * {@code java -cp <test classpath> dev.manifolddp.sampling.exact.OffCentreProposalCount [draws]}.
 */
public final class OffCentreProposalCount {

    private OffCentreProposalCount() {
    }

    public static void main(String[] args) {
        int draws = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        double[] p0 = KendallLaplaceTest.center(kendall, 50);
        double r = 0.3;
        int n = 400;
        double h = ExactKngSampler.frechetMeanConvexity(kendall, r);
        double sigma = 2 * (2 * r * (2 - h) / n);
        System.out.println("| s' | rho(mean, p0) | tilted (ms per draw) | uniform direction (ms per draw) |");
        System.out.println("|---|---|---|---|");
        for (double offset : new double[] {0, 0.05, 0.1, 0.2}) {
            UniformRandomProvider rng = RandomStreams.seeded(650L).stream(0, 0);
            double[] side = TiltedBallProposalTest.offCentre(kendall, p0, offset, rng);
            KendallKngSetting setting = KendallKngSetting.of(kendall, p0, r, side, r - offset, n, sigma, 100, rng);
            ExactKngSampler sampler = setting.sampler;
            double[] out = new double[100];
            String[] cells = new String[2];
            for (int mode = 0; mode < 2; mode++) {
                sampler.tiltDirections(mode == 0);
                // the uniform direction needs about 10^5 proposals per draw at s' = 0.2: fewer draws there
                int count = mode == 1 && offset >= 0.15 ? Math.max(1, draws / 10) : draws;
                long proposals = 0;
                long start = System.nanoTime();
                for (int i = 0; i < count; i++) {
                    proposals += sampler.sample(setting.target, setting.envelope, sigma, rng, out);
                }
                cells[mode] = String.format(Locale.ROOT, "%.1f (%.2f)", (double) proposals / count,
                        (System.nanoTime() - start) / 1e6 / count);
            }
            System.out.printf(Locale.ROOT, "| %.2f | %.3f | %s | %s |%n", offset, kendall.distance(setting.mean, p0),
                    cells[0], cells[1]);
        }
    }
}
