package dev.manifolddp.experiments.plan;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.RiemannianLaplace;
import dev.manifolddp.mechanisms.TangentGaussian;
import java.util.Locale;
import java.util.Optional;

/**
 * The expected geodesic error {@code E rho(release, xbar)} in closed form, where the law of that distance is known
 * exactly. Both cases need a global {@link IsometricChart} of the space the releases live on (a flat data space,
 * whose non-private Frechet mean xbar is the chart average, or an estimator's flat parameter space), where the release
 * is xbar plus chart noise, so the distance to xbar is the Euclidean norm of that noise:
 * <ul>
 *   <li>tangent Gaussian (Utpala et al. 2023, Thm 4): {@code rho^2 = sigma^2 chi^2_d}, so
 *       {@code E rho = sigma sqrt(2) Gamma((d+1)/2) / Gamma(d/2)} and {@code Var rho = sigma^2 d - (E rho)^2};</li>
 *   <li>Riemannian Laplace drawn exactly (Reimherr et al. 2021): the density {@code exp(-|y|/sigma)} on R^d gives
 *       {@code |y| ~ Gamma(d, sigma)}, so {@code E rho = d sigma} and {@code Var rho = d sigma^2}.</li>
 * </ul>
 * Both draws live on a lattice of spacing about {@code sigma 2^-20}, which moves these values by far less than any
 * simulation could resolve. Every other case (curved spaces, KNG, ambient noise measured after projection, MCMC draws)
 * has no closed form here and is simulated.
 */
public final class ClosedFormError {

    /**
     * A closed-form prediction.
     *
     * @param mean              {@code E rho}
     * @param standardDeviation the standard deviation of rho over releases
     * @param formula           the law used, for the report
     */
    public record Prediction(double mean, double standardDeviation, String formula) {
    }

    private ClosedFormError() {
    }

    /** The closed form for releases under {@code probe} on {@code geometry} (the releases' space), if one exists. */
    public static Optional<Prediction> of(Geometry geometry, Calibration probe) {
        Optional<IsometricChart> chart = geometry.capability(IsometricChart.class);
        if (chart.isEmpty()) {
            return Optional.empty();
        }
        int d = chart.get().chartDimension();
        double sigma = probe.sigma();
        if (TangentGaussian.NAME.equals(probe.mechanism().name())) {
            double mean = sigma * chiMean(d);
            return Optional.of(new Prediction(mean, Math.sqrt(Math.max(0, sigma * sigma * d - mean * mean)),
                    String.format(Locale.ROOT, "rho^2 = sigma^2 chi^2_%d: E rho = sigma sqrt(2) Gamma(%d/2)/Gamma(%d/2)",
                            d, d + 1, d)));
        }
        if (RiemannianLaplace.NAME.equals(probe.mechanism().name()) && "exact".equals(probe.parameters().get("sampler"))) {
            return Optional.of(new Prediction(d * sigma, Math.sqrt(d) * sigma,
                    String.format(Locale.ROOT, "rho ~ Gamma(%d, sigma): E rho = %d sigma", d, d)));
        }
        return Optional.empty();
    }

    /**
     * {@code E chi_d = sqrt(2) Gamma((d+1)/2) / Gamma(d/2)}, by the recurrence
     * {@code g(d+2) = g(d) (d+1)/d} on {@code g(d) = Gamma((d+1)/2)/Gamma(d/2)} from {@code g(1) = 1/sqrt(pi)} and
     * {@code g(2) = sqrt(pi)/2}: no Gamma function, no overflow at any d.
     */
    public static double chiMean(int d) {
        if (d < 1) {
            throw new IllegalArgumentException("the chi distribution needs d >= 1 degrees of freedom. Provided value: "
                    + d);
        }
        double ratio = d % 2 == 1 ? 1 / Math.sqrt(Math.PI) : Math.sqrt(Math.PI) / 2;
        for (int k = d % 2 == 1 ? 1 : 2; k < d; k += 2) {
            ratio *= (k + 1.0) / k;
        }
        return Math.sqrt(2) * ratio;
    }
}
