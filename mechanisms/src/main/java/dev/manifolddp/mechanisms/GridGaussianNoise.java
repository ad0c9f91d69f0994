package dev.manifolddp.mechanisms;

import dev.manifolddp.sampling.noise.DiscreteGaussian;
import dev.manifolddp.sampling.noise.GridGaussian;
import dev.manifolddp.sampling.noise.NoiseGrid;
import java.util.function.DoublePredicate;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The floating-point-safe Gaussian noise of {@link TangentGaussian} and {@link ExtrinsicGaussian}: the discrete
 * Gaussian on the power-of-two lattice {@code g Z^D} ({@link GridGaussian}; Canonne, Kamath, Steinke 2020), calibrated
 * so that the stated (epsilon, delta) holds for the law actually drawn (docs/floating-point-noise.md).
 *
 * <ol>
 *   <li>{@code g = NoiseGrid.granularity(sigma_c)}, {@code sigma_c} the continuous calibration (public).</li>
 *   <li>Rounding the mean to the grid moves each coordinate by at most half a step, so the l2 sensitivity of the
 *   integer grid index is at most {@code Delta / g + sqrt(D)}: the grid sensitivity is
 *   {@code Delta_g = Delta + sqrt(D) g}.</li>
 *   <li>The discrete Gaussian is {@code rho}-zCDP with {@code rho = Delta_g^2 / (2 sigma^2)}, converted to
 *   (epsilon, delta) by {@link GaussianCalibration#zcdpDelta}: the proven sigma is
 *   {@link GaussianCalibration#discreteSigma}{@code (epsilon, delta, Delta_g)}, and at least the classical formula
 *   at {@code Delta_g} when the classical calibration was asked for.</li>
 * </ol>
 *
 * <p><b>Range.</b> The exact sampler takes {@code s0 <= 2^30}. As epsilon shrinks the analytic sigma, which sets g,
 * tends to about {@code 0.4 Delta / delta}, while the discrete sigma grows like {@code 1/sqrt(epsilon)}; so s0 leaves
 * that range below an epsilon of about 1e-12 (2.3e-12 for SPD(3) at delta = 1e-5). {@link #plan} and
 * {@link #calibrate} refuse there with the smallest epsilon that fits ({@link LatticeScaleLimit}), before any record
 * is read.
 *
 * @param granularity      the grid step g
 * @param gridSensitivity  {@code Delta + sqrt(D) g}
 * @param continuousSigma  the continuous calibration at Delta (what the mechanism used before the grid)
 * @param provenSigma      the smallest sigma proven for the discrete law
 * @param method           the continuous calibration the grid was planned from
 * @param sensitivity      Delta
 * @param dimension        D
 */
record GridGaussianNoise(double granularity, double gridSensitivity, double continuousSigma, double provenSigma,
        GaussianCalibration.Method method, double sensitivity, int dimension) {

    private static final String WHAT = "the discrete Gaussian's sigma";
    private static final String MAX_TEXT = "2^30";

    /**
     * Plans the grid for the proven sigma.
     *
     * @throws IllegalArgumentException when the calibration cannot be made, stating the epsilon from which the
     *                                  sampler's range fits when that is the reason (a calibration that overflows at
     *                                  a tiny epsilon would otherwise name a limit of its own, not the sampler's)
     */
    static GridGaussianNoise plan(GaussianCalibration.Method method, PrivacyBudget budget, double sensitivity,
            int dimension, SigmaRule rule) {
        if (budget.epsilon() > GaussianCalibration.MAX_EPSILON) {
            return unchecked(method, budget, sensitivity, dimension); // refuses with the calibrations' own limit
        }
        try {
            return unchecked(method, budget, sensitivity, dimension);
        } catch (IllegalArgumentException cannotCalibrate) {
            throw LatticeScaleLimit.refusal(Double.POSITIVE_INFINITY, DiscreteGaussian.MAX_S0, MAX_TEXT, WHAT,
                    budget.epsilon(), rule, fitsAt(method, budget.delta(), sensitivity, dimension, rule),
                    ceiling(method), cannotCalibrate);
        }
    }

    private static GridGaussianNoise unchecked(GaussianCalibration.Method method, PrivacyBudget budget,
            double sensitivity, int dimension) {
        double continuous = method.sigma(budget.epsilon(), budget.delta(), sensitivity);
        double granularity = NoiseGrid.granularity(continuous);
        double gridSensitivity = sensitivity + Math.sqrt(dimension) * granularity;
        double proven = GaussianCalibration.discreteSigma(budget.epsilon(), budget.delta(), gridSensitivity);
        if (method == GaussianCalibration.Method.CLASSICAL) {
            proven = Math.max(proven, GaussianCalibration.classicalSigma(budget.epsilon(), budget.delta(),
                    gridSensitivity));
        }
        return new GridGaussianNoise(granularity, gridSensitivity, continuous, proven, method, sensitivity, dimension);
    }

    /** The largest epsilon the continuous calibration accepts. */
    private static double ceiling(GaussianCalibration.Method method) {
        return method == GaussianCalibration.Method.CLASSICAL ? Math.nextDown(1.0) : GaussianCalibration.MAX_EPSILON;
    }

    /** Whether the whole plan, the sigma rule applied, fits the sampler's range at another epsilon. */
    private static DoublePredicate fitsAt(GaussianCalibration.Method method, double delta, double sensitivity,
            int dimension, SigmaRule rule) {
        return epsilon -> {
            try {
                GridGaussianNoise grid = unchecked(method, new PrivacyBudget(epsilon, delta), sensitivity, dimension);
                double sigma = NoiseScale.resolve(rule, grid.provenSigma(), null).sigma();
                return GridGaussian.s0Units(sigma, grid.granularity()) <= DiscreteGaussian.MAX_S0;
            } catch (IllegalArgumentException outside) {
                return false;
            }
        };
    }

    /**
     * The lattice parameter s0 for the scale's sigma (rounded up to {@code sqrt(2) s0 g}): records the construction and
     * the accounted loss in a calibration and sets its sigma to the scale actually used. Public values only.
     */
    long calibrate(NoiseScale scale, PrivacyBudget budget, Release.Builder<?> release) {
        long s0 = LatticeScaleLimit.checked(GridGaussian.s0Units(scale.sigma(), granularity), DiscreteGaussian.MAX_S0,
                MAX_TEXT, WHAT, budget.epsilon(), scale.rule(),
                fitsAt(method, budget.delta(), sensitivity, dimension, scale.rule()), ceiling(method));
        double sigma = GridGaussian.sigma(s0, granularity);
        double rho = gridSensitivity * gridSensitivity / (2 * sigma * sigma);
        release.sigma(sigma)
                .parameter("noise", "discrete Gaussian N_Z(0, 2 s0^2) per coordinate on the grid g Z^D, exact sampler "
                        + "(Canonne, Kamath, Steinke 2020); mean rounded to the grid")
                .parameter("granularity", granularity)
                .parameter("gridS0", s0)
                .parameter("gridSensitivity", gridSensitivity)
                .parameter("continuousSigma", continuousSigma)
                .parameter(Calibration.ZCDP_RHO, rho)
                .parameter("noiseDelta", GaussianCalibration.zcdpDelta(budget.epsilon(), rho));
        return s0;
    }

    /** Draws {@code center + noise} on the grid with the lattice parameter {@code s0} of {@link #calibrate}. */
    double[] draw(long s0, double[] center, UniformRandomProvider random) {
        double[] noisy = new double[center.length];
        GridGaussian.sample(center, center.length, granularity, s0, random, noisy);
        return noisy;
    }
}
