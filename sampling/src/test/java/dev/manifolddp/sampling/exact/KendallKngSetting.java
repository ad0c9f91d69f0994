package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * An exact KNG setting on Kendall shapes for the data-envelope checks: n records drawn uniformly in
 * {@code B_dataRadius(centre)}, their Frechet mean by gradient descent from the centre, the KNG target on
 * {@code B_r(p0)} with the public convexity constant, and the data-dependent envelope at scale sigma.
 */
final class KendallKngSetting {

    final double[] mean;
    final KngTarget target;
    final KngEnvelope envelope;
    final ExactKngSampler sampler;

    private KendallKngSetting(Geometry kendall, double[] mean, KngTarget target, KngEnvelope envelope) {
        this.mean = mean;
        this.target = target;
        this.envelope = envelope;
        this.sampler = ExactKngSampler.find(kendall).orElseThrow();
    }

    static KendallKngSetting of(Geometry kendall, double[] p0, double r, double[] centre, double dataRadius, int n,
            double sigma, int descentSteps, UniformRandomProvider rng) {
        double[][] data = new GeodesicBallGenerator(kendall, centre, dataRadius).generate(n, rng).points();
        MeanGradient gradient = new MeanGradient(kendall, data);
        double[] mean = gradient.descend(centre, descentSteps);
        KngTarget target = new KngTarget(gradient, p0, r, ExactKngSampler.frechetMeanConvexity(kendall, r), mean);
        KngEnvelope envelope = ExactKngSampler.dataEnvelope(kendall, data, mean, p0, r, sigma).orElseThrow();
        return new KendallKngSetting(kendall, mean, target, envelope);
    }
}
