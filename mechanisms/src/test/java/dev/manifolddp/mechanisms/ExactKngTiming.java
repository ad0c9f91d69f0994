package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.data.GeneratedData;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Wall time per KNG release, exact sampler against Metropolis-Hastings with the paper's burn-in (not a unit test; run
 * by hand): S^2 with n = 1000 in the cap of radius pi/8 (Soto et al. 2022, Fig. 1: burn-in 20 000, thin 600), and Kendall shapes
 * with 50 landmarks and n = 400 in balls of several radii (Soto et al. 2022, Fig. 2: burn-in 7500; one more step is released).
 * Epsilon = 1, proven sigma. Every time includes the whole release (checks, the non-private mean, sampling).
 *
 * <pre>mvn -o -q test-compile -pl mechanisms
 * java -cp "mechanisms/target/test-classes:mechanisms/target/classes:$(cat cp.txt)" \
 *     dev.manifolddp.mechanisms.ExactKngTiming</pre>
 * where cp.txt is written by {@code mvn -o -q dependency:build-classpath -pl mechanisms -Dmdep.outputFile=cp.txt}.
 */
public final class ExactKngTiming {

    private ExactKngTiming() {
    }

    public static void main(String[] args) {
        Geometry sphere = Fixtures.sphere();
        UniformRandomProvider rng = Fixtures.rng(900, 0);
        GeneratedData cap = Fixtures.sphereCap(1000, Fixtures.CAP_RADIUS, rng);
        KNormGradient exact = KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build();
        KNormGradient budget = KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).proposalBudget(40)
                .build();
        KNormGradient sphereChain = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(20_000)
                .thin(600).build();
        meanOnly("S^2, n = 1000, r = pi/8", sphere, cap, 500);
        report("S^2, n = 1000, r = pi/8", "exact", exact, sphere, cap, 2000, rng);
        report("S^2, n = 1000, r = pi/8", "exact, budget 40", budget, sphere, cap, 500, rng);
        report("S^2, n = 1000, r = pi/8", "MH 20000 + 600", sphereChain, sphere, cap, 5, rng);

        Geometry kendall = Geometries.parse("kendall:landmarks=50");
        double[] center = Fixtures.polygonShape(kendall);
        KNormGradient kendallChain = KNormGradient.builder().sampler(KNormGradient.Sampler.MCMC).burnIn(7_500)
                .thin(1).build();
        for (double r : new double[] {0.02, 0.05, 0.075, 0.1}) {
            GeneratedData shapes = new GeodesicBallGenerator(kendall, center, r).generate(400, rng);
            String setting = String.format(Locale.ROOT, "Kendall k = 50, n = 400, r = %s", r);
            meanOnly(setting, kendall, shapes, 50);
            report(setting, "exact", exact, kendall, shapes, r <= 0.05 ? 200 : 20, rng);
            if (r == 0.05) {
                report(setting, "MH 7500 + 1", kendallChain, kendall, shapes, 3, rng);
            }
        }
    }

    /** The non-private Frechet mean alone, as every release computes it (ReleaseContext's settings). */
    private static void meanOnly(String setting, Geometry geometry, GeneratedData data, int repeats) {
        dev.manifolddp.estimators.FrechetMean mean = dev.manifolddp.estimators.FrechetMean.builder().geometry(geometry)
                .start(data.center()).tolerance(ReleaseContext.MEAN_TOLERANCE)
                .maxIterations(ReleaseContext.MEAN_MAX_ITERATIONS).build();
        for (int i = 0; i < repeats; i++) {
            mean.fit(data.points());
        }
        long start = System.nanoTime();
        int iterations = 0;
        for (int i = 0; i < repeats; i++) {
            iterations = mean.fit(data.points()).iterations();
        }
        System.out.printf(Locale.ROOT, "%-36s %-18s %10.3f ms (%d gradient-descent iterations)%n", setting,
                "mean alone", (System.nanoTime() - start) / 1e6 / repeats, iterations);
    }

    private static void report(String setting, String sampler, KNormGradient kng, Geometry geometry,
            GeneratedData data, int releases, UniformRandomProvider rng) {
        DataBall ball = Fixtures.ball(data);
        PrivacyBudget budget = PrivacyBudget.pure(1);
        for (int i = 0; i < Math.max(1, releases / 5); i++) { // warm-up
            kng.release(geometry, data.points(), ball, budget, rng);
        }
        long proposals = 0;
        long start = System.nanoTime();
        Release<double[]> last = null;
        for (int i = 0; i < releases; i++) {
            last = kng.release(geometry, data.points(), ball, budget, rng);
            proposals += last.sampler().proposals();
        }
        double millis = (System.nanoTime() - start) / 1e6 / releases;
        System.out.printf(Locale.ROOT, "%-36s %-18s %10.3f ms/release  %9.1f proposals/release  predicted "
                        + "acceptance %s%n", setting, sampler, millis, (double) proposals / releases,
                last.parameters().getOrDefault("predictedAcceptance", "-"));
    }
}
