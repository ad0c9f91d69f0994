package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** The Riemannian Laplace on S^2. KS tests at alpha = 1e-3 with fixed seeds. */
class RiemannianLaplaceTest {

    private static final double R = Fixtures.CAP_RADIUS;

    private static double[] mean(Geometry geometry, double[][] points) {
        return FrechetMean.builder().geometry(geometry).tolerance(1e-12).maxIterations(5000).build().fit(points)
                .mean();
    }

    /** rho(release, xbar) / sigma has the law ∝ exp(-t) sin(sigma t) on [0, pi/sigma] (docs/exact-sampling.md). */
    @Test
    void exactReleaseHasTheExactRadialLaw() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(20, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        double[] xbar = mean(sphere, data.points());
        RiemannianLaplace mechanism = RiemannianLaplace.builder().build();
        double[] scaled = new double[3000];
        Release<double[]> release = null;
        for (int i = 0; i < scaled.length; i++) {
            release = mechanism.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
            scaled[i] = sphere.distance(release.value(), xbar) / release.sigma();
        }
        double sigma = release.sigma();
        DoubleUnaryOperator radial = Fixtures.sphereLaplaceRadiusCdf(2, sigma);
        Fixtures.assertFollows("rho/sigma", scaled, t -> radial.applyAsDouble(sigma * t));

        // Delta = L(r)/(n h), L the sphere's chord bound on |log_x y - log_x y'| (docs/sensitivity-bounds.md; was
        // Theorem 2's 2r(2 - h)), h = h_max(2r, 1) = (pi/4) cot(pi/4) = pi/4; homogeneous: sigma = Delta/epsilon
        double delta = Fixtures.sphereLogDifference(R) / (100 * Fixtures.sphereH2r(R));
        assertThat(release.sensitivity()).isCloseTo(delta, within(1e-15));
        assertThat(release.sigma()).isCloseTo(delta, within(1e-15));
        assertThat(release.parameters()).containsEntry("homogeneous", true).containsEntry("sampler", "exact");
        assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(release.sampler().proposals()).isGreaterThanOrEqualTo(1);
        assertThat(release.guarantee().isProven()).isTrue();
    }

