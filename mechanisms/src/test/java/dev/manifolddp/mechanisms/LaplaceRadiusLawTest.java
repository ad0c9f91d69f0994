package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.geometry.EuclideanSpace;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.GammaDistribution;
import org.junit.jupiter.api.Test;

/** The noise radius law of the Riemannian Laplace, against closed forms and against the mechanism's own draws. */
class LaplaceRadiusLawTest {

    /**
     * On S^2 the radius has density ∝ exp(-t/sigma) sin t on [0, pi], whose CDF is
     * {@code (1 - e^{-a t}(a sin t + cos t)) / (1 + e^{-a pi})} with a = 1/sigma (integrate by parts twice).
     */
    @Test
    void onTheSphereTheCdfIsTheClosedForm() {
        for (double sigma : new double[] {0.01, 0.2, 1.5}) {
            LaplaceRadiusLaw law = LaplaceRadiusLaw.of(Fixtures.sphere(), sigma);
            double a = 1 / sigma;
            for (double t : new double[] {0.3 * sigma, Math.min(3, sigma), Math.min(3, 2.5 * sigma), Math.min(3, 6 * sigma)}) {
                double exact = (1 - Math.exp(-a * t) * (a * Math.sin(t) + Math.cos(t))) / (1 + Math.exp(-a * Math.PI));
                assertThat(law.cumulativeProbability(t)).as("sigma %s, t %s", sigma, t).isCloseTo(exact,
                        within(1e-6));
            }
            for (double p : new double[] {0.05, 0.5, 0.95, 0.999}) {
                double q = law.quantile(p);
                double exact = (1 - Math.exp(-a * q) * (a * Math.sin(q) + Math.cos(q))) / (1 + Math.exp(-a * Math.PI));
                assertThat(exact).as("CDF at the %s-quantile, sigma %s", p, sigma).isCloseTo(p, within(1e-6));
            }
        }
    }

    /** On R^d the Laplace exp(-|z|/sigma) has radius Gamma(d, sigma). */
    @Test
    void onAFlatSpaceTheRadiusIsGamma() {
        for (int d : new int[] {1, 3, 10}) {
            LaplaceRadiusLaw law = LaplaceRadiusLaw.of(EuclideanSpace.of(d), 0.7);
            GammaDistribution gamma = GammaDistribution.of(d, 0.7);
            for (double p : new double[] {0.01, 0.5, 0.9, 0.9999}) {
                assertThat(law.quantile(p)).as("d %d, p %s", d, p)
                        .isCloseTo(gamma.inverseCumulativeProbability(p), within(1e-6 * (1 + gamma.getMean())));
            }
        }
    }

    /** The mechanism's exact releases on Kendall's shape space (RadialVolume, dimension 6) follow the law. */
    @Test
    void kendallReleasesFollowTheLaw() {
        Geometry kendall = Geometries.parse("kendall:landmarks=5");
        UniformRandomProvider rng = Fixtures.rng(61, 0);
        double[] center = Fixtures.polygonShape(kendall);
        GeneratedData data = new dev.manifolddp.sampling.data.GeodesicBallGenerator(kendall, center, 0.1)
                .generate(40, rng);
        double[] mean = FrechetMean.builder().geometry(kendall).tolerance(1e-12).build().fit(data.points()).mean();
        RiemannianLaplace laplace = RiemannianLaplace.builder().sampler(RiemannianLaplace.Sampler.EXACT).build();
        double[] radii = new double[1500];
        double sigma = Double.NaN;
        for (int i = 0; i < radii.length; i++) {
            Release<double[]> release = laplace.release(kendall, data.points(), DataBall.declared(center, 0.1),
                    PrivacyBudget.pure(2), rng);
            sigma = release.sigma();
            radii[i] = kendall.distance(mean, release.value());
        }
        LaplaceRadiusLaw law = LaplaceRadiusLaw.of(kendall, sigma);
        Fixtures.assertFollows("Kendall Laplace radius", radii, law::cumulativeProbability);
    }

    @Test
    void refusesWhatItCannotState() {
        assertThatThrownBy(() -> LaplaceRadiusLaw.of(Geometries.parse("spd/affine-invariant:k=2"), 0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RadialVolume");
        assertThatThrownBy(() -> LaplaceRadiusLaw.of(Fixtures.sphere(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sigma");
        assertThatThrownBy(() -> LaplaceRadiusLaw.of(Fixtures.sphere(), 0.1).quantile(1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 < p < 1");
    }
}
