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
 * The point-wise landmark Laplace baseline on planar shapes (Soto et al. 2022, supplement §2.5.2): the Euclidean mean
 * {@code m = (1/n) sum_i z_i} of the records' pre-shapes (Procrustes-aligned or not), each of its 2k coordinates
 * released with an independent 1-D Laplace of scale {@code sigma_j = Delta_j / (epsilon / 2k)},
 * {@code Delta_j = 2 range_j / n} ({@link SensitivityBounds#landmarkCoordinate}): the budget is split evenly over the
 * 2k coordinates (basic composition). The value is the pre-shape of the noisy configuration (post-processing).
 * <b>Floating-point safety</b> (Mironov 2012): each coordinate's noise is the discrete Laplace on a power-of-two grid
 * around the mean's grid index, with the integer scale chosen so that each coordinate's loss stays at most
 * {@code Delta_j / sigma_j} (the release records the grid and the drawn scales; docs/floating-point-noise.md).
 *
 * <p><b>Ranges.</b> {@code range_j} bounds how far coordinate j of a record can lie from a fixed reference, so that two
 * records differ in it by at most {@code 2 range_j}.
 * <ul>
 *   <li>{@code range = ball} (default, public). Aligned to the ball's centre c: for a record x in
 *   {@code B_r(c)}, the aligned representative z satisfies {@code |z - c|_2 = 2 sin(rho(x, c)/2) <= 2 sin(r/2) = r_E}
 *   ({@code ambientRadius(c, r)}: the optimal rotation makes {@code <z, c>} real and equal to {@code cos rho}, and
 *   both are unit vectors), so every coordinate deviates from c's by at most {@code |z - c|_2 <= r_E}. Without
 *   alignment a record's rotation is arbitrary and only {@code |z_j| <= |z|_2 = 1} holds: {@code range_j = 1} around
 *   0.</li>
 *   <li>{@code range = data} (the paper): {@code range_j = max_i |z_ij - m_j|}, the largest deviation of coordinate
 *   j from the mean landmark. Data-derived: allowed only with {@code non-private: true}, and the release is marked
 *   not private.</li>
 * </ul>
 *
 * <p><b>Alignment reference.</b> {@code align-to = center} (default) aligns to the public ball centre, so each aligned
 * record depends on that record alone and the ranges above are sensitivities. {@code align-to = mean} is the paper's
 * choice (the non-private Frechet mean); the mean depends on every record, so replacing one record re-rotates all the
 * others and {@code 2 range_j / n} no longer bounds the change of m: it needs {@code non-private: true} and the
 * release is marked not private (with {@code range = ball} it uses {@code r_E = ambientRadius(c, 2r)}, since
 * {@code rho(x_i, xbar) <= 2r}). The {@code paper} sigma rule equals the proven formula.
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
            double bound = !align ? 1.0 : reference == Reference.CENTER
                    ? embedding.ambientRadius(ball.center(), ball.radius())
                    : embedding.ambientRadius(ball.center(), 2 * ball.radius());
            double[] ranges = new double[geometry.layout().length()];
            Arrays.fill(ranges, bound);
            noise = noise(ranges, n, budget, release);
        }
        return Calibration.of(this, estimator, geometry, ball, n, release, new Drawing(budget, noise));
    }

    /** A calibration's plan: the budget, and the noise (null: calibrated from data-derived ranges when drawing). */
    private record Drawing(PrivacyBudget budget, Noise noise) {
    }

    /** The per-coordinate lattice Laplace: grid steps and integer scales. */
    private record Noise(double[] granularities, long[] gridScales) {
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
            noise = noise(ranges, n, drawing.budget(), release);
        }
        double[] noisy = new double[length];
        for (int j = 0; j < length; j++) {
            double granularity = noise.granularities()[j];
            long index = NoiseGrid.index(mean[j], granularity);
            noisy[j] = NoiseGrid.value(index + DiscreteLaplace.sample(random, noise.gridScales()[j], 1), granularity);
        }
        double[] value = new double[length];
        shapes.preshape(noisy, value);
        return calibration.seal(release.value(value).sampler(SamplerReport.direct()));
    }

    /**
     * Calibrates the per-coordinate noise for coordinate ranges {@code ranges} (public, or data-derived in a
     * non-private release) and records it: sensitivities {@code 2 range_j / n}, scales at {@code epsilon / k} each,
     * and the lattice each coordinate is drawn on.
     */
    private Noise noise(double[] ranges, int n, PrivacyBudget budget, Release.Builder<double[]> release) {
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
