package dev.manifolddp.sampling.mcmc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The tangent-bundle chain on S^2. The invariance tests start independent chains from exact draws of a known target
 * on the domain and run a few steps: the end states follow the target exactly when the kernel leaves it invariant,
 * which for Metropolis-Hastings without a Hastings ratio holds when the proposal is symmetric with respect to the
 * Liouville volume. Each KS assertion fails with probability {@link StatisticalAssertions#ALPHA} when the kernel is
 * right; the seeds are fixed, so the tests are deterministic.
 */
class TangentBundleChainTest {

    private static final Geometry SPHERE = Geometries.parse("sphere:d=2");
    private static final double[] NORTH = {0, 0, 1};
    private static final double RP = 0.8;
    private static final double V = 1.0;
    /** Scale of the Gaussian factor {@code exp(-|v|^2 / 2 s^2)} of the test target. */
    private static final double S = 0.5;
    private static final int DRAWS = 3000;

    /** The target: uniform footpoint on the cap, Gaussian speed in the fibre, both truncated to the domain. */
    private static final TangentBundleDensity TARGET = (p, v) -> -SPHERE.inner(p, v, v) / (2 * S * S);

    /** CDF of rho(p, m0) when p is uniform (Riemannian volume) on the cap B_Rp: (1 - cos rho) / (1 - cos Rp). */
    private static final DoubleUnaryOperator CAP_CDF = rho -> (1 - Math.cos(rho)) / (1 - Math.cos(RP));
    /** CDF of |v| in a 2-dimensional fibre under exp(-|v|^2/2s^2) restricted to |v| <= V (a truncated Rayleigh). */
    private static final DoubleUnaryOperator SPEED_CDF = u -> (1 - Math.exp(-u * u / (2 * S * S)))
            / (1 - Math.exp(-V * V / (2 * S * S)));

    @Test
    void jointMovesLeaveTheLiouvilleTargetInvariant() {
        UniformRandomProvider rng = RandomStreams.seeded(9301L).stream(0, 0);
        TangentBundleChain chain = chain(0.4, 0.4, 0, 5);
        double[] rho = new double[DRAWS];
        double[] speed = new double[DRAWS];
        double[] startRho = new double[DRAWS];
        long accepted = 0;
        for (int k = 0; k < DRAWS; k++) {
            double[][] start = exactDraw(rng);
            startRho[k] = SPHERE.distance(NORTH, start[0]);
            McmcResult result = chain.run(start[0], start[1], rng);
            double[] p = TangentBundleChain.footpoint(result.lastState());
            double[] v = TangentBundleChain.vector(result.lastState());
            assertThat(SPHERE.tangentViolation(p, v, 1e-12)).isEmpty();
            rho[k] = SPHERE.distance(NORTH, p);
            speed[k] = SPHERE.norm(p, v);
            accepted += Math.round(result.diagnostics().acceptanceRate() * 5);
        }
        // the moves are large enough to matter: about half are accepted, many rejected at the boundary
        assertThat(accepted / (5.0 * DRAWS)).isBetween(0.2, 0.8);
        StatisticalAssertions.assertFollows("rho(p, m0) after 5 steps", rho, CAP_CDF);
        StatisticalAssertions.assertFollows("|v|_p after 5 steps", speed, SPEED_CDF);
        // power: the same samples reject a law with another radial profile (uniform in rho, not in volume)
        assertThat(StatisticalAssertions.pValue(rho, r -> r / RP)).isLessThan(StatisticalAssertions.ALPHA);
        assertThat(StatisticalAssertions.pValue(startRho, r -> r / RP)).isLessThan(StatisticalAssertions.ALPHA);
    }

    @Test
    void aChainFromTheCentreReachesTheTarget() {
        UniformRandomProvider rng = RandomStreams.seeded(9302L).stream(0, 0);
        // many short independent chains from (m0, 0): after the burn-in their end states follow the target
        TangentBundleChain chain = chain(0.4, 0.4, 300, 1);
        double[] rho = new double[1500];
        double[] speed = new double[1500];
        for (int k = 0; k < rho.length; k++) {
            McmcResult result = chain.run(NORTH, new double[3], rng);
            double[] p = TangentBundleChain.footpoint(result.lastState());
            rho[k] = SPHERE.distance(NORTH, p);
            speed[k] = SPHERE.norm(p, TangentBundleChain.vector(result.lastState()));
        }
        StatisticalAssertions.assertFollows("rho(p, m0) from the centre", rho, CAP_CDF);
        StatisticalAssertions.assertFollows("|v|_p from the centre", speed, SPEED_CDF);
    }

    @Test
    void fibreMovesKeepTheFootpointAndFollowTheFibreLaw() {
        UniformRandomProvider rng = RandomStreams.seeded(9303L).stream(0, 0);
        double[] p = SPHERE.exp(NORTH, new double[] {0.3, 0.2, 0});
        TangentBundleChain chain = chain(0, 0.5, 0, 5);
        double[] speed = new double[DRAWS];
        for (int k = 0; k < DRAWS; k++) {
            McmcResult result = chain.run(p, exactVector(p, rng), rng);
            assertThat(TangentBundleChain.footpoint(result.lastState())).containsExactly(p);
            speed[k] = SPHERE.norm(p, TangentBundleChain.vector(result.lastState()));
        }
        StatisticalAssertions.assertFollows("|v|_p of fibre moves", speed, SPEED_CDF);
    }

    @Test
    void footpointMovesCarryAZeroVectorAndFollowTheCapLaw() {
        UniformRandomProvider rng = RandomStreams.seeded(9304L).stream(0, 0);
        TangentBundleChain chain = chain(0.4, 0, 0, 5);
        double[] rho = new double[DRAWS];
        for (int k = 0; k < DRAWS; k++) {
            McmcResult result = chain.run(exactDraw(rng)[0], new double[3], rng);
            assertThat(TangentBundleChain.vector(result.lastState())).containsOnly(0.0);
            rho[k] = SPHERE.distance(NORTH, TangentBundleChain.footpoint(result.lastState()));
        }
        StatisticalAssertions.assertFollows("rho(p, m0) of footpoint moves", rho, CAP_CDF);
    }

    @Test
    void keptStatesStayInTheDomainAndDiagnosticsAreReported() {
        UniformRandomProvider rng = RandomStreams.seeded(9305L).stream(0, 0);
        McmcResult result = chain(0.6, 0.6, 100, 2, 500, 2).run(NORTH, new double[3], rng);
        assertThat(result.samples()).hasNumberOfRows(2 * 500);
        for (double[] state : result.samples()) {
            double[] p = TangentBundleChain.footpoint(state);
            assertThat(SPHERE.distance(NORTH, p)).isLessThanOrEqualTo(RP);
            assertThat(SPHERE.norm(p, TangentBundleChain.vector(state))).isLessThanOrEqualTo(V * (1 + 1e-12));
        }
        McmcDiagnostics diagnostics = result.diagnostics();
        assertThat(diagnostics.chains()).isEqualTo(2);
        assertThat(diagnostics.acceptanceRate()).isBetween(0.05, 0.95);
        assertThat(diagnostics.rHat()).isPresent();
        assertThat(diagnostics.invalidCandidates()).isZero();
        assertThat(diagnostics.proposal()).contains("Gamma_{p->p'}(v + b)");
    }

    /** The step loop reuses its arrays: 10 000 more burn-in steps allocate (almost) nothing more. */
    @Test
    void stepLoopDoesNotAllocate() {
        if (!Allocation.supported()) {
            return;
        }
        UniformRandomProvider rng = RandomStreams.seeded(9306L).stream(0, 0);
        TangentBundleChain shortChain = chain(0.3, 0.3, 2_000, 10);
        TangentBundleChain longChain = chain(0.3, 0.3, 12_000, 10);
        long shortBytes = Long.MAX_VALUE;
        long longBytes = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = Allocation.allocatedBytes();
            shortChain.run(NORTH, new double[3], rng);
            long middle = Allocation.allocatedBytes();
            longChain.run(NORTH, new double[3], rng);
            long after = Allocation.allocatedBytes();
            shortBytes = Math.min(shortBytes, middle - before);
            longBytes = Math.min(longBytes, after - middle);
        }
        assertThat(longBytes - shortBytes).as("bytes allocated by 10 000 extra steps").isLessThan(10_000);
    }

    @Test
    void settingsAndStartsAreValidated() {
        assertThatThrownBy(() -> TangentBundleChain.builder().geometry(SPHERE).target(TARGET)
                .domain(NORTH, RP, V).steps(0, 0).samples(1).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("footpointStep")
                .hasMessageContaining("Provided value");
        assertThatThrownBy(() -> TangentBundleChain.builder().geometry(SPHERE).target(TARGET)
                .domain(NORTH, -1, V).steps(0.1, 0.1).samples(1).build())
                .hasMessageContaining("footpointRadius").hasMessageContaining("Provided value: -1");
        assertThatThrownBy(() -> TangentBundleChain.builder().geometry(SPHERE).target(TARGET)
                .steps(0.1, 0.1).samples(1).build())
                .hasMessageContaining("domain");
        TangentBundleChain chain = chain(0.1, 0.1, 0, 1);
        double[] far = SPHERE.exp(NORTH, new double[] {1.0, 0, 0});
        assertThatThrownBy(() -> chain.run(far, new double[3], RandomStreams.seeded(1L).stream(0, 0)))
                .hasMessageContaining("rho(startP, m0)");
        assertThatThrownBy(() -> chain.run(NORTH, new double[] {0, 0, 1}, RandomStreams.seeded(1L).stream(0, 0)))
                .hasMessageContaining("startV");
    }

    /** A chain that keeps only its final state. */
    private static TangentBundleChain chain(double footpointStep, double velocityStep, long burnIn, int thin) {
        return chain(footpointStep, velocityStep, burnIn, thin, 1, 1);
    }

    private static TangentBundleChain chain(double footpointStep, double velocityStep, long burnIn, int thin,
                                            int samples, int chains) {
        return TangentBundleChain.builder().geometry(SPHERE).target(TARGET).domain(NORTH, RP, V)
                .steps(footpointStep, velocityStep).burnIn(burnIn).thin(thin).samples(samples).chains(chains).build();
    }

    /** An exact draw of the target: p uniform on the cap by volume, v in T_p with a truncated Rayleigh speed. */
    private static double[][] exactDraw(UniformRandomProvider rng) {
        double rho = Math.acos(1 - rng.nextDouble() * (1 - Math.cos(RP)));
        double angle = 2 * Math.PI * rng.nextDouble();
        double[] p = SPHERE.exp(NORTH, new double[] {rho * Math.cos(angle), rho * Math.sin(angle), 0});
        return new double[][] {p, exactVector(p, rng)};
    }

    private static double[] exactVector(double[] p, UniformRandomProvider rng) {
        double tail = 1 - Math.exp(-V * V / (2 * S * S));
        double speed = Math.sqrt(-2 * S * S * Math.log(1 - rng.nextDouble() * tail));
        double angle = 2 * Math.PI * rng.nextDouble();
        double[][] basis = SPHERE.capability(TangentBasis.class).orElseThrow().basis(p);
        double[] v = new double[3];
        for (int j = 0; j < 3; j++) {
            v[j] = speed * (Math.cos(angle) * basis[0][j] + Math.sin(angle) * basis[1][j]);
        }
        return v;
    }
}
