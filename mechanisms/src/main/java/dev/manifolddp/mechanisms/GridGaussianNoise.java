package dev.manifolddp.mechanisms;

import dev.manifolddp.sampling.noise.GridGaussian;
import dev.manifolddp.sampling.noise.NoiseGrid;
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
 * @param granularity      the grid step g
 * @param gridSensitivity  {@code Delta + sqrt(D) g}
 * @param continuousSigma  the continuous calibration at Delta (what the mechanism used before the grid)
 * @param provenSigma      the smallest sigma proven for the discrete law
 */
record GridGaussianNoise(double granularity, double gridSensitivity, double continuousSigma, double provenSigma) {

    static GridGaussianNoise plan(GaussianCalibration.Method method, PrivacyBudget budget, double sensitivity,
            int dimension) {
        double continuous = method.sigma(budget.epsilon(), budget.delta(), sensitivity);
        double granularity = NoiseGrid.granularity(continuous);
        double gridSensitivity = sensitivity + Math.sqrt(dimension) * granularity;
        double proven = GaussianCalibration.discreteSigma(budget.epsilon(), budget.delta(), gridSensitivity);
        if (method == GaussianCalibration.Method.CLASSICAL) {
            proven = Math.max(proven, GaussianCalibration.classicalSigma(budget.epsilon(), budget.delta(),
                    gridSensitivity));
        }
        return new GridGaussianNoise(granularity, gridSensitivity, continuous, proven);
    }

    /**
     * The lattice parameter s0 for the scale's sigma (rounded up to {@code sqrt(2) s0 g}): records the construction and
     * the accounted loss in a calibration and sets its sigma to the scale actually used. Public values only.
     */
    long calibrate(NoiseScale scale, PrivacyBudget budget, Release.Builder<?> release) {
        long s0 = GridGaussian.s0(scale.sigma(), granularity);
        double sigma = GridGaussian.sigma(s0, granularity);
        double rho = gridSensitivity * gridSensitivity / (2 * sigma * sigma);
        release.sigma(sigma)
                .parameter("noise", "discrete Gaussian N_Z(0, 2 s0^2) per coordinate on the grid g Z^D, exact sampler "
                        + "(Canonne, Kamath, Steinke 2020); mean rounded to the grid")
                .parameter("granularity", granularity)
                .parameter("gridS0", s0)
                .parameter("gridSensitivity", gridSensitivity)
                .parameter("continuousSigma", continuousSigma)
                .parameter("noiseRho", rho)
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
