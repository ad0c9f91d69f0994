package dev.manifolddp.sampling.mcmc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProposalsTest {

    @Test
    void proposalsStayOnTheManifold() {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        double[] x = kendall.capability(LandmarkShapes.class).orElseThrow()
                .preshape(new double[] {0, 0, 1, 0, 1, 1, 0, 1, 0.5, 1.7});
        UniformRandomProvider rng = RandomStreams.seeded(81L).stream(0, 0);
        double[] y = new double[10];
        for (Proposal p : new Proposal[] {new TangentGaussianProposal(kendall), new AmbientDirectionProposal(kendall),
            new CenteredUniformProposal(kendall), new TangentBoxProposal(kendall)}) {
            for (int i = 0; i < 100; i++) {
                p.propose(x, 0.3, rng, y);
                assertThat(kendall.pointViolation(y, 1e-9)).as(p.describe()).isEmpty();
            }
        }
    }

    @Test
    void symmetryIsDeclaredAsDocumented() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        Geometry affine = Geometries.parse("spd/affine-invariant:k=2");
        Geometry logEuclidean = Geometries.parse("spd/log-euclidean:k=2");
        assertThat(new AmbientDirectionProposal(sphere).symmetric()).isTrue();
        assertThat(new AmbientDirectionProposal(kendall).symmetric()).isTrue();
        assertThat(new AmbientDirectionProposal(affine).symmetric()).isFalse();
        assertThat(new TangentGaussianProposal(affine).symmetric()).isTrue();
        assertThat(new ChartRandomWalkProposal(logEuclidean).symmetric()).isTrue();
        TangentBoxProposal box = new TangentBoxProposal(affine);
        assertThat(box.symmetric()).isFalse();
        assertThat(box.hastingsRatioKnown()).isTrue();
        CenteredUniformProposal centered = new CenteredUniformProposal(kendall);
        assertThat(centered.symmetric()).isFalse();
        assertThat(centered.hastingsRatioKnown()).isFalse();
    }

    @Test
    void anUncorrectableProposalIsReportedInTheDiagnostics() {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        double[] x = kendall.capability(LandmarkShapes.class).orElseThrow()
                .preshape(new double[] {0, 0, 1, 0, 1, 1, 0, 1, 0.5, 1.7});
        McmcResult result = MetropolisHastings.builder().geometry(kendall)
                .target(new LaplaceLogDensity(kendall, x, 0.2)).proposal(new CenteredUniformProposal(kendall))
                .step(0.2).burnIn(100).thin(1).samples(100).build()
                .run(x, RandomStreams.seeded(82L).stream(0, 0));
        assertThat(result.diagnostics().warnings()).singleElement().asString().contains("not symmetric");
    }

    /** A Gaussian move far longer than the injectivity radius pi of S^2 is refused: the chain stays put. */
    @Test
    void movesBeyondTheInjectivityRadiusStayPut() {
        Geometry sphere = Geometries.parse("sphere:d=2");
        TangentGaussianProposal p = new TangentGaussianProposal(sphere);
        UniformRandomProvider rng = RandomStreams.seeded(83L).stream(0, 0);
        double[] x = {0, 0.6, 0.8};
        double[] y = new double[3];
        int stays = 0;
        for (int i = 0; i < 1000; i++) {
            p.propose(x, 100, rng, y);
            if (Arrays.equals(x, y)) {
                stays++;
            }
        }
        // P(|N(0, 100^2 I_2)| < pi) = 1 - exp(-pi^2 / 2e4) < 5e-4
        assertThat(stays).isGreaterThan(990);
    }

    /**
     * The documented fact behind TangentBoxProposal: for the affine-invariant basis P^(1/2) B_ij P^(1/2) the
     * coordinates of log_y x in y's basis are minus those of log_x y at x = I, but not at a general x.
     */
    @Test
    void affineInvariantReverseCoordinatesAreMinusForwardOnlyAtTheIdentity() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        TangentBasis basis = spd.capability(TangentBasis.class).orElseThrow();
        double[] y = {1.5, 0.7, 0.7, 2.0};
        assertThat(reverseDefect(spd, basis, new double[] {1, 0, 0, 1}, y)).isLessThan(1e-10);
        assertThat(reverseDefect(spd, basis, new double[] {3.0, -0.4, -0.4, 0.5}, y)).isGreaterThan(1e-3);
    }

    private static double reverseDefect(Geometry g, TangentBasis basis, double[] x, double[] y) {
        double[] forward = coordinates(g, basis, x, g.log(x, y));
        double[] reverse = coordinates(g, basis, y, g.log(y, x));
        double defect = 0;
        for (int i = 0; i < forward.length; i++) {
            defect = Math.max(defect, Math.abs(forward[i] + reverse[i]));
        }
        return defect;
    }

    private static double[] coordinates(Geometry g, TangentBasis basis, double[] p, double[] v) {
        double[][] e = basis.basis(p);
        double[] c = new double[e.length];
        for (int i = 0; i < e.length; i++) {
            c[i] = g.inner(p, e[i], v);
        }
        return c;
    }

    /**
     * The whole step loop (proposal, ball check, target, Hastings correction, bookkeeping) allocates nothing: compare
     * two runs that differ only by 200 000 burn-in steps, after a warm-up run.
     */
    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource({"sphere:d=2, gaussian", "sphere:d=2, ambient", "spd/affine-invariant:k=2, box",
        "spd/log-euclidean:k=2, chart", "kendall:landmarks=5, gaussian"})
    void theStepLoopAllocatesNothing(String spec, String kind) {
        org.junit.jupiter.api.Assumptions.assumeTrue(Allocation.supported());
        Geometry g = Geometries.parse(spec);
        Function<Geometry, Proposal> factory = switch (kind) {
            case "gaussian" -> TangentGaussianProposal::new;
            case "ambient" -> AmbientDirectionProposal::new;
            case "box" -> TangentBoxProposal::new;
            default -> ChartRandomWalkProposal::new;
        };
        double[] start = switch (g.name()) {
            case "sphere" -> new double[] {0, 0, 1};
            case "kendall" -> g.capability(LandmarkShapes.class).orElseThrow()
                    .preshape(new double[] {0, 0, 1, 0, 1, 1, 0, 1, 0.5, 1.7});
            default -> new double[] {1.2, 0.3, 0.3, 0.9};
        };
        MetropolisHastings.Builder builder = MetropolisHastings.builder().geometry(g)
                .target(new LaplaceLogDensity(g, start, 0.3)).proposal(factory.apply(g)).step(0.3).thin(1).samples(10)
                .restrictTo(start, 5.0);
        MetropolisHastings shortRun = builder.burnIn(10_000).build();
        MetropolisHastings longRun = builder.burnIn(210_000).build();
        UniformRandomProvider rng = RandomStreams.seeded(84L).stream(0, 0);
        shortRun.run(start, rng);
        longRun.run(start, rng);
        long before = Allocation.allocatedBytes();
        shortRun.run(start, rng);
        long middle = Allocation.allocatedBytes();
        longRun.run(start, rng);
        long after = Allocation.allocatedBytes();
        double perStep = ((after - middle) - (middle - before)) / 200_000.0;
        assertThat(perStep).as("bytes per MH step on %s with %s", spec, kind).isLessThan(1.0);
    }
}
