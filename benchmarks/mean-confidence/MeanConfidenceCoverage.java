// Issue 27 item 2: the measured coverage of MeanConfidenceRadius (docs/frechet-variance.md, "A confidence radius for
// the mean"). S^2, public ball B_r(north pole), r = pi/8; each dataset is n records of the sphere-cap generator (theta
// uniform in [0, r] about the north pole, direction uniform), whose population Frechet mean is the north pole by
// rotational symmetry. Per dataset: a private mean (riemannian-laplace, exact, epsilon/2) and a private variance about
// the ball's centre (riemannian-laplace on the line, epsilon/2), then the radius at alpha = 0.05 (default split);
// covered when the north pole lies within it. Seeded streams (one per cell and dataset): the table regenerates byte for
// byte. Build the repository (./mdp does), then:
//   javac -cp cli/target/mdp.jar -d /tmp/mc benchmarks/mean-confidence/MeanConfidenceCoverage.java
//   java -cp cli/target/mdp.jar:/tmp/mc MeanConfidenceCoverage 1000 > benchmarks/mean-confidence/coverage.md
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.estimators.FrechetVarianceEstimator;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.mechanisms.MeanConfidenceRadius;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.RiemannianLaplace;
import dev.manifolddp.sampling.data.GeodesicBallGenerator;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

public class MeanConfidenceCoverage {
    public static void main(String[] args) {
        int datasets = Integer.parseInt(args[0]);
        double alpha = 0.05;
        double r = Math.PI / 8;
        double[] pole = {0, 0, 1};
        Geometry sphere = Geometries.parse("sphere:d=2");
        DataBall ball = DataBall.declared(pole, r);
        GeodesicBallGenerator generator = new GeodesicBallGenerator(sphere, pole, r);
        RiemannianLaplace laplace = RiemannianLaplace.builder().build();
        RandomStreams streams = RandomStreams.seeded(27_2L);
        MeanConfidenceRadius.Split split = MeanConfidenceRadius.Split.of(alpha);
        System.out.printf(Locale.ROOT, "Coverage of the %.0f%% confidence radius for the Frechet mean on S^2 (r = pi/8, "
                + "%d datasets per cell; total epsilon split evenly between the mean and the variance)%n%n",
                100 * (1 - alpha), datasets);
        System.out.println("| n | epsilon | coverage | mean radius | mean noise part | mean sampling part "
                + "| mean error of the release | 95% quantile of the error | mean V+ | population V |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        double populationVariance = populationVariance(r);
        long cell = 0;
        for (int n : new int[] {25, 100, 400}) {
            for (double epsilon : new double[] {0.5, 1, 2}) {
                int covered = 0;
                double radius = 0, noise = 0, sampling = 0, error = 0, bound = 0;
                double[] errors = new double[datasets];
                for (int i = 0; i < datasets; i++) {
                    UniformRandomProvider rng = streams.stream(cell, i);
                    double[][] points = generator.generate(n, rng).points();
                    Release<double[]> mean = laplace.release(FrechetMeanEstimator.DEFAULT, sphere, points, ball,
                            PrivacyBudget.pure(epsilon / 2), rng);
                    Release<double[]> variance = laplace.release(new FrechetVarianceEstimator(null), sphere, points,
                            ball, PrivacyBudget.pure(epsilon / 2), rng);
                    MeanConfidenceRadius.Statement s = MeanConfidenceRadius.of(sphere, mean, variance, null, split);
                    double distance = sphere.distance(s.centre(), pole);
                    if (distance <= s.radius()) {
                        covered++;
                    }
                    radius += s.radius();
                    noise += s.meanNoiseRadius();
                    sampling += s.samplingRadius();
                    error += distance;
                    errors[i] = distance;
                    bound += s.varianceBound();
                }
                System.out.printf(Locale.ROOT, "| %d | %s | %.3f | %.4f | %.4f | %.4f | %.4f | %.4f | %.5f | %.5f |%n",
                        n, epsilon, covered / (double) datasets, radius / datasets, noise / datasets,
                        sampling / datasets, error / datasets, quantile(errors, 1 - alpha), bound / datasets,
                        populationVariance);
                cell++;
            }
        }
    }

    /** The empirical q-quantile (the ceil(q m)-th smallest of m values): the radius an oracle would need. */
    private static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[(int) Math.ceil(q * sorted.length) - 1];
    }

    /** E theta^2 for theta uniform on [0, r]: r^2/3 (the generator's radial law; rho(pole, x) = theta). */
    private static double populationVariance(double r) {
        return r * r / 3;
    }
}
