package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.sampling.noise.DiscreteLaplace;
import dev.manifolddp.sampling.noise.NoiseGrid;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The point-wise landmark Laplace on planar shapes (Soto et al. 2022, supplement §2.5.2): the Euclidean mean
 * {@code m = (1/n) sum_i z_i} of the records' pre-shapes (Procrustes-aligned or not), each of its D = 2k coordinates
 * released with an independent 1-D Laplace. The value is the pre-shape of the noisy configuration (post-processing).
 *
 * <p><b>Calibration (docs/private-shapes.md, "The landmark Laplace's l1 calibration").</b> With the public ball
 * ranges ({@code range = ball}) every coordinate gets the same scale {@code b = Delta_1 / epsilon}: the product of D
 * Laplaces of scale b is the K-norm mechanism of the l1 ball (density {@code exp(-|y - m|_1 / b)}), whose loss is
 * {@code |m - m'|_1 / b}. Every record is a unit vector within chord {@code r_E} of the centre, so two records differ
 * by at most the cap's chord diameter {@code d(r_E) = r_E sqrt(4 - r_E^2)} (2 past {@code r_E = sqrt 2}) in l2, and
 * {@code Delta_1 = sqrt(D) d(r_E) / n}. The paper's per-coordinate split ({@code Delta_j / (epsilon / 2k)},
 * basic composition over the coordinates) costs {@code sqrt(D) 2 r_E / d(r_E) >= sqrt(2k)} times this scale; it is
 * kept only for {@code range = data}, whose ranges bound each coordinate but give no l2 bound.
 * <b>Floating-point safety</b> (Mironov 2012): each coordinate's noise is the discrete Laplace on a power-of-two grid
 * around the mean's grid index, with the integer scale chosen so that the loss stays at most the continuous
 * mechanism's (the release records the grid and the drawn scales; docs/floating-point-noise.md §3).
 *
 * <p><b>Ranges.</b>
 * <ul>
 *   <li>{@code range = ball} (default, public). Aligned to the ball's centre c: for a record x in
 *   {@code B_r(c)}, the aligned representative z satisfies {@code |z - c|_2 = 2 sin(rho(x, c)/2) <= 2 sin(r/2) = r_E}
 *   ({@code ambientRadius(c, r)}: the optimal rotation makes {@code <z, c>} real and equal to {@code cos rho}, and
 *   both are unit vectors). Without alignment a record's rotation is arbitrary and only {@code |z|_2 = 1} holds:
 *   {@code r_E = 2}, the whole unit sphere.</li>
 *   <li>{@code range = data} (the paper): {@code range_j = max_i |z_ij - m_j|}, the largest deviation of coordinate
 *   j from the mean landmark, {@code Delta_j = 2 range_j / n} ({@link SensitivityBounds#landmarkCoordinate}), and the
 *   per-coordinate split {@code sigma_j = Delta_j / (epsilon / 2k)}. Data-derived: allowed only with
 *   {@code non-private: true}, and the release is marked not private.</li>
 * </ul>
 *
 * <p><b>Alignment reference.</b> {@code align-to = center} (default) aligns to the public ball centre, so each aligned
 * record depends on that record alone and the ranges above are sensitivities. {@code align-to = mean} is the paper's
 * choice (the non-private Frechet mean); the mean depends on every record, so replacing one record re-rotates all the
 * others and {@code 2 range_j / n} no longer bounds the change of m: it needs {@code non-private: true} and the
 * release is marked not private (with {@code range = ball} it uses {@code r_E = ambientRadius(c, 2r)}, since
 * {@code rho(x_i, xbar) <= 2r}). The {@code paper} sigma rule equals the proven formula (the paper's own split is
 * {@code range = data}).
 *
 * <p>Needs {@link LandmarkShapes} and {@link AmbientEmbedding}; points are pre-shapes (unit norm). Immutable and
 * thread-safe.
 */
public final class LandmarkLaplace implements Mechanism {

    /** The registered name. */
    public static final String NAME = "landmark-laplace";

    /** What the records are aligned to. */
    public enum Reference {
        /** The public ball centre (default). */
        CENTER("center"),
        /** The non-private Frechet mean (Soto et al. 2022, suppl. §2.5.2); needs non-private. */
        MEAN("mean");

        private final String configName;

        Reference(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        public static Reference parse(String text) {
            return LandmarkLaplace.parse(values(), Reference::configName, text, "align-to");
        }
    }

    /** Where the coordinate ranges come from. */
    public enum Range {
        /** Public bounds from the declared ball (default). */
        BALL("ball"),
        /** The data's largest deviations (Soto et al. 2022, suppl. §2.5.2); needs non-private. */
        DATA("data");

        private final String configName;

        Range(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        public static Range parse(String text) {
            return LandmarkLaplace.parse(values(), Range::configName, text, "range");
        }
    }

    private final boolean align;
    private final Reference reference;
    private final Range range;
    private final SigmaRule sigmaRule;
    private final boolean nonPrivate;

    private LandmarkLaplace(Builder builder) {
        this.align = builder.align;
        this.reference = builder.reference;
        this.range = builder.range;
        this.sigmaRule = builder.sigmaRule;
        this.nonPrivate = builder.nonPrivate;
    }

    /** A builder: aligned to the ball centre, ranges from the ball, proven sigma rule. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return NAME;
    }

    public boolean align() {
        return align;
    }

    public Reference reference() {
        return reference;
    }

    public Range range() {
        return range;
    }

    public SigmaRule sigmaRule() {
        return sigmaRule;
    }

    public boolean nonPrivate() {
        return nonPrivate;
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        ReleaseContext.requireFrechetMean(estimator, NAME, "it adds noise to the mean of aligned landmark coordinates");
        Release.Builder<double[]> release = ReleaseContext.calibration(NAME, estimator, geometry, ball, n, budget,
                nonPrivate);
        release.spendsNoDelta(); // a Laplace law: pure epsilon-DP whatever delta the budget allows
        ReleaseContext.requireCapability(geometry, LandmarkShapes.class, NAME,
                "records are landmark configurations to align and average");
        AmbientEmbedding embedding = ReleaseContext.requireCapability(geometry, AmbientEmbedding.class, NAME,
                "the ball's ambient radius bounds the coordinate ranges");
        if (align && reference == Reference.MEAN) {
            release.dataDerived("the Procrustes reference (the non-private Frechet mean, which makes every "
                    + "aligned record depend on all records)");
        }
        Noise noise = null;
        if (range == Range.DATA) {
            // the ranges are read off the records: the noise is calibrated when drawing (a non-private release)
            release.dataDerived("the landmark coordinate ranges");
        } else {
            double chordRadius = !align ? 2.0 : reference == Reference.CENTER
                    ? embedding.ambientRadius(ball.center(), ball.radius())
                    : embedding.ambientRadius(ball.center(), 2 * ball.radius());
            noise = l1Noise(chordRadius, geometry.layout().length(), n, budget, release);
        }
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(budget, noise));
    }

    /** A calibration's plan: the budget, and the noise (null: calibrated from data-derived ranges when drawing). */
    private record Drawing(PrivacyBudget budget, Noise noise) {
    }

    /** The lattice Laplace of every coordinate: grid steps and integer scales (one common pair under l1). */
    record Noise(double[] granularities, long[] gridScales) {
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        Release.Builder<double[]> release = calibration.start(this, data, random).release();
        Geometry geometry = calibration.geometry();
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow();
        Drawing drawing = calibration.plan(Drawing.class);
        int n = data.length;
        int length = geometry.layout().length();
        double[] alignTo = null;
        if (align) {
            alignTo = reference == Reference.CENTER ? calibration.ball().center()
                    : ReleaseContext.estimate(calibration.estimator(), geometry, data, calibration.ball(), release);
        }
        double[][] configurations = new double[n][length];
        double[] mean = new double[length];
        for (int i = 0; i < n; i++) {
            if (align) {
                shapes.align(data[i], alignTo, configurations[i]);
            } else {
                System.arraycopy(data[i], 0, configurations[i], 0, length);
            }
            for (int j = 0; j < length; j++) {
                mean[j] += configurations[i][j];
            }
        }
        for (int j = 0; j < length; j++) {
            mean[j] /= n;
        }
        Noise noise = drawing.noise();
        if (noise == null) {
            double[] ranges = new double[length];
            for (double[] configuration : configurations) {
                for (int j = 0; j < length; j++) {
                    ranges[j] = Math.max(ranges[j], Math.abs(configuration[j] - mean[j]));
                }
            }
            for (int j = 0; j < length; j++) {
                // a coordinate on which every record agrees still needs a positive scale
                ranges[j] = Math.max(ranges[j], Double.MIN_NORMAL);
            }
            noise = coordinateNoise(ranges, n, drawing.budget(), release);
        }
        double[] noisy = drawOnGrid(mean, noise, random);
        double[] value = new double[length];
        shapes.preshape(noisy, value);
        return calibration.seal(release.value(value).sampler(SamplerReport.direct()));
    }

    /**
     * The noisy configuration before its pre-shape: coordinate j is {@code g_j (k_j + Y_j)}, {@code k_j} the mean's
     * grid index and {@code Y_j} the discrete Laplace of integer scale {@code t_j}, independent over j.
     */
    static double[] drawOnGrid(double[] mean, Noise noise, UniformRandomProvider random) {
        double[] noisy = new double[mean.length];
        for (int j = 0; j < mean.length; j++) {
            double granularity = noise.granularities()[j];
            long index = NoiseGrid.index(mean[j], granularity);
            noisy[j] = NoiseGrid.value(index + DiscreteLaplace.sample(random, noise.gridScales()[j], 1), granularity);
        }
        return noisy;
    }

    /**
     * The chord diameter of the cap of unit vectors within chord {@code r_E} of a unit centre: two such vectors are at
     * angle at most {@code 2 theta}, {@code theta = 2 asin(r_E / 2)}, so at chord at most {@code 2 sin(min(theta,
     * pi/2)) = r_E sqrt(4 - r_E^2)} for {@code r_E <= sqrt 2}, and 2 (antipodes) beyond.
     */
    static double capDiameter(double chordRadius) {
        return chordRadius * chordRadius >= 2 ? 2.0 : chordRadius * Math.sqrt(4 - chordRadius * chordRadius);
    }

    /**
     * Calibrates the l1 noise for records within chord {@code r_E} of the centre and records it: l2 sensitivity
     * {@code Delta_2 = d(r_E) / n}, l1 sensitivity {@code Delta_1 = sqrt(D) Delta_2}, one scale
     * {@code Delta_1 / epsilon} for every coordinate, on one lattice.
     */
    private Noise l1Noise(double chordRadius, int dimension, int n, PrivacyBudget budget, Release.Builder<double[]> release) {
        double epsilon = budget.epsilon();
        // a mean of n records moves by a record's change over n: the cap diameter over n (checks n and the radius)
        double l2 = SensitivityBounds.landmarkCoordinate(capDiameter(chordRadius) / 2, n);
        double l1 = Math.sqrt(dimension) * l2;
        LaplaceScale.proven(NAME, 1, l1, epsilon);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, l1 / epsilon, null);
        double sigma = scale.sigma();
        release.sensitivity(l1)
                .parameter("align", align)
                .parameter("alignTo", align ? reference.configName() : "none")
                .parameter("range", range.configName())
                .parameter("split", "l1")
                .parameter("chordRadius", chordRadius)
                .parameter("l2Sensitivity", l2)
                .parameter("l1Sensitivity", l1)
                .parameter("sigmaFormula", "Delta_1/epsilon, Delta_1 = sqrt(2k) d(r_E)/n, d(r_E) = r_E sqrt(4 - r_E^2)");
        scale.applyTo(release);
        release.sigma(sigma);
        double granularity = NoiseGrid.granularity(sigma);
        long gridScale = LatticeScaleLimit.checked(l1GridUnits(sigma, l1, dimension), DiscreteLaplace.MAX_SCALE,
                "2^42", "the discrete Laplace's scale", epsilon, sigmaRule,
                other -> fitsL1At(l1, dimension, other), GaussianCalibration.MAX_EPSILON);
        release.sigma(gridScale * granularity)
                .parameter("noise", "discrete Laplace (two-sided geometric) of one scale on every coordinate, on the "
                        + "grid g Z, exact sampler (Canonne, Kamath, Steinke 2020 Alg. 2); mean rounded to the grid, "
                        + "grid l1 sensitivity (floor(Delta_1/g) + 2k) g")
                .parameter("granularity", granularity)
                .parameter("gridScale", gridScale)
                .parameter("gridSensitivity", l1GridSensitivity(l1, granularity, dimension));
        double[] granularities = new double[dimension];
        long[] gridScales = new long[dimension];
        Arrays.fill(granularities, granularity);
        Arrays.fill(gridScales, gridScale);
        return new Noise(granularities, gridScales);
    }

    /**
     * The grid indices' l1 distance for means {@code Delta_1} apart in l1: each index moves by at most
     * {@code |m_j - m'_j| / g + 1} (rounding lemma), so the integer sum is at most {@code floor(Delta_1 / g) + D}. The
     * quotient is raised by 2^-40 so that the few roundings in computing {@code Delta_1} (each 2^-53) cannot lower the
     * floor below the real one.
     */
    private static double l1GridSensitivity(double l1, double granularity, int dimension) {
        return Math.floor(l1 / granularity * (1 + 0x1p-40)) + dimension;
    }

    /**
     * The common integer scale in grid steps, as a double until its range is checked:
     * {@code t = ceil(sigma D_g / Delta_1) + 1} keeps the product's loss {@code |k - k'|_1 / t <= D_g / t} at most
     * {@code Delta_1 / sigma}, the continuous l1 mechanism's, for every sigma rule.
     */
    private static double l1GridUnits(double sigma, double l1, int dimension) {
        double granularity = NoiseGrid.granularity(sigma);
        return Math.ceil(sigma * l1GridSensitivity(l1, granularity, dimension) / l1) + 1;
    }

    /** Whether the l1 lattice scale fits the sampler at another epsilon. */
    private boolean fitsL1At(double l1, int dimension, double epsilon) {
        try {
            double sigma = NoiseScale.resolve(sigmaRule, LaplaceScale.proven(NAME, 1, l1, epsilon), null).sigma();
            return l1GridUnits(sigma, l1, dimension) <= DiscreteLaplace.MAX_SCALE;
        } catch (IllegalArgumentException outside) {
            return false;
        }
    }

    /**
     * Calibrates the paper's per-coordinate noise for the data-derived coordinate ranges {@code ranges} (a
     * non-private release) and records it: sensitivities {@code 2 range_j / n}, scales at {@code epsilon / 2k} each,
     * and the lattice each coordinate is drawn on.
     */
    private Noise coordinateNoise(double[] ranges, int n, PrivacyBudget budget, Release.Builder<double[]> release) {
        int length = ranges.length;
        double epsilon = budget.epsilon();
        double coordinateEpsilon = epsilon / length;
        double[] sensitivities = new double[length];
        for (int j = 0; j < length; j++) {
            sensitivities[j] = SensitivityBounds.landmarkCoordinate(ranges[j], n);
        }
        // the largest proven scale is Delta_max / (epsilon / 2k): refused in epsilon's terms if it leaves the doubles
        LaplaceScale.proven(NAME, length, Arrays.stream(sensitivities).max().orElseThrow(), epsilon);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, largestProven(sensitivities, epsilon), null);
        double[] sigmas = coordinateSigmas(sensitivities, epsilon);
        release.sensitivity(Arrays.stream(sensitivities).max().orElseThrow())
                .parameter("align", align)
                .parameter("alignTo", align ? reference.configName() : "none")
                .parameter("range", range.configName())
                .parameter("split", "coordinate")
                .parameter("coordinateEpsilon", coordinateEpsilon)
                .parameter("coordinateRanges", ReleaseContext.asList(ranges))
                .parameter("coordinateSensitivities", ReleaseContext.asList(sensitivities))
                .parameter("coordinateSigmas", ReleaseContext.asList(sigmas))
                .parameter("sigmaFormula", "per coordinate Delta_j/(epsilon/2k), Delta_j = 2 range_j/n");
        scale.applyTo(release);
        // the release's sigma is the largest coordinate scale; each coordinate's is in coordinateSigmas
        release.sigma(Arrays.stream(sigmas).max().orElseThrow());
        double[] granularities = new double[length];
        long[] gridScales = new long[length];
        double[] drawnSigmas = new double[length];
        for (int j = 0; j < length; j++) {
            // the lattice scale stays a double until its range is checked (gridUnits says why it keeps the loss)
            granularities[j] = NoiseGrid.granularity(sigmas[j]);
            gridScales[j] = LatticeScaleLimit.checked(gridUnits(sigmas[j], sensitivities[j]),
                    DiscreteLaplace.MAX_SCALE, "2^42", "the discrete Laplace's scale", epsilon, sigmaRule,
                    other -> fitsAt(sensitivities, other), GaussianCalibration.MAX_EPSILON);
            drawnSigmas[j] = gridScales[j] * granularities[j];
        }
        release.sigma(Arrays.stream(drawnSigmas).max().orElseThrow())
                .parameter("noise", "discrete Laplace (two-sided geometric) per coordinate on the grid g_j Z, exact "
                        + "sampler (Canonne, Kamath, Steinke 2020 Alg. 2); mean rounded to the grid, grid sensitivity "
                        + "(floor(Delta_j/g_j) + 1) g_j")
                .parameter("coordinateGranularities", ReleaseContext.asList(granularities))
                .parameter("coordinateGridScales", Arrays.stream(gridScales).boxed().toList())
                .parameter("coordinateDrawnSigmas", ReleaseContext.asList(drawnSigmas));
        return new Noise(granularities, gridScales);
    }

    /** The largest coordinate's proven scale {@code Delta_j / (epsilon / 2k)}. */
    private static double largestProven(double[] sensitivities, double epsilon) {
        double coordinateEpsilon = epsilon / sensitivities.length;
        double largest = 0;
        for (double sensitivity : sensitivities) {
            largest = Math.max(largest, sensitivity / coordinateEpsilon);
        }
        return largest;
    }

    /** Each coordinate's scale under the sigma rule: the rule's scale for the largest, the others in proportion. */
    private double[] coordinateSigmas(double[] sensitivities, double epsilon) {
        double coordinateEpsilon = epsilon / sensitivities.length;
        double largestProven = largestProven(sensitivities, epsilon);
        NoiseScale scale = NoiseScale.resolve(sigmaRule, largestProven, null);
        double[] sigmas = new double[sensitivities.length];
        for (int j = 0; j < sigmas.length; j++) {
            sigmas[j] = sigmaRule instanceof SigmaRule.Fixed ? scale.sigma()
                    : sensitivities[j] / coordinateEpsilon * (scale.sigma() / largestProven);
        }
        return sigmas;
    }

    /**
     * The integer scale t_j in grid steps, as a double (checked before it becomes a long): the mean's grid index moves
     * by at most {@code floor(Delta_j / g) + 1} when one record changes, so {@code t_j = ceil(sigma_j (floor(Delta_j /
     * g) + 1) / Delta_j) + 1} keeps the loss at most {@code Delta_j / sigma_j}, the continuous mechanism's, for every
     * sigma rule (discrete Laplace on the grid g Z: Mironov 2012, as Google's secure noise).
     */
    private static double gridUnits(double sigma, double sensitivity) {
        double granularity = NoiseGrid.granularity(sigma);
        double gridSensitivity = Math.floor(sensitivity / granularity) + 1;
        return Math.ceil(sigma * gridSensitivity / sensitivity) + 1;
    }

    /** Whether every coordinate's lattice scale fits the sampler at another epsilon. */
    private boolean fitsAt(double[] sensitivities, double epsilon) {
        try {
            double[] sigmas = coordinateSigmas(sensitivities, epsilon);
            for (int j = 0; j < sigmas.length; j++) {
                if (!(gridUnits(sigmas[j], sensitivities[j]) <= DiscreteLaplace.MAX_SCALE)) {
                    return false;
                }
            }
            return true;
        } catch (IllegalArgumentException outside) {
            return false;
        }
    }

    private static <E> E parse(E[] values, java.util.function.Function<E, String> name, String text,
            String parameter) {
        String trimmed = text == null ? null : text.trim();
        for (E value : values) {
            if (name.apply(value).equals(trimmed)) {
                return value;
            }
        }
        throw new IllegalArgumentException(String.format("landmark-laplace: unknown %s; allowed: %s. Provided value: "
                + "%s", parameter, Arrays.stream(values).map(name).collect(Collectors.joining(", ")), text));
    }

    /** Configures a {@link LandmarkLaplace}; {@link #build()} validates. */
    public static final class Builder {
        private boolean align = true;
        private Reference reference = Reference.CENTER;
        private Range range = Range.BALL;
        private SigmaRule sigmaRule = SigmaRule.PROVEN;
        private boolean nonPrivate;

        private Builder() {
        }

        /** Procrustes-align every record before averaging (default true). */
        public Builder align(boolean align) {
            this.align = align;
            return this;
        }

        /** What to align to (default the ball centre; mean needs non-private). */
        public Builder alignTo(Reference reference) {
            this.reference = reference;
            return this;
        }

        /** Where the coordinate ranges come from (default the ball; data needs non-private). */
        public Builder range(Range range) {
            this.range = range;
            return this;
        }

        /** The calibration rule (default proven; paper = proven here). */
        public Builder sigmaRule(SigmaRule sigmaRule) {
            this.sigmaRule = sigmaRule;
            return this;
        }

        /** Allow data-derived bounds (default false); the release is then marked not private. */
        public Builder nonPrivate(boolean nonPrivate) {
            this.nonPrivate = nonPrivate;
            return this;
        }

        public LandmarkLaplace build() {
            if (reference == null || range == null || sigmaRule == null) {
                throw new IllegalArgumentException("landmark-laplace: alignTo, range and sigmaRule must be set. "
                        + "Provided value: alignTo = " + reference + ", range = " + range + ", sigmaRule = "
                        + sigmaRule);
            }
            if (range == Range.DATA && !nonPrivate) {
                throw new IllegalArgumentException("landmark-laplace: range 'data' computes the coordinate ranges "
                        + "from the data, which gives no privacy guarantee; use range 'ball', or set non-private: "
                        + "true to reproduce Soto et al. 2022, suppl. §2.5.2. Provided value: range = data");
            }
            if (align && reference == Reference.MEAN && !nonPrivate) {
                throw new IllegalArgumentException("landmark-laplace: aligning to the non-private mean makes every "
                        + "aligned record depend on all records, so the coordinate sensitivity does not hold; use "
                        + "align-to 'center', or set non-private: true to reproduce Soto et al. 2022, suppl. §2.5.2. Provided value: "
                        + "align-to = mean");
            }
            return new LandmarkLaplace(this);
        }
    }
}
