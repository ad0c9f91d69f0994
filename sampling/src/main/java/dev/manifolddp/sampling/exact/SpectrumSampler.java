package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.SymmetricEigensolver;

import dev.manifolddp.sampling.random.GammaSource;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Exact draws of the log-spectrum r in R^k of the Riemannian Laplace on a {@link dev.manifolddp.geometry.SpectralVolume}
 * space (affine-invariant SPD(k); Hajri et al. 2016), optionally truncated to the ball {@code |r| <= R}:
 * <pre>    p(r) ∝ exp(-|r|/sigma) prod_(i<j) sinh(|r_i - r_j| / 2) 1{|r| <= R}.</pre>
 * With {@code gamma = sqrt(k (k^2 - 1) / 12)} the untruncated law exists exactly when {@code sigma gamma < 1}.
 * Two exact rejection envelopes (proofs in {@code docs/exact-sampling.md}):
 * <ol>
 *   <li><b>Vandermonde</b>: {@code sinh(y) <= y e^y} and {@code sum_(i<j) |r_i - r_j| / 2 <= gamma |r|} give
 *       {@code p(r) <= 2^-m exp(-|r| beta) prod |r_i - r_j|}, {@code beta = 1/sigma - gamma}, m = k(k-1)/2: the
 *       eigenvalue law of the Frobenius l2 Laplace on Sym(k). The direction is that of the eigenvalues of a Gaussian
 *       (GOE) matrix, the radius has density {@code t^(k+m-1) exp(-beta t)} on [0, R] ({@link TruncatedGammaRadius};
 *       with a finite R any beta works, so the truncated law needs no scale limit). Accepted with
 *       {@code prod (1 - e^(-2y))/(2y) * exp(sum y - gamma |r|)}, y = |r_i - r_j|/2. Efficient for small sigma.</li>
 *   <li><b>Boost</b> (only when {@code sigma gamma < 1}): on the ordered cone {@code r_1 >= ... >= r_k},
 *       {@code p(r) = 2^-m exp(-|r|/sigma + <w, r>) prod (1 - e^-(r_i - r_j))} with {@code w_i = (k + 1 - 2i)/2},
 *       {@code |w| = gamma}. The law {@code ∝ exp(-|r|/sigma + <w, r>)} on R^k is a Lorentz boost (velocity
 *       {@code a = sigma gamma} along w) of the law {@code ∝ (1 + a cos angle(r', w)) exp(-|r'| sqrt(1 - a^2)/sigma)},
 *       because {@code d^k r / |r|} is boost-invariant on the light cone; that law is a Gamma(k) radius times a
 *       direction drawn by rejection from uniform. A draw outside the cone or the ball is rejected, one inside is
 *       accepted with {@code prod (1 - e^-(r_i - r_j))}. Efficient near the scale limit.</li>
 * </ol>
 * Which envelope is used is decided per (sigma, R) by a pilot of {@value #PILOT} proposals from each, drawn from a
 * private fixed-seed generator: the choice depends on public parameters only and never on the caller's stream, and
 * either choice is exact. Allocation-free per draw; not thread-safe.
 */
final class SpectrumSampler {

    /** Proposals tried before giving up on one draw. */
    static final long MAX_PROPOSALS = 100_000_000L;
    /** Pilot proposals per envelope when sigma or R changes. */
    static final int PILOT = 512;
    private static final long PILOT_SEED = 0x5eed_5bd_0001L;

    enum Envelope { VANDERMONDE, BOOST }

    private final int k;
    private final SymmetricEigensolver solver;
    private final int pairs;
    private final double growth;
    private final double[] tilt;
    private final double[] matrix;
    private final double[] values;
    private final double[] direction;
    private final NormalSource normals = new NormalSource();
    private final GammaSource gammas = new GammaSource();
    private final TruncatedGammaRadius radius = new TruncatedGammaRadius();
    private final Envelope forced;

    private double sigma = Double.NaN;
    private double limit = Double.NaN;
    private Envelope envelope;
    private double pilotAcceptance;
    private long proposals;

    /**
     * A sampler of k = {@code solver.size()} log-eigenvalues; {@code solver} finds the eigenvalues of the Gaussian
     * matrix of each Vandermonde proposal. Its eigenvalue order and rounding decide each seeded draw, so callers pass
     * the geometry's Jacobi solver, with which every committed output was drawn; its accuracy is ample here.
     */
    SpectrumSampler(SymmetricEigensolver solver) {
        this(solver, null);
    }

    /** A sampler that always uses {@code forced} (null: the better one by the pilot); tests force each. */
    SpectrumSampler(SymmetricEigensolver solver, Envelope forced) {
        int k = solver.size();
        if (k < 2) {
            throw new IllegalArgumentException("the spectral Laplace needs k >= 2. Provided value: " + k);
        }
        this.k = k;
        this.solver = solver;
        this.pairs = k * (k - 1) / 2;
        this.growth = growthRate(k);
        this.forced = forced;
        this.tilt = new double[k];
        for (int i = 0; i < k; i++) {
            tilt[i] = (k - 1 - 2.0 * i) / 2 / growth; // w / |w|, decreasing
        }
        this.matrix = new double[k * k];
        this.values = new double[k];
        this.direction = new double[k];
    }

    /** {@code gamma = sqrt(k (k^2 - 1) / 12)}: the Laplace exists for {@code sigma < 1/gamma}. */
    static double growthRate(int k) {
        return Math.sqrt(k * ((double) k * k - 1) / 12.0);
    }

    /** The envelope used for the last (sigma, R). */
    Envelope envelope() {
        return envelope;
    }

    /**
     * The pilot's estimate of the acceptance rate (accepted draws per proposal) of the envelope used at
     * (sigma, limit); NaN when the envelope is forced.
     */
    double pilotAcceptance(double sigma, double limit) {
        if (sigma != this.sigma || limit != this.limit) {
            prepare(sigma, limit);
        }
        return pilotAcceptance;
    }

    /** The number of proposals the last {@link #sample} used. */
    long proposals() {
        return proposals;
    }

    /**
     * One exact draw of r into {@code out} (length k, in no particular order) at scale sigma, truncated to
     * {@code |r| <= limit} ({@code limit} infinite: untruncated, which needs {@code sigma gamma < 1}).
     */
    void sample(double sigma, double limit, UniformRandomProvider rng, double[] out) {
        if (sigma != this.sigma || limit != this.limit) {
            prepare(sigma, limit);
        }
        for (long n = 1; n <= MAX_PROPOSALS; n++) {
            double accept = propose(envelope, rng, out);
            if (accept > 0 && rng.nextDouble() < accept) {
                proposals = n;
                return;
            }
        }
        throw new IllegalStateException(String.format("the spectral Laplace sampler rejected %d proposals in a row "
                + "(k = %d, sigma = %s, R = %s); use Metropolis-Hastings", MAX_PROPOSALS, k, sigma, limit));
    }

    private void prepare(double newSigma, double newLimit) {
        boolean boostExists = newSigma * growth < 1;
        if (!boostExists && Double.isInfinite(newLimit)) {
            throw new IllegalArgumentException(String.format("the Laplace exp(-rho/sigma) is no distribution for "
                    + "sigma >= %.6g at k = %d (see VolumeGrowth); lower sigma or truncate to a ball. Provided value: "
                    + "%s", 1 / growth, k, newSigma));
        }
        this.sigma = newSigma;
        this.limit = newLimit;
        if (forced != null) {
            envelope = forced;
            pilotAcceptance = Double.NaN;
            return;
        }
        UniformRandomProvider pilot = RandomSource.SPLIT_MIX_64.create(PILOT_SEED);
        double vandermonde = pilotRate(Envelope.VANDERMONDE, pilot);
        double boost = boostExists ? pilotRate(Envelope.BOOST, pilot) : -1;
        envelope = boost > vandermonde ? Envelope.BOOST : Envelope.VANDERMONDE;
        pilotAcceptance = Math.max(vandermonde, boost);
    }

    private double pilotRate(Envelope candidate, UniformRandomProvider pilot) {
        return meanAcceptance(candidate, PILOT, pilot);
    }

    /**
     * The mean acceptance probability of {@code proposals} proposals of {@code candidate} at (sigma, limit): an
     * unbiased estimate of its acceptance rate (for measurements; the sampler's own choice uses the pilot).
     */
    double acceptanceRate(Envelope candidate, double sigma, double limit, int proposals, UniformRandomProvider rng) {
        if (sigma != this.sigma || limit != this.limit) {
            prepare(sigma, limit);
        }
        return meanAcceptance(candidate, proposals, rng);
    }

    private double meanAcceptance(Envelope candidate, int proposals, UniformRandomProvider rng) {
        double sum = 0;
        for (int i = 0; i < proposals; i++) {
            sum += propose(candidate, rng, values);
        }
        return sum / proposals;
    }

    /** One proposal into {@code r}; returns its acceptance probability (0: rejected outright). */
    private double propose(Envelope which, UniformRandomProvider rng, double[] r) {
        return which == Envelope.VANDERMONDE ? proposeVandermonde(rng, r) : proposeBoost(rng, r);
    }

    private double proposeVandermonde(UniformRandomProvider rng, double[] r) {
        double t = radius.sample(k + pairs, 1 / sigma - growth, limit, rng);
        // a Gaussian symmetric matrix with density ∝ exp(-|G|_F^2 / 2): its eigenvalues' direction has density
        // ∝ prod |omega_i - omega_j| on the unit sphere
        double norm2 = 0;
        for (int i = 0; i < k; i++) {
            double z = normals.next(rng);
            matrix[i * k + i] = z;
            norm2 += z * z;
            for (int j = i + 1; j < k; j++) {
                double off = normals.next(rng) * Math.sqrt(0.5);
                matrix[i * k + j] = off;
                matrix[j * k + i] = off;
                norm2 += 2 * off * off;
            }
        }
        solver.decompose(matrix, direction, null, "the Gaussian symmetric matrix of a spectral proposal");
        double scale = t / Math.sqrt(norm2);
        for (int i = 0; i < k; i++) {
            r[i] = direction[i] * scale;
        }
        double log = -growth * t;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double y = 0.5 * Math.abs(r[i] - r[j]);
                if (y > 0) {
                    log += Math.log(-Math.expm1(-2 * y) / (2 * y)) + y;
                }
            }
        }
        return Math.exp(Math.min(0, log));
    }

    private double proposeBoost(UniformRandomProvider rng, double[] r) {
        double a = sigma * growth;
        double contraction = Math.sqrt((1 - a) * (1 + a));
        double lorentz = 1 / contraction;
        double tPrime = sigma * gammas.next(rng, k) / contraction;
        double cosine;
        do {
            normals.unitVector(rng, direction, k);
            cosine = 0;
            for (int i = 0; i < k; i++) {
                cosine += tilt[i] * direction[i];
            }
        } while (rng.nextDouble() * (1 + a) >= 1 + a * cosine);
        double parallelPrime = tPrime * cosine;
        double t = lorentz * (tPrime + a * parallelPrime);
        if (t > limit) {
            return 0;
        }
        double shift = lorentz * (parallelPrime + a * tPrime) - parallelPrime;
        for (int i = 0; i < k; i++) {
            r[i] = tPrime * direction[i] + shift * tilt[i];
        }
        double accept = 1;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double gap = r[i] - r[j];
                if (!(gap > 0)) {
                    return 0;
                }
                accept *= -Math.expm1(-gap);
            }
        }
        return accept;
    }
}
