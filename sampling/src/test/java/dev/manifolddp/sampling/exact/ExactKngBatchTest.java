package dev.manifolddp.sampling.exact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The fixed-budget draw in batches (issue 26 item 3) is the one-at-a-time draw it replaced: the same accepted
 * proposal and the same use of the random stream, seed by seed, across batch boundaries; and the gradient norms
 * reach {@link GradientNorm#gradientNorms} a whole batch at a time, with the anchor in place of each proposal outside
 * the ball.
 */
class ExactKngBatchTest {

    private static final double[] NORTH = {0, 0, 1};
    /** More than two batches, the last one partial. */
    private static final int BUDGET = 2 * ExactKngSampler.BATCH + 44;

    @Test
    void batchedDrawsAreTheOneAtATimeDraws() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double r = Math.PI / 8;
        UniformRandomProvider dataRng = RandomStreams.seeded(2601L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(60, dataRng).points();
        MeanGradient gradient = new MeanGradient(sphere, data);
        double h = ExactKngSampler.frechetMeanConvexity(sphere, r);
        double[] anchor = gradient.descend(NORTH, 100);
        KngTarget target = new KngTarget(gradient, NORTH, r, h, anchor);
        ExactLaplaceSampler laplace = ExactLaplaceSamplers.find(sphere).orElseThrow();
        ExactKngSampler sampler = new ExactKngSampler(sphere, laplace);
        // a scale where a fair share of proposals leave the ball and a fair share is rejected inside it
        double sigma = 0.05;
        int accepted = 0;
        for (long seed = 0; seed < 200; seed++) {
            UniformRandomProvider batched = RandomStreams.seeded(seed).stream(0, 0);
            UniformRandomProvider reference = RandomStreams.seeded(seed).stream(0, 0);
            double[] out = new double[3];
            double[] expected = new double[3];
            boolean drew;
            try {
                sampler.sample(target, sigma, BUDGET, batched, out);
                drew = true;
            } catch (IllegalStateException e) {
                drew = false;
            }
            boolean referenceDrew = oneAtATime(sphere, laplace, gradient, r, h, anchor, sigma, reference, expected);
            assertThat(drew).as("seed %d: success", seed).isEqualTo(referenceDrew);
            if (drew) {
                accepted++;
                assertThat(out).as("seed %d: the accepted proposal", seed).containsExactly(expected);
            }
            assertThat(batched.nextLong()).as("seed %d: the stream after the draw", seed)
                    .isEqualTo(reference.nextLong());
        }
        assertThat(accepted).isEqualTo(200);
    }

    @Test
    void gradientNormsArriveAWholeBatchAtATime() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        double r = Math.PI / 8;
        UniformRandomProvider dataRng = RandomStreams.seeded(2602L).stream(0, 0);
        double[][] data = new GeodesicBallGenerator(sphere, NORTH, r).generate(40, dataRng).points();
        MeanGradient field = new MeanGradient(sphere, data);
        double h = ExactKngSampler.frechetMeanConvexity(sphere, r);
        double[] anchor = field.descend(NORTH, 100);
        List<Integer> batches = new ArrayList<>();
        int[] anchors = new int[1];
        int[] outside = new int[1];
        GradientNorm recording = new GradientNorm() {
            @Override
            public double gradientNorm(double[] x) {
                return field.gradientNorm(x);
            }

            @Override
            public void gradientNorms(double[][] points, int count, double[] out) {
                batches.add(count);
                // evaluated last to first: the order within a batch must not matter
                for (int j = count - 1; j >= 0; j--) {
                    out[j] = field.gradientNorm(points[j]);
                    if (java.util.Arrays.equals(points[j], anchor)) {
                        anchors[0]++;
                    }
                    if (sphere.distance(NORTH, points[j]) > r) {
                        outside[0]++;
                    }
                }
            }
        };
        ExactKngSampler sampler = ExactKngSampler.find(sphere).orElseThrow();
        double[] viaBatches = new double[3];
        double[] viaDefault = new double[3];
        sampler.sample(new KngTarget(recording, NORTH, r, h, anchor), 0.08, BUDGET,
                RandomStreams.seeded(7L).stream(0, 0), viaBatches);
        sampler.sample(new KngTarget(field, NORTH, r, h, anchor), 0.08, BUDGET,
                RandomStreams.seeded(7L).stream(0, 0), viaDefault);
        assertThat(viaBatches).containsExactly(viaDefault);
        assertThat(batches).containsExactly(ExactKngSampler.BATCH, ExactKngSampler.BATCH, 44);
        assertThat(outside[0]).as("no point outside the ball is evaluated").isZero();
        assertThat(anchors[0]).as("decoys at the anchor: some proposals left the ball").isPositive();
    }

    /**
     * The fixed-budget loop before batching, written out: per proposal the envelope's Laplace draw, the ball test,
     * G (at the anchor outside the ball) and one uniform; the first accepted proposal is kept.
     */
    private static boolean oneAtATime(Geometry sphere, ExactLaplaceSampler laplace, GradientNorm gradient, double r,
            double h, double[] anchor, double sigma, UniformRandomProvider rng, double[] out) {
        double g0 = gradient.gradientNorm(anchor);
        double[] proposal = new double[3];
        boolean accepted = false;
        for (int n = 0; n < BUDGET; n++) {
            laplace.sampleWithin(anchor, sigma / h, 2 * r * (1 + 1e-9), rng, proposal);
            boolean inside = sphere.distance(NORTH, proposal) <= r;
            double g = gradient.gradientNorm(inside ? proposal : anchor);
            double ratio = Math.exp(-(g - h * sphere.distance(proposal, anchor) + g0) / sigma);
            double u = rng.nextDouble();
            if (inside && !accepted && u < ratio) {
                System.arraycopy(proposal, 0, out, 0, 3);
                accepted = true;
            }
        }
        return accepted;
    }
}
