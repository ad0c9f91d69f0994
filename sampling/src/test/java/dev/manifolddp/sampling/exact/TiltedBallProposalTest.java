package dev.manifolddp.sampling.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.random.NormalSource;
import dev.manifolddp.sampling.random.RandomStreams;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The direction-tilted in-ball proposal ({@link TiltedBallProposal}): its exit bound against bisection, its law on
 * the ball against the untilted proposal ({@link TruncatedRadialLaplace} plus rejection outside the ball) at an
 * off-centre anchor, and its loud exit check.
 */
class TiltedBallProposalTest {

    /** A point at distance {@code offset} from {@code p0} in a random direction. */
    static double[] offCentre(Geometry geometry, double[] p0, double offset, UniformRandomProvider rng) {
        TangentBasis basis = geometry.capability(TangentBasis.class).orElseThrow();
        double[] coordinates = new double[basis.basisSize()];
        new NormalSource().unitVector(rng, coordinates, coordinates.length);
        double[] tangent = new double[p0.length];
        TangentBasis.combine(basis.basis(p0), coordinates, tangent);
        for (int i = 0; i < tangent.length; i++) {
            tangent[i] *= offset;
        }
        return geometry.exp(p0, tangent);
    }

    /** The exit distance of the geodesic {@code exp_a(t u)} from {@code B_r(p0)}, by bisection on [0, hi]. */
    static double exitByBisection(Geometry geometry, double[] a, double[] unit, double[] p0, double r, double hi) {
        double lo = 0;
        double[] step = new double[unit.length];
        for (int it = 0; it < 80; it++) {
            double mid = 0.5 * (lo + hi);
            for (int i = 0; i < step.length; i++) {
                step[i] = mid * unit[i];
            }
            if (geometry.distance(p0, geometry.exp(a, step)) <= r) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * On S^d (constant curvature 1) the bound is the exit distance itself; on Kendall (curvature 1 to 4) it bounds
     * the exit distance of every direction, is attained by the complex line of the centre's direction, and increases
     * with the cosine.
     */
    @ParameterizedTest
    @CsvSource({"sphere:d=5, 0.4, 0.25", "kendall:landmarks=4, 0.3, 0.2", "kendall:landmarks=10, 0.3, 0.25"})
    void exitBoundHoldsAndIsTight(String spec, double r, double offset) {
        Geometry geometry = Geometries.parse(spec);
        TangentBasis tangentBasis = geometry.capability(TangentBasis.class).orElseThrow();
        UniformRandomProvider rng = RandomStreams.seeded(701L).stream(0, 0);
        double[] p0 = someBasePoint(geometry);
        double[] a = offCentre(geometry, p0, offset, rng);
        TiltedBallProposal proposal = new TiltedBallProposal(geometry);
        double s = geometry.distance(a, p0);
        double[] w = geometry.log(a, p0);
        double wNorm = geometry.norm(a, w);
        double[][] basis = tangentBasis.basis(a);
        double[] coordinates = new double[tangentBasis.basisSize()];
        double[] unit = new double[p0.length];
        double largestGap = 0;
        for (int trial = 0; trial < 400; trial++) {
            new NormalSource().unitVector(rng, coordinates, coordinates.length);
            if (trial % 4 == 0) {
                // directions close to the centre's, where the exit is longest
                double[] towards = new double[coordinates.length];
                for (int i = 0; i < towards.length; i++) {
                    towards[i] = geometry.inner(a, basis[i], w) / wNorm;
                    coordinates[i] = towards[i] + 0.3 * coordinates[i];
                }
                normalise(coordinates);
            }
            TangentBasis.combine(basis, coordinates, unit);
            double c = geometry.inner(a, unit, w) / wNorm;
            double exact = exitByBisection(geometry, a, unit, p0, r, r + s + 0.01);
            double bound = proposal.exitBound(s, r, c);
            assertThat(exact).as("exit distance vs its bound, cosine %s", c).isLessThanOrEqualTo(bound + 1e-12);
            if (spec.startsWith("sphere")) {
                assertThat(bound).as("exit on the sphere, cosine %s", c).isCloseTo(exact, within(1e-12));
            }
            largestGap = Math.max(largestGap, bound - exact);
            assertThat(proposal.exitBound(s, r, Math.min(1, c + 0.01))).isGreaterThanOrEqualTo(bound);
        }
        assertThat(proposal.exitBound(s, r, 1)).as("straight at the centre").isCloseTo(r + s, within(1e-12));
        assertThat(proposal.exitBound(s, r, -1)).as("straight away").isCloseTo(r - s, within(1e-12));
        assertThat(largestGap).as("the bound is not vacuous").isLessThan(0.1 * r);
    }

    /**
     * Two-sample KS (alpha = 1e-3, fixed seeds) of rho(x, a) and rho(x, p0) for 3000 proposals inside the ball from
     * each of the tilted and the untilted proposal, at an anchor off the ball's centre: both must have the Laplace at
     * a restricted to the ball. At k = 50 (d = 96) this is the regime the tilt is for.
     */
    @ParameterizedTest
    @Tag("statistical")
    @CsvSource({"4, 0.3, 0.2, 0.05, 711", "5, 0.3, 0.25, 0.03, 712", "10, 0.3, 0.15, 0.01, 713",
            "50, 0.3, 0.04, 0.0048, 714"})
    void sameLawOnTheBallAsTheUntiltedProposal(int landmarks, double r, double offset, double scale, long seed) {
        Geometry kendall = Geometries.parse("kendall:landmarks=" + landmarks);
        double[] p0 = KendallLaplaceTest.center(kendall, landmarks);
        UniformRandomProvider rng = RandomStreams.seeded(seed).stream(0, 0);
        double[] a = offCentre(kendall, p0, offset, rng);
        double reach = (r + offset) * (1 + 1e-9);
        TiltedBallProposal tilted = new TiltedBallProposal(kendall);
        tilted.prepare(a, p0, r, scale, reach);
        TruncatedRadialLaplace untilted = new TruncatedRadialLaplace(kendall);
        int draws = 3000;
        double[][] fromTilted = new double[2][draws];
        double[][] fromUntilted = new double[2][draws];
        double[] x = new double[2 * landmarks];
        long tiltedProposals = 0;
        long untiltedProposals = 0;
        for (int i = 0; i < draws; i++) {
            do {
                tilted.sample(rng, x);
                tiltedProposals++;
            } while (kendall.distance(p0, x) > r);
            fromTilted[0][i] = kendall.distance(a, x);
            fromTilted[1][i] = kendall.distance(p0, x);
            do {
                untilted.sample(a, scale, reach, rng, x);
                untiltedProposals++;
            } while (kendall.distance(p0, x) > r);
            fromUntilted[0][i] = kendall.distance(a, x);
            fromUntilted[1][i] = kendall.distance(p0, x);
        }
        StatisticalAssertions.assertSameLaw("rho(x, a), tilted vs untilted, k = " + landmarks, fromTilted[0],
                fromUntilted[0]);
        StatisticalAssertions.assertSameLaw("rho(x, p0), tilted vs untilted, k = " + landmarks, fromTilted[1],
                fromUntilted[1]);
        System.out.printf("k = %d, offset %.3f: proposals per point in the ball, tilted %.2f, untilted %.2f%n",
                landmarks, offset, (double) tiltedProposals / draws, (double) untiltedProposals / draws);
    }

    /**
     * With a curvature bound below the true one (1 instead of 4 on Kendall) the exit bound is too short for
     * directions near the complex line of the centre's direction; the check must throw rather than silently leave
     * part of the ball out.
     */
    @Test
    void aTooSmallCurvatureBoundFailsLoudly() {
        Geometry kendall = Geometries.parse("kendall:landmarks=4");
        double[] p0 = KendallLaplaceTest.center(kendall, 4);
        UniformRandomProvider rng = RandomStreams.seeded(721L).stream(0, 0);
        double[] a = offCentre(kendall, p0, 0.2, rng);
        TiltedBallProposal wrong = new TiltedBallProposal(kendall, 1.0);
        wrong.prepare(a, p0, 0.3, 0.05, 0.5);
        assertThatThrownBy(() -> {
            double[] x = new double[8];
            for (int i = 0; i < 10_000; i++) {
                wrong.sample(rng, x);
            }
        }).isInstanceOf(IllegalStateException.class).hasMessageContaining("exit bound");
    }

    private static double[] someBasePoint(Geometry geometry) {
        if (geometry.spec().startsWith("kendall")) {
            int landmarks = geometry.layout().length() / 2;
            return KendallLaplaceTest.center(geometry, landmarks);
        }
        double[] p = new double[geometry.layout().length()];
        p[0] = 1;
        return p;
    }

    private static void normalise(double[] v) {
        double norm = 0;
        for (double x : v) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            v[i] /= norm;
        }
    }
}
