package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * Exact KNG draws on Kendall shapes with the data-dependent envelope and with the public one, side by side, from one
 * seed: n records drawn uniformly in {@code B_(r - offset)(c)}, c at distance offset from the ball's centre p0 (offset
 * 0: the whole ball), then {@code draws} releases of each kind, recording rho(x, p0) and rho(x, xbar). Shared by
 * {@link DataEnvelopeKngTest} and {@link DataEnvelopeSeedSweep}.
 */
final class EnvelopeComparison {

    final Geometry kendall;
    final double[] p0;
    final double[] mean;
    final KngTarget target;
    final KngEnvelope envelope;
    /** rho(x, p0) and rho(x, xbar) of the draws with the data-dependent envelope. */
    final double[][] fromData;
    /** The same with the public envelope. */
    final double[][] fromPublic;
    final long dataProposals;
    final long publicProposals;

    private EnvelopeComparison(Geometry kendall, double[] p0, double[] mean, KngTarget target, KngEnvelope envelope,
            double[][] fromData, double[][] fromPublic, long dataProposals, long publicProposals) {
        this.kendall = kendall;
        this.p0 = p0;
        this.mean = mean;
        this.target = target;
        this.envelope = envelope;
        this.fromData = fromData;
        this.fromPublic = fromPublic;
        this.dataProposals = dataProposals;
        this.publicProposals = publicProposals;
    }

    static EnvelopeComparison run(int landmarks, double r, double offset, int n, double sigma, long seed,
            int draws) {
        Geometry kendall = Geometries.parse("kendall:landmarks=" + landmarks);
        double[] p0 = KendallLaplaceTest.center(kendall, landmarks);
        UniformRandomProvider rng = RandomStreams.seeded(seed).stream(0, 0);
        double[] centre = offset > 0 ? TiltedBallProposalTest.offCentre(kendall, p0, offset, rng) : p0;
        KendallKngSetting setting = KendallKngSetting.of(kendall, p0, r, centre, r - offset, n, sigma, 300, rng);
        double[] mean = setting.mean;
        ExactKngSampler sampler = setting.sampler;
        double[][] fromData = new double[2][draws];
        double[][] fromPublic = new double[2][draws];
        double[] out = new double[2 * landmarks];
        long dataProposals = 0;
        long publicProposals = 0;
        for (int i = 0; i < draws; i++) {
            dataProposals += sampler.sample(setting.target, setting.envelope, sigma, rng, out);
            fromData[0][i] = kendall.distance(p0, out);
            fromData[1][i] = kendall.distance(mean, out);
            publicProposals += sampler.sample(setting.target, sigma, rng, out);
            fromPublic[0][i] = kendall.distance(p0, out);
            fromPublic[1][i] = kendall.distance(mean, out);
        }
        return new EnvelopeComparison(kendall, p0, mean, setting.target, setting.envelope, fromData, fromPublic,
                dataProposals, publicProposals);
    }

    /** Two-sample KS p-value of rho(x, p0) (which = 0) or rho(x, xbar) (which = 1) between the two envelopes. */
    double pValue(int which) {
        return KolmogorovSmirnovTest.withDefaults().test(fromData[which], fromPublic[which]).getPValue();
    }
}
