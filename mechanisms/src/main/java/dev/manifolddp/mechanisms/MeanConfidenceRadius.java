package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.FrechetVarianceEstimator;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A confidence radius for the population's Frechet mean from two public releases: a private Frechet mean (the
 * Riemannian Laplace, whose noise radius has a law known in advance, {@link LaplaceRadiusLaw}) and a private Frechet
 * variance about a public centre ({@code frechet-variance} by the Laplace or the Gaussian). With probability at least
 * {@code 1 - alpha} (over the sample and both mechanisms' noise) the population mean mu lies within
 *
 * <pre>
 *   t = q_mean(1 - a1) + min(2r, sqrt(V+ / (kappa^2 n a2))),
 *   V+ = min(r^2, max(0, V~ + q_var(1 - a3) + L sqrt(ln(1/a4) / (2n)))),   kappa = h_max(2r, kmax),
 * </pre>
 *
 * of the released mean, by a union bound over four events (docs/frechet-variance.md, "A confidence radius for the
 * mean"): the mean's noise radius above its {@code 1 - a1} quantile; the sample mean farther than the Chebyshev
 * radius from mu, given that the population variance V is at most V+; the variance's noise above its upper
 * {@code 1 - a3} quantile; Hoeffding's bound on the variance's sampling error failing ({@code L} the range of one
 * record's squared distance to the centre). The second term assumes the sample mean's second moment
 * {@code E rho(mean_n, mu)^2 <= V/(kappa^2 n)}: exact on a flat space (kappa = 1, equality), and the leading order of
 * the central limit theorem for Frechet means (Bhattacharya and Patrangenaru 2005) on a curved one, where the
 * Hessian of the Frechet function is at least kappa (Hessian comparison under curvature at most kmax).
 *
 * <p>Everything is computed from the releases' public values (value, sigma, the public ball, n, the geometry) and
 * the public centre of the variance: post-processing, no further privacy cost. That centre must have been chosen
 * without looking at the data (the ball's centre, a template): Hoeffding's step needs it fixed before the sample.
 */
public final class MeanConfidenceRadius {

    /** Lattice draws round to a grid of step at most {@code sigma 2^-20} (docs/floating-point-noise.md). */
    private static final double LATTICE_SLACK = 0x1p-18;

    private MeanConfidenceRadius() {
    }

    /**
     * How the error probability alpha is split over the four events; each share in (0, 1/2), their sum below 1.
     *
     * @param meanNoise        the mean's noise radius above its quantile
     * @param sampling         the sample mean beyond the Chebyshev radius
     * @param varianceNoise    the variance's noise above its upper quantile
     * @param varianceSampling Hoeffding's bound on the sample variance failing
     */
    public record Split(double meanNoise, double sampling, double varianceNoise, double varianceSampling) {

        public Split {
            double[] shares = {meanNoise, sampling, varianceNoise, varianceSampling};
            String[] names = {"meanNoise", "sampling", "varianceNoise", "varianceSampling"};
            for (int i = 0; i < shares.length; i++) {
                if (!(shares[i] > 0 && shares[i] < 0.5)) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "the confidence split's share %s "
                            + "must be in (0, 1/2). Provided value: %s", names[i], shares[i]));
                }
            }
            if (!(meanNoise + sampling + varianceNoise + varianceSampling < 1)) {
                throw new IllegalArgumentException("the confidence split's shares must sum below 1. Provided value: "
                        + (meanNoise + sampling + varianceNoise + varianceSampling));
            }
        }

        /**
         * The default split of alpha: a quarter to the mean's noise, half to the sampling error (the Chebyshev term
         * grows like {@code 1/sqrt(share)}, so it gets the largest share), an eighth to each of the variance's terms.
         */
        public static Split of(double alpha) {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be in (0, 1). Provided value: " + alpha);
            }
            return new Split(alpha / 4, alpha / 2, alpha / 8, alpha / 8);
        }

        /** The total error probability alpha. */
        public double alpha() {
            return meanNoise + sampling + varianceNoise + varianceSampling;
        }
    }

    /**
     * A confidence statement: the population mean lies within {@code radius} of {@code centre} with probability at
     * least {@code 1 - alpha}.
     *
     * @param centre            the released mean
     * @param radius            the confidence radius t
     * @param alpha             the error probability
     * @param meanNoiseRadius   the mean's noise quantile {@code q_mean(1 - a1)}
     * @param samplingRadius    the Chebyshev radius of the sample mean
     * @param varianceBound     V+, the upper confidence bound on the population variance
     * @param curvatureFactor   kappa
     */
    public record Statement(double[] centre, double radius, double alpha, double meanNoiseRadius,
            double samplingRadius, double varianceBound, double curvatureFactor) {

        public Statement {
            centre = centre.clone();
        }

        @Override
        public double[] centre() {
            return centre.clone();
        }
    }

    /**
     * The confidence statement for the two releases.
     *
     * @param geometry       the data's geometry (both releases must name it)
     * @param mean           a {@code frechet-mean} release by {@code riemannian-laplace}, exact sampler, not projected
     * @param variance       a {@code frechet-variance} release by {@code riemannian-laplace} or {@code tangent-gaussian}
     *                       with the same public ball and n
     * @param varianceCentre the public centre the variance is about, or null for the ball's centre
     * @param split          the split of alpha
     * @throws IllegalArgumentException naming the release and what it lacks
     */
    public static Statement of(Geometry geometry, Release<double[]> mean, Release<double[]> variance,
            double[] varianceCentre, Split split) {
        Objects.requireNonNull(split, "split");
        if (geometry == null || mean == null || variance == null) {
            throw new IllegalArgumentException("a confidence radius needs the geometry, the mean's release and the "
                    + "variance's release. Provided value: " + (geometry == null ? "no geometry"
                    : mean == null ? "no mean release" : "no variance release"));
        }
        requireParameter(mean, "the mean", "estimator", dev.manifolddp.estimators.FrechetMeanEstimator.NAME);
        requireParameter(variance, "the variance", "estimator", FrechetVarianceEstimator.NAME);
        requireParameter(mean, "the mean", "geometry", geometry.spec());
        requireParameter(variance, "the variance", "geometry", geometry.spec());
        if (!RiemannianLaplace.NAME.equals(mean.mechanism()) || !"exact".equals(mean.parameters().get("sampler"))
                || Boolean.TRUE.equals(mean.parameters().get("project"))) {
            throw new IllegalArgumentException(String.format("a confidence radius needs the mean released by "
                    + "riemannian-laplace with its exact sampler and no projection, whose noise radius has a law known "
                    + "in advance; release the mean so. Provided value: mechanism %s, sampler %s, project %s",
                    mean.mechanism(), mean.parameters().get("sampler"), mean.parameters().get("project")));
        }
        for (String key : List.of("n", "ballRadius", "ballCenter")) {
            if (!Objects.equals(mean.parameters().get(key), variance.parameters().get(key))) {
                throw new IllegalArgumentException(String.format("the mean and the variance must be released from the "
                        + "same data under the same public ball; their %s differ. Provided value: %s and %s", key,
                        mean.parameters().get(key), variance.parameters().get(key)));
            }
        }
        int n = ((Number) mean.parameters().get("n")).intValue();
        double r = ((Number) mean.parameters().get("ballRadius")).doubleValue();
        double[] ballCenter = toArray(mean.parameters().get("ballCenter"));
        double[] c = varianceCentre == null ? ballCenter : varianceCentre;
        GeometryChecks.requirePoint(geometry, "the variance's centre", c);
        GeometryChecks.requirePoint(geometry, "the released mean", mean.value());

        double meanNoise = LaplaceRadiusLaw.of(geometry, mean.sigma()).quantile(1 - split.meanNoise());
        if (isLattice(mean)) {
            meanNoise += Math.sqrt(geometry.dimension()) * mean.sigma() * LATTICE_SLACK;
        }
        double a = geometry.distance(c, ballCenter);
        double high = (a + r) * (a + r);
        double low = Math.max(0, a - r);
        double range = high - low * low;
        double hoeffding = range * Math.sqrt(Math.log(1 / split.varianceSampling()) / (2.0 * n));
        double upper = variance.value()[0] + varianceNoiseQuantile(variance, split.varianceNoise()) + hoeffding;
        // mu minimises the Frechet function, so V <= F(m0) <= r^2 whatever the data: the clip costs nothing
        double varianceBound = Math.min(r * r, Math.max(0, upper));
        double kmax = geometry.curvature().max();
        if (kmax > 0 && !(2 * r * Math.sqrt(kmax) < Math.PI / 2)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a confidence radius needs the Frechet "
                    + "function's Hessian bounded below on the ball, i.e. 2r sqrt(kmax) < pi/2; shrink the ball. "
                    + "Provided value: r = %s, kmax = %s", r, kmax));
        }
        double kappa = CurvatureFunctions.hMax(2 * r, kmax);
        double sampling = Math.min(2 * r, Math.sqrt(varianceBound / (kappa * kappa * n * split.sampling())));
        return new Statement(mean.value(), meanNoise + sampling, split.alpha(), meanNoise, sampling, varianceBound,
                kappa);
    }

    /**
     * An upper {@code 1 - beta} quantile of the variance's noise. The Laplace on the line is the discrete Laplace
     * on a grid of step {@code g <= sigma 2^-20}: {@code P(Z >= k) = e^{-k g/sigma}/(1 + e^{-g/sigma})
     * <= (1 + g/sigma)/2 e^{-k g/sigma}}. The discrete Gaussian {@code N_Z(0, sigma^2)} is sigma-subgaussian
     * (Canonne, Kamath, Steinke 2020): {@code P(Z >= t) <= exp(-t^2/(2 sigma^2))}. Each adds the rounding of the
     * estimate to the grid.
     */
    static double varianceNoiseQuantile(Release<double[]> variance, double beta) {
        double sigma = variance.sigma();
        if (RiemannianLaplace.NAME.equals(variance.mechanism())) {
            return sigma * (Math.log((1 + LATTICE_SLACK) / (2 * beta)) + LATTICE_SLACK);
        }
        if (TangentGaussian.NAME.equals(variance.mechanism())
                && variance.parameters().get("granularity") instanceof Number granularity) {
            return sigma * Math.sqrt(2 * Math.log(1 / beta)) + 2 * granularity.doubleValue();
        }
        throw new IllegalArgumentException(String.format("a confidence radius needs the variance released by "
                + "riemannian-laplace or tangent-gaussian, whose noise has a known tail; release it so. Provided "
                + "value: %s", variance.mechanism()));
    }

    private static boolean isLattice(Release<double[]> release) {
        return release.parameters().get("noise") instanceof String noise && noise.contains("lattice");
    }

    private static void requireParameter(Release<double[]> release, String which, String key, String expected) {
        Object value = release.parameters().get(key);
        if (!expected.equals(value)) {
            throw new IllegalArgumentException(String.format("a confidence radius needs %s's release to have %s %s. "
                    + "Provided value: %s", which, key, expected, value));
        }
    }

    private static double[] toArray(Object list) {
        if (list instanceof double[] array) {
            return array.clone();
        }
        List<?> values = (List<?>) list;
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Number) values.get(i)).doubleValue();
        }
        return out;
    }
}