    /** Exact draws and Metropolis-Hastings releases (burn-in 10 000, thin 100) have the same radial law. */
    @Test
    void exactAndMcmcAgree() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(21, 0);
        GeneratedData data = Fixtures.sphereCap(50, R, rng);
        double[] xbar = mean(sphere, data.points());
        RiemannianLaplace exact = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.EXACT).build();
        RiemannianLaplace mcmc = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC).build();
        double[] a = new double[800];
        double[] b = new double[800];
        Release<double[]> chain = null;
        for (int i = 0; i < a.length; i++) {
            a[i] = sphere.distance(xbar, exact.release(sphere, data.points(), Fixtures.ball(data),
                    PrivacyBudget.pure(1), rng).value());
            chain = mcmc.release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
            b[i] = sphere.distance(xbar, chain.value());
        }
        Fixtures.assertSameLaw("exact vs MCMC geodesic error", a, b);
        SamplerReport report = chain.sampler();
        assertThat(report.method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat(report.burnIn()).isEqualTo(10_000);
        assertThat(report.thin()).isEqualTo(100);
        assertThat(report.proposals()).isEqualTo(10_100);
        assertThat(report.acceptanceRate()).isBetween(0.05, 0.95);
        assertThat(report.effectiveSampleSize()).isPositive();
        assertThat(chain.warnings()).anyMatch(w -> w.contains("Metropolis-Hastings"));
    }

    @Test
    void withoutHomogeneityTheScaleDoubles() {
        Geometry sphere = new HiddenCapabilities(Fixtures.sphere(), HomogeneousSpace.class);
        UniformRandomProvider rng = Fixtures.rng(22, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = RiemannianLaplace.builder().build().release(sphere, data.points(),
                Fixtures.ball(data), PrivacyBudget.pure(0.5), rng);
        double delta = Fixtures.sphereLogDifference(R) / (100 * Fixtures.sphereH2r(R));
        assertThat(release.sigma()).isCloseTo(2 * delta / 0.5, within(1e-14));
        assertThat(release.parameters()).containsEntry("homogeneous", false);
        assertThat((String) release.parameters().get("sigmaFormula")).startsWith("2 Delta/epsilon");
    }

    /** Reimherr et al. 2021, suppl. §2.1: the empirical bound on a public boundary grid lies between 2r and 2r(2 - h(r)). */
    @Test
    void paperRuleUsesThePublicBoundaryGrid() {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(23, 0);
        GeneratedData data = Fixtures.sphereCap(100, R, rng);
        Release<double[]> release = RiemannianLaplace.builder().sigmaRule(SigmaRule.PAPER).build()
                .release(sphere, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        double bound = (Double) release.parameters().get("empiricalTangentBound");
        double hr = CurvatureFunctions.hMax(R, 1);
        assertThat(bound).isGreaterThan(2 * R).isLessThan(2 * R * (2 - hr));
        assertThat(release.sensitivity()).isCloseTo(bound / (100 * hr), within(1e-15));
        assertThat(release.sigma()).isCloseTo(release.sensitivity(), within(1e-15));
        assertThat(release.sigmaRule()).isEqualTo("paper");
        assertThat(release.guarantee().isProven()).isFalse();
        // the grid does not depend on the data: a different data set gives the same bound
        GeneratedData other = Fixtures.sphereCap(100, R, rng);
        Release<double[]> again = RiemannianLaplace.builder().sigmaRule(SigmaRule.PAPER).build()
                .release(sphere, other.points(), Fixtures.ball(other), PrivacyBudget.pure(1), rng);
        assertThat(again.parameters().get("empiricalTangentBound")).isEqualTo(bound);

        Geometry noBasis = new HiddenCapabilities(sphere, TangentBasis.class);
        assertThatThrownBy(() -> RiemannianLaplace.builder().sigmaRule(SigmaRule.PAPER).build()
                .release(noBasis, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TangentBasis");
    }

    @Test
    void exactSamplerMustExistWhenRequested() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        Geometry noSpectral = new HiddenCapabilities(spd, SpectralVolume.class);
        UniformRandomProvider rng = Fixtures.rng(24, 0);
        double[] identity = Fixtures.identity(2);
        GeneratedData data = new GeodesicBallGenerator(spd, identity, 1.0).generate(10, rng);
        assertThatThrownBy(() -> RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.EXACT).build()
                .release(noSpectral, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ExactLaplaceSampler")
                .hasMessageContaining("Provided value: exact");
        // auto falls back to MCMC; SPD is flat-or-negative so Delta = 2r/n at the admitted radius r (1 + SLACK)
        Release<double[]> release = RiemannianLaplace.builder().burnIn(500).thin(10).build()
                .release(noSpectral, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat(release.sensitivity()).isCloseTo(2 * 1.0 * (1 + DataBall.SLACK) / 10, within(1e-15));
        assertThat(spd.pointViolation(release.value(), 1e-9)).isEmpty();
        // with its SpectralVolume capability, affine-invariant SPD is drawn exactly
        Release<double[]> exact = RiemannianLaplace.builder().build()
                .release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(exact.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(exact.parameters()).containsEntry("exactSampler", "SpectralLaplaceSampler");
        assertThat(spd.pointViolation(exact.value(), 1e-9)).isEmpty();
    }

    /** Log-Euclidean SPD: exact through the isometric chart (the chart's Euclidean K-norm Laplace). */
    @Test
    void chartGeometriesAreExactThroughTheChart() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        UniformRandomProvider rng = Fixtures.rng(25, 0);
        GeneratedData data = new GeodesicBallGenerator(spd, Fixtures.identity(2), 0.5).generate(20, rng);
        Release<double[]> release = RiemannianLaplace.builder().build()
                .release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(release.sampler().method()).isEqualTo(SamplerReport.Method.EXACT);
        assertThat(release.parameters()).containsEntry("exactSampler", "ChartLaplaceSampler");
        // Utpala et al. 2023, App. B.1: MCMC with the log-normal (chart random walk) proposal
        Release<double[]> chain = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC)
                .proposal(ProposalKind.CHART_RANDOM_WALK).burnIn(2000).thin(50).build()
                .release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(chain.sampler().method()).isEqualTo(SamplerReport.Method.MCMC);
        assertThat(chain.parameters()).containsEntry("proposal", "chart-random-walk");
        assertThat((String) chain.parameters().get("chainSpace")).startsWith("isometric chart coordinates");
        assertThat(spd.pointViolation(chain.value(), 1e-9)).isEmpty();
    }

    /**
     * The chart random-walk chain, run in chart coordinates, releases with the exact sampler's law on log-Euclidean
     * SPD(3) (KS on the geodesic error, 600 releases each); another proposal still runs on the manifold.
     */
    @Test
    void chartChainReleasesHaveTheExactLaw() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=3");
        UniformRandomProvider rng = Fixtures.rng(26, 0);
        GeneratedData data = new GeodesicBallGenerator(spd, Fixtures.identity(3), 0.5).generate(20, rng);
        double[] xbar = mean(spd, data.points());
        RiemannianLaplace exact = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.EXACT).build();
        RiemannianLaplace chain = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC)
                .proposal(ProposalKind.CHART_RANDOM_WALK).step(0.5).burnIn(1000).thin(30).build();
        double[] a = new double[600];
        double[] b = new double[600];
        for (int i = 0; i < a.length; i++) {
            a[i] = spd.distance(xbar, exact.release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1),
                    rng).value());
            b[i] = spd.distance(xbar, chain.release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1),
                    rng).value());
        }
        Fixtures.assertSameLaw("exact vs chart-coordinate MCMC geodesic error on log-Euclidean SPD(3)", a, b);
        Release<double[]> onManifold = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.MCMC)
                .proposal(ProposalKind.TANGENT_GAUSSIAN).burnIn(100).thin(10).build()
                .release(spd, data.points(), Fixtures.ball(data), PrivacyBudget.pure(1), rng);
        assertThat(onManifold.parameters()).containsEntry("chainSpace", "the manifold");
    }

    /**
     * {@code project: true} on a flat chart (log-Euclidean SPD(2)): with the same random stream the projected release
     * is the unprojected one moved onto the data ball, inside it, and never farther from the mean
     * (docs/sensitivity-bounds.md §6); at n = 5, epsilon = 1 most draws leave the ball, so the projection is exercised.
     */
    @Test
    void projectionOntoTheBallNeverIncreasesTheErrorOnAFlatChart() {
        Geometry spd = Geometries.parse("spd/log-euclidean:k=2");
        double r = 0.5;
        DataBall ball = DataBall.declared(Fixtures.identity(2), r);
        double[][] data = new GeodesicBallGenerator(spd, Fixtures.identity(2), r).generate(5, Fixtures.rng(61, 0))
                .points();
        double[] xbar = mean(spd, data);
        RiemannianLaplace plain = RiemannianLaplace.builder().build();
        RiemannianLaplace projected = RiemannianLaplace.builder().project(true).build();
        int moved = 0;
        for (int i = 0; i < 400; i++) {
            double[] x = plain.release(spd, data, ball, PrivacyBudget.pure(1), Fixtures.rng(62, i)).value();
            Release<double[]> release = projected.release(spd, data, ball, PrivacyBudget.pure(1), Fixtures.rng(62, i));
            double[] p = release.value();
            assertThat(release.parameters()).containsEntry("project", true);
            assertThat(release.guarantee().isProven()).isTrue();
            double fromCentre = spd.distance(ball.center(), x);
            assertThat(spd.distance(ball.center(), p)).isLessThanOrEqualTo(r);
            assertThat(spd.distance(p, xbar)).isLessThanOrEqualTo(spd.distance(x, xbar) + 1e-12);
            if (fromCentre > r) {
                moved++;
                // on the geodesic from the centre through x, at distance r
                assertThat(spd.distance(p, x)).isCloseTo(fromCentre - r, within(1e-9));
            } else {
                assertThat(p).isEqualTo(x);
            }
        }
        assertThat(moved).isGreaterThan(100);
    }
}
