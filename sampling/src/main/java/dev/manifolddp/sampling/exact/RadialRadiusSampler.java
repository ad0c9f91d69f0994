package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.sampling.random.GammaSource;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws of the geodesic radius of the Riemannian Laplace on a {@link RadialVolume} geometry: the density
 * {@code g(theta) ∝ h(theta) J(theta)} on [0, M], with {@code h(theta) = theta^(d-1) exp(-theta/sigma)} (the
 * Gamma(d, sigma) kernel), {@code J = volumeRatio <= exp(gamma theta)} (gamma the
 * {@linkplain RadialVolume#ratioGrowthRate ratio's growth rate}, 0 under curvature {@code >= 0}) and M the cut-locus
 * radius, possibly infinite ({@code docs/exact-sampling.md}).
 *
 * <p>Three rejection envelopes are available; each dominates g, so the acceptance rate of each is
 * {@code Z / (envelope mass)}, and the one of smallest mass is used (masses are compared exactly, in logs):
 * <ol>
 *   <li><b>Gamma</b>: theta ~ Gamma(d, rate 1/sigma - gamma), accepted with probability
 *       {@code J(theta) exp(-gamma theta)} (0 beyond M); mass {@code Gamma(d) (1/sigma - gamma)^-d}. Best when sigma
 *       is small and J stays near 1; the only envelope under negative curvature, where it exists for
 *       {@code sigma < 1/gamma}, exactly where the law does (a larger sigma is refused).</li>
 *   <li><b>Power</b>, only when gamma = 0 and M is finite: theta = M U^(1/d), accepted with probability
 *       {@code exp(-theta/sigma) J(theta)}; mass {@code M^d / d}. Useful when sigma is large against M.</li>
 *   <li><b>Piecewise</b>, only when the sectional curvature is >= 0 (so Ricci >= 0): by the Bishop-Gromov comparison
 *       theorem, J is non-increasing on [0, M], so on a cell [a, b] of a grid g is below the constant
 *       {@code J(a) max_[a,b] h} (h is unimodal with mode (d-1) sigma). Beyond the grid end B the concave
 *       {@code log h} lies below its tangent at B, which gives an exponential tail envelope {@code J(B) h(B)
 *       exp(-lambda (theta - B))} with {@code lambda = 1/sigma - (d-1)/B > 0}. This envelope follows the volume
 *       factor, so it stays efficient where the other two fail (many dimensions and high curvature, e.g. Kendall
 *       shapes with large sigma).</li>
 * </ol>
 * The envelope is rebuilt when sigma changes and reused otherwise. The piecewise envelope costs one
 * {@code volumeRatio}, one logarithm and one exponential per grid cell (on S^2 about as much as the rest of a KNG
 * release), so its tables are shared, read-only, between all samplers of the same volume function, dimension and
 * sigma ({@link #PIECEWISE}): a release builds a new sampler, but a sequence of releases at one scale builds the
 * tables once. They are the same numbers a fresh build gives, so draws do not change. Sampling allocates nothing.
 * Not thread-safe (the shared tables are immutable; the sampler's own state is not).
 */
final class RadialRadiusSampler {

    /** Grid cells of the piecewise envelope. */
    static final int CELLS = 1024;
    /** Proposals tried before giving up on one draw. */
    static final long MAX_PROPOSALS = 100_000_000L;

    /** The three envelopes; tests force one to check each. */
    enum Envelope { GAMMA, POWER, PIECEWISE }

    private final RadialVolume radial;
    private final int dimension;
    private final double maxRadius;
    private final double growth;
    private final boolean monotoneVolume;
    private final double logGammaOfDimension;
    private final GammaSource gammas = new GammaSource();
    private final Envelope forced;

    /**
     * Built piecewise envelopes by volume function, dimension and sigma. Bounded: cleared when full (a sweep over
     * many scales rebuilds, as every sampler did before the tables were shared).
     */
    private static final Map<PiecewiseKey, Piecewise> PIECEWISE = new ConcurrentHashMap<>();
    private static final int PIECEWISE_LIMIT = 64;

    /** The volume function (compared as its owner defines equality, by default identity), d and sigma. */
    private record PiecewiseKey(RadialVolume radial, int dimension, double sigma) {

        // written out, with the record's own meaning: the generated ones bootstrap through method handles on first
        // use, about 40 ms of every release's start (docs/scale.md, "Start-up")
        @Override
        public boolean equals(Object other) {
            return other instanceof PiecewiseKey key && java.util.Objects.equals(radial, key.radial)
                    && dimension == key.dimension && Double.compare(sigma, key.sigma) == 0;
        }

        @Override
        public int hashCode() {
            return (31 * java.util.Objects.hashCode(radial) + dimension) * 31 + Double.hashCode(sigma);
        }
    }

    /**
     * The piecewise envelope of one sigma, never modified after it is built.
     *
     * @param cellBound  {@code J(a)} at the left end a of each cell
     * @param cellLogMax {@code max log h} on each cell
     * @param cumulative cumulative envelope masses: cells, then the tail
     * @param logMass    the log of the envelope's mass
     */
    private record Piecewise(double gridEnd, double cellWidth, double tailRate, double[] cellBound,
            double[] cellLogMax, double[] cumulative, double logMass) {
    }

    // envelope of the current sigma
    private double sigma = Double.NaN;
    /** The Gamma envelope's scale {@code 1 / (1/sigma - gamma)}. */
    private double gammaScale;
    private Envelope envelope;
    private Piecewise piecewise;

    private long proposals;

    RadialRadiusSampler(RadialVolume radial, int dimension, boolean nonNegativeCurvature) {
        this(radial, dimension, nonNegativeCurvature, null);
    }

    /** A sampler that always uses {@code forced} (null: the envelope of smallest mass). */
    RadialRadiusSampler(RadialVolume radial, int dimension, boolean nonNegativeCurvature, Envelope forced) {
        this.forced = forced;
        this.radial = radial;
        this.dimension = dimension;
        this.maxRadius = radial.maxRadius();
        this.growth = radial.ratioGrowthRate();
        if (!(growth >= 0) || Double.isInfinite(growth)) {
            throw new IllegalArgumentException("RadialVolume.ratioGrowthRate() must be finite and >= 0. Provided value: "
                    + growth);
        }
        this.monotoneVolume = nonNegativeCurvature && Double.isFinite(maxRadius) && growth == 0;
        if (forced == Envelope.PIECEWISE && !monotoneVolume) {
            throw new IllegalArgumentException("the piecewise envelope needs curvature >= 0 and a finite maxRadius");
        }
        if (forced == Envelope.POWER && (growth > 0 || Double.isInfinite(maxRadius))) {
            throw new IllegalArgumentException("the power envelope needs a volume ratio <= 1 and a finite maxRadius");
        }
        double logGamma = 0;
        for (int i = 2; i < dimension; i++) {
            logGamma += Math.log(i);
        }
        this.logGammaOfDimension = logGamma;
    }

    /** Forgets the shared piecewise tables (tests: the next sampler builds its own). */
    static void clearSharedTables() {
        PIECEWISE.clear();
    }

    /** The envelope in use for the last sigma. */
    Envelope envelope() {
        return envelope;
    }

    /** The number of proposals the last {@link #sample} used. */
    long proposals() {
        return proposals;
    }

    /** One exact draw of the radius at scale {@code sigma}. */
    double sample(double sigma, UniformRandomProvider rng) {
        if (sigma != this.sigma) {
            prepare(sigma);
        }
        for (long n = 1; n <= MAX_PROPOSALS; n++) {
            double theta;
            double accept;
            switch (envelope) {
                case GAMMA -> {
                    theta = gammaScale * gammas.next(rng, dimension);
                    accept = theta <= maxRadius ? radial.volumeRatio(theta) * Math.exp(-growth * theta) : 0;
                }
                case POWER -> {
                    theta = maxRadius * Math.pow(rng.nextDouble(), 1.0 / dimension);
                    accept = Math.exp(-theta / sigma) * radial.volumeRatio(theta);
                }
                default -> {
                    Piecewise table = piecewise;
                    double gridEnd = table.gridEnd();
                    double tailRate = table.tailRate();
                    double u = rng.nextDouble() * table.cumulative()[CELLS];
                    int piece = findPiece(table.cumulative(), u);
                    if (piece < CELLS) {
                        theta = (piece + rng.nextDouble()) * table.cellWidth();
                        accept = radial.volumeRatio(theta) / table.cellBound()[piece]
                                * Math.exp(logH(theta) - table.cellLogMax()[piece]);
                    } else {
                        double span = maxRadius - gridEnd;
                        theta = gridEnd - Math.log1p(-rng.nextDouble() * -Math.expm1(-tailRate * span)) / tailRate;
                        theta = Math.min(theta, maxRadius);
                        double logTangent = logH(gridEnd) - tailRate * (theta - gridEnd);
                        accept = radial.volumeRatio(theta) / radial.volumeRatio(gridEnd)
                                * Math.exp(logH(theta) - logTangent);
                    }
                }
            }
            if (rng.nextDouble() < accept) {
                proposals = n;
                return theta;
            }
        }
        throw new IllegalStateException(String.format(
                "the radial Laplace sampler rejected %d proposals in a row at sigma = %s (dimension %d); use "
                        + "Metropolis-Hastings instead", MAX_PROPOSALS, sigma, dimension));
    }

    /** {@code log h(theta) = (d-1) log theta - theta/sigma}. */
    private double logH(double theta) {
        return dimension == 1 ? -theta / sigma : (dimension - 1) * Math.log(theta) - theta / sigma;
    }

    /** Chooses the envelope of smallest mass for this sigma and builds the piecewise one if needed. */
    private void prepare(double newSigma) {
        double rate = 1 / newSigma - growth;
        if (!(rate > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the Riemannian Laplace "
                    + "exp(-rho/sigma) is no distribution at sigma >= 1/gamma = %.6g, where the volume ratio grows like "
                    + "exp(gamma t), gamma = %s (see VolumeGrowth); lower sigma (raise epsilon or n). Provided value: "
                    + "sigma = %s", 1 / growth, growth, newSigma));
        }
        this.sigma = newSigma;
        this.gammaScale = 1 / rate;
        double logGammaMass = logGammaOfDimension - dimension * Math.log(rate);
        double logPowerMass = Double.isFinite(maxRadius) && growth == 0
                ? dimension * Math.log(maxRadius) - Math.log(dimension) : Double.POSITIVE_INFINITY;
        double logPiecewiseMass = Double.POSITIVE_INFINITY;
        if (monotoneVolume) {
            PiecewiseKey key = new PiecewiseKey(radial, dimension, newSigma);
            piecewise = PIECEWISE.get(key);
            if (piecewise == null) {
                piecewise = buildPiecewise();
                if (PIECEWISE.size() >= PIECEWISE_LIMIT) {
                    PIECEWISE.clear();
                }
                PIECEWISE.put(key, piecewise);
            }
            logPiecewiseMass = piecewise.logMass();
        }
        if (forced != null) {
            envelope = forced;
        } else if (logPiecewiseMass < logGammaMass && logPiecewiseMass < logPowerMass) {
            envelope = Envelope.PIECEWISE;
        } else {
            envelope = logPowerMass < logGammaMass ? Envelope.POWER : Envelope.GAMMA;
        }
    }

    /** Builds the piecewise envelope for the current sigma. */
    private Piecewise buildPiecewise() {
        double[] cellBound = new double[CELLS];
        double[] cellLogMax = new double[CELLS];
        double[] cumulative = new double[CELLS + 1];
        double mode = (dimension - 1) * sigma;
        // far enough past the mode of h that the tail piece carries negligible mass; the tail stays exact anyway
        double reach = mode + 40 * sigma * Math.sqrt(dimension) + 40 * sigma;
        double gridEnd = Math.min(maxRadius, reach);
        double cellWidth = gridEnd / CELLS;
        double tailRate = 0;
        // h relative to its maximum on [0, gridEnd], so that no weight overflows or underflows
        double logScale = mode > 0 ? logH(Math.min(mode, gridEnd)) : logH(0);
        double total = 0;
        for (int j = 0; j < CELLS; j++) {
            double a = j * cellWidth;
            double b = a + cellWidth;
            double peak = Math.max(a, Math.min(mode, b));
            cellLogMax[j] = logH(peak);
            cellBound[j] = radial.volumeRatio(a);
            total += cellBound[j] * Math.exp(cellLogMax[j] - logScale) * cellWidth;
            cumulative[j] = total;
        }
        if (gridEnd < maxRadius) {
            tailRate = 1 / sigma - (dimension - 1) / gridEnd;
            double tail = radial.volumeRatio(gridEnd) * Math.exp(logH(gridEnd) - logScale)
                    * -Math.expm1(-tailRate * (maxRadius - gridEnd)) / tailRate;
            total += tail;
        }
        cumulative[CELLS] = total;
        return new Piecewise(gridEnd, cellWidth, tailRate, cellBound, cellLogMax, cumulative,
                Math.log(total) + logScale);
    }

    /** The first piece whose cumulative mass exceeds u (cells 0 .. CELLS-1, then CELLS for the tail). */
    private static int findPiece(double[] cumulative, double u) {
        int low = 0;
        int high = CELLS;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (cumulative[mid] > u) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }
}
