package dev.manifolddp.sampling.mcmc;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.Capabilities;
import dev.manifolddp.sampling.random.NormalSource;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Random-walk Metropolis-Hastings on the tangent bundle TM, restricted to the compact domain
 * {@code Omega = {(p, v) : rho(p, m0) <= Rp, |v|_p <= V}}, for a {@link TangentBundleDensity} with respect to the
 * Liouville (Sasaki) volume. Private geodesic regression draws its footpoint and shooting vector jointly with it
 * (docs/private-regression.md §2, §5).
 *
 * <p><b>State.</b> A state is the pair {@code (p, v)}, reported packed as one array {@code [p..., v...]} (each half of
 * the geometry's layout length; {@link #footpoint}, {@link #vector} unpack it).
 *
 * <p><b>Proposal.</b> With {@code a}, {@code b} independent isotropic Gaussians {@code N(0, sa^2 I_d)},
 * {@code N(0, sb^2 I_d)} in the coordinates of an orthonormal {@link TangentBasis} at p,
 * <pre>
 *   p' = exp_p(a),    v' = Gamma_{p -> p'}(v + b),
 * </pre>
 * Gamma the {@link ParallelTransport} along the geodesic {@code t -> exp_p(t a)}. Moves with {@code |a|} at least the
 * injectivity radius are refused (as in {@link TangentMove}). The proposal is symmetric with respect to the Liouville
 * volume on a Riemannian symmetric space (every built-in geometry): given p, the point p' has density
 * {@code phi_sa(|a|) / J_p(a)} with respect to the volume (J the Jacobian of exp), and given p', v' has density
 * {@code phi_sb(|b|)} with respect to the fibre's Lebesgue measure, since {@code b -> Gamma(v + b)} is an isometry
 * {@code T_p -> T_p'}. The reverse move from {@code (p', v')} to {@code (p, v)} uses {@code a' = log_p' p = -Gamma a}
 * and {@code b' = Gamma v - v' = -Gamma b} (transport back along the same geodesic is the inverse isometry), so
 * {@code |a'| = |a|}, {@code |b'| = |b|}, and {@code J_p'(-Gamma a) = J_p(a)} by the geodesic symmetry at the midpoint
 * (see {@link Proposal}). The isotropic law does not depend on which orthonormal basis is used. Hence
 * {@code q((p, v), (p', v')) = q((p', v'), (p, v))} and the acceptance ratio is the density ratio alone.
 *
 * <p>A zero {@code footpointStep} moves in the fibre of the start only (a Gaussian random walk in {@code T_p M}, a
 * chain for a density on {@code {|v|_p <= V}}); a zero {@code velocityStep} moves the footpoint and carries v along
 * by transport (a start with {@code v = 0} keeps {@code v = 0}: a chain on the ball {@code B_Rp(m0)}).
 *
 * <p><b>Rejections.</b> A candidate outside Omega, a refused move, a candidate that is not a valid point (a non-finite
 * entry, or an exception from the geometry) or one where the target throws {@link IllegalArgumentException} is
 * rejected; invalid candidates are counted in the diagnostics.
 *
 * <p><b>Diagnostics.</b> {@link McmcDiagnostics} of a run: acceptance after burn-in, Geyer effective sample size and
 * split R-hat of the statistic {@code sqrt(rho(p, m0)^2 + |v|_p^2)} over the kept states ({@code reference} is m0).
 * They depend on the target, hence on the data when the target does.
 *
 * <p>The step loop allocates nothing (measured in the tests). Several chains run one after the other from the same
 * start with the same provider. An instance holds scratch arrays and is <b>not thread-safe</b>.
 */
public final class TangentBundleChain {

    private final Geometry geometry;
    private final TangentBasis tangentBasis;
    private final ParallelTransport transport;
    private final TangentBundleDensity target;
    private final double[] center;
    private final double footpointRadius;
    private final double maxSpeed;
    private final double footpointStep;
    private final double velocityStep;
    private final StepLadder ladder;
    private final long burnIn;
    private final int thin;
    private final int samples;
    private final int chains;
    private final int length;
    private final int dimension;
    private final double moveLimit;
    private final double[][] basis;
    private final double[] coordinates;
    private final double[] move;
    private final double[] shifted;
    private final NormalSource normals = new NormalSource();
    private double[] currentP;
    private double[] currentV;
    private double[] candidateP;
    private double[] candidateV;

    private TangentBundleChain(Builder b) {
        this.geometry = b.geometry;
        this.tangentBasis = Capabilities.require(geometry, TangentBasis.class, "TangentBundleChain");
        this.transport = Capabilities.require(geometry, ParallelTransport.class, "TangentBundleChain");
        this.target = b.target;
        this.center = b.center.clone();
        this.footpointRadius = b.footpointRadius;
        this.maxSpeed = b.maxSpeed;
        this.footpointStep = b.footpointStep;
        this.velocityStep = b.velocityStep;
        this.ladder = b.ladder;
        this.burnIn = b.burnIn;
        this.thin = b.thin;
        this.samples = b.samples;
        this.chains = b.chains;
        this.length = geometry.layout().length();
        this.dimension = tangentBasis.basisSize();
        this.moveLimit = geometry.injectivityRadius() * (1 - GeometryChecks.CUT_LOCUS_MARGIN);
        this.basis = new double[dimension][length];
        this.coordinates = new double[dimension];
        this.move = new double[length];
        this.shifted = new double[length];
        this.currentP = new double[length];
        this.currentV = new double[length];
        this.candidateP = new double[length];
        this.candidateV = new double[length];
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The footpoint half {@code p} of a packed state {@code [p..., v...]}. */
    public static double[] footpoint(double[] state) {
        return Arrays.copyOfRange(state, 0, state.length / 2);
    }

    /** The tangent-vector half {@code v} of a packed state {@code [p..., v...]}. */
    public static double[] vector(double[] state) {
        return Arrays.copyOfRange(state, state.length / 2, state.length);
    }

    /**
     * Runs every chain from {@code (startP, startV)}, which must lie in the domain with a finite log density. The
     * result's samples and last states are packed {@code [p..., v...]}.
     */
    public McmcResult run(double[] startP, double[] startV, UniformRandomProvider rng) {
        Arguments.requirePoint(geometry, "startP", startP);
        GeometryChecks.requireTangent(geometry, startP, "startV", startV);
        Arguments.requireNonNull("rng", rng);
        double distance = geometry.distance(center, startP);
        double speed = geometry.norm(startP, startV);
        if (!(distance <= footpointRadius) || !(speed <= maxSpeed)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the start must lie in the domain rho(p, m0) <= %s, |v|_p <= %s; start at (m0, 0). Provided "
                            + "value: rho(startP, m0) = %s, |startV| = %s", footpointRadius, maxSpeed, distance,
                    speed));
        }
        double logStart = target.logDensity(startP, startV);
        if (!Double.isFinite(logStart)) {
            throw new IllegalArgumentException("the target's log density at the start must be finite; start where "
                    + "the density is positive. Provided value: " + logStart);
        }
        double[][] kept = new double[chains * samples][2 * length];
        double[][] summaries = new double[chains][samples];
        double[][] lastStates = new double[chains][];
        double[] acceptance = new double[chains];
        double[] ess = new double[chains];
        double[] steps = new double[chains];
        long invalid = 0;
        double totalAcceptance = 0;
        double totalEss = 0;
        for (int c = 0; c < chains; c++) {
            System.arraycopy(startP, 0, currentP, 0, length);
            System.arraycopy(startV, 0, currentV, 0, length);
            long[] counts = runChain(rng, kept, c * samples, summaries[c]);
            invalid += counts[1];
            long after = (long) samples * thin;
            acceptance[c] = counts[0] / (double) after;
            lastStates[c] = pack(currentP, currentV);
            ess[c] = EffectiveSampleSize.of(summaries[c]);
            steps[c] = Math.max(footpointStep, velocityStep);
            totalAcceptance += acceptance[c];
            totalEss += ess[c];
        }
        OptionalDouble rHat = chains >= 2 && samples >= 4 ? OptionalDouble.of(SplitRHat.of(summaries))
                : OptionalDouble.empty();
        McmcDiagnostics diagnostics = new McmcDiagnostics(chains, burnIn, thin, samples, totalAcceptance / chains,
                acceptance, totalEss, ess, rHat, steps, false, center.clone(), describe(), List.of(), invalid);
        return new McmcResult(kept, lastStates, diagnostics);
    }

    /** What the proposal is, for reports. */
    public String describe() {
        return String.format(Locale.ROOT, "tangent-bundle random walk: p' = exp_p(a), v' = Gamma_{p->p'}(v + b), a ~ "
                + "N(0, %.6g^2 I_%d), b ~ N(0, %.6g^2 I_%d) in an orthonormal basis of T_p", footpointStep, dimension,
                velocityStep, dimension);
    }

    /**
     * The step loop; allocation-free (the current and candidate arrays are swapped, kept states copied into
     * preallocated rows). Returns {accepted after burn-in, invalid candidates}; the counts array is the one
     * allocation per chain.
     */
    private long[] runChain(UniformRandomProvider rng, double[][] kept, int offset, double[] summary) {
        double logCurrent = target.logDensity(currentP, currentV);
        long total = burnIn + (long) samples * thin;
        long accepted = 0;
        long invalid = 0;
        int keptCount = 0;
        for (long i = 0; i < total; i++) {
            boolean accept = false;
            double logCandidate = Double.NEGATIVE_INFINITY;
            int outcome = propose(rng);
            if (outcome == INVALID) {
                invalid++;
            } else if (outcome == MOVED && insideDomain()) {
                logCandidate = logDensityOrOutside();
                if (Double.isNaN(logCandidate) || logCandidate == Double.POSITIVE_INFINITY) {
                    throw new IllegalStateException("the target's log density returned " + logCandidate
                            + "; it must be finite or -infinity (outside the support)");
                }
                double logRatio = logCandidate - logCurrent;
                accept = logRatio >= 0 || Math.log(rng.nextDouble()) < logRatio;
            }
            if (accept) {
                double[] swap = currentP;
                currentP = candidateP;
                candidateP = swap;
                swap = currentV;
                currentV = candidateV;
                candidateV = swap;
                logCurrent = logCandidate;
            }
            if (i < burnIn) {
                continue;
            }
            if (accept) {
                accepted++;
            }
            if ((i - burnIn + 1) % thin == 0) {
                System.arraycopy(currentP, 0, kept[offset + keptCount], 0, length);
                System.arraycopy(currentV, 0, kept[offset + keptCount], length, length);
                double rho = geometry.distance(center, currentP);
                summary[keptCount] = Math.sqrt(rho * rho + geometry.inner(currentP, currentV, currentV));
                keptCount++;
            }
        }
        return new long[] {accepted, invalid};
    }

    private static final int MOVED = 0;
    private static final int REFUSED = 1;
    private static final int INVALID = 2;

    /**
     * Writes the candidate {@code (exp_p(a), Gamma(v + b))}; REFUSED when {@code |a|} reaches the injectivity radius,
     * INVALID when the geometry fails or a coordinate is not finite (outside the support: a rejection, not an error;
     * exceptions only happen on invalid candidates, so the valid path allocates nothing).
     */
    private int propose(UniformRandomProvider rng) {
        try {
            tangentBasis.basis(currentP, basis);
            // shifted = v + b
            System.arraycopy(currentV, 0, shifted, 0, length);
            // one public factor for both blocks, drawn independently of the state (StepLadder)
            double factor = ladder.factor(rng);
            if (velocityStep > 0) {
                fillCoordinates(rng, velocityStep * factor);
                TangentBasis.combine(basis, coordinates, move);
                for (int j = 0; j < length; j++) {
                    shifted[j] += move[j];
                }
            }
            if (footpointStep > 0) {
                double norm = Math.sqrt(fillCoordinates(rng, footpointStep * factor));
                if (norm >= moveLimit) {
                    return REFUSED;
                }
                TangentBasis.combine(basis, coordinates, move);
                geometry.exp(currentP, move, candidateP);
                transport.transport(currentP, candidateP, shifted, move);
                // remove the rounding that would otherwise accumulate off T_p' over a long chain
                geometry.projectToTangent(candidateP, move, candidateV);
            } else {
                System.arraycopy(currentP, 0, candidateP, 0, length);
                geometry.projectToTangent(candidateP, shifted, candidateV);
            }
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException invalid) {
            return INVALID;
        }
        for (int j = 0; j < length; j++) {
            if (!Double.isFinite(candidateP[j]) || !Double.isFinite(candidateV[j])) {
                return INVALID;
            }
        }
        return MOVED;
    }

    /** Fills {@code coordinates} with {@code N(0, scale^2)} draws and returns their squared norm. */
    private double fillCoordinates(UniformRandomProvider rng, double scale) {
        double norm2 = 0;
        for (int i = 0; i < dimension; i++) {
            double c = scale * normals.next(rng);
            coordinates[i] = c;
            norm2 += c * c;
        }
        return norm2;
    }

    /** True when the candidate lies in Omega; a point the geometry refuses lies outside. */
    private boolean insideDomain() {
        try {
            return geometry.distance(center, candidateP) <= footpointRadius
                    && geometry.inner(candidateP, candidateV, candidateV) <= maxSpeed * maxSpeed;
        } catch (IllegalArgumentException invalid) {
            return false;
        }
    }

    private double logDensityOrOutside() {
        try {
            return target.logDensity(candidateP, candidateV);
        } catch (IllegalArgumentException invalid) {
            return Double.NEGATIVE_INFINITY;
        }
    }

    private double[] pack(double[] p, double[] v) {
        double[] state = new double[2 * length];
        System.arraycopy(p, 0, state, 0, length);
        System.arraycopy(v, 0, state, length, length);
        return state;
    }

    /**
     * Configures a {@link TangentBundleChain}; everything is checked in {@link #build()}. Required: geometry (with
     * TangentBasis and ParallelTransport), target, domain, at least one positive step, samples. Defaults: burn-in
     * 10 000, thin 100, one chain.
     */
    public static final class Builder {
        private Geometry geometry;
        private TangentBundleDensity target;
        private double[] center;
        private double footpointRadius = Double.NaN;
        private double maxSpeed = Double.NaN;
        private double footpointStep = Double.NaN;
        private double velocityStep = Double.NaN;
        private StepLadder ladder = StepLadder.SINGLE;
        private long burnIn = 10_000;
        private int thin = 100;
        private int samples = -1;
        private int chains = 1;

        private Builder() {
        }

        /** The manifold of the footpoints. */
        public Builder geometry(Geometry geometry) {
            this.geometry = geometry;
            return this;
        }

        /** The unnormalised log density w.r.t. the Liouville volume. */
        public Builder target(TangentBundleDensity target) {
            this.target = target;
            return this;
        }

        /** The domain {@code rho(p, center) <= footpointRadius, |v|_p <= maxSpeed}; candidates outside are rejected. */
        public Builder domain(double[] center, double footpointRadius, double maxSpeed) {
            this.center = center;
            this.footpointRadius = footpointRadius;
            this.maxSpeed = maxSpeed;
            return this;
        }

        /** The scales {@code sa} of the footpoint move and {@code sb} of the fibre move; each {@code >= 0}. */
        public Builder steps(double footpointStep, double velocityStep) {
            this.footpointStep = footpointStep;
            this.velocityStep = velocityStep;
            return this;
        }

        /**
         * A public mixture of scales: each step multiplies both steps by one factor drawn from the ladder (default
         * one scale, the steps as given).
         */
        public Builder ladder(StepLadder ladder) {
            this.ladder = ladder;
            return this;
        }

        /** Steps discarded at the start of each chain (>= 0). */
        public Builder burnIn(long burnIn) {
            this.burnIn = burnIn;
            return this;
        }

        /** Keep one state every {@code thin} steps after burn-in (>= 1). */
        public Builder thin(int thin) {
            this.thin = thin;
            return this;
        }

        /** Kept samples per chain (>= 1). */
        public Builder samples(int samples) {
            this.samples = samples;
            return this;
        }

        /** Number of chains (>= 1); split R-hat needs >= 2 and at least 4 samples per chain. */
        public Builder chains(int chains) {
            this.chains = chains;
            return this;
        }

        /** Checks every setting and builds the chain. */
        public TangentBundleChain build() {
            Arguments.requireNonNull("geometry", geometry);
            Arguments.requireNonNull("target", target);
            Capabilities.require(geometry, TangentBasis.class, "TangentBundleChain");
            Capabilities.require(geometry, ParallelTransport.class, "TangentBundleChain");
            if (center == null) {
                throw new IllegalArgumentException("domain(center, footpointRadius, maxSpeed) must be set. Provided "
                        + "value: unset");
            }
            Arguments.requirePoint(geometry, "domain center", center);
            requireNonNegative("footpointRadius", footpointRadius);
            requireNonNegative("maxSpeed", maxSpeed);
            if (ladder == null) {
                throw new IllegalArgumentException("ladder must not be null; use StepLadder.SINGLE for one scale. "
                        + "Provided value: null");
            }
            requireNonNegative("footpointStep", footpointStep);
            requireNonNegative("velocityStep", velocityStep);
            if (!(footpointStep > 0 || velocityStep > 0)) {
                throw new IllegalArgumentException("steps: at least one of footpointStep and velocityStep must be > "
                        + "0, or the chain never moves. Provided value: 0, 0");
            }
            Arguments.requireAtLeast("burnIn", burnIn, 0L);
            Arguments.requireAtLeast("thin", thin, 1);
            if (samples == -1) {
                throw new IllegalArgumentException("samples (kept samples per chain) must be set, >= 1. "
                        + "Provided value: unset");
            }
            Arguments.requireAtLeast("samples", samples, 1);
            Arguments.requireAtLeast("chains", chains, 1);
            long total = burnIn + (long) samples * thin;
            if (total < 0 || (long) samples * chains > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the run is too long to index: samples * chains must fit an int. "
                        + "Provided value: " + samples + " x " + chains);
            }
            return new TangentBundleChain(this);
        }

        private static void requireNonNegative(String name, double value) {
            if (!(value >= 0) || !Double.isFinite(value)) {
                throw new IllegalArgumentException(name + " must be finite and >= 0. Provided value: " + value);
            }
        }
    }
}
