package dev.manifolddp.sampling.exact;

import dev.manifolddp.sampling.random.GammaSource;
import org.apache.commons.numbers.gamma.LogGamma;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws from the radial density {@code ∝ t^(n-1) exp(-beta t)} on {@code [0, R]}, for any real beta when R is
 * finite and for {@code beta > 0} when R is infinite. It is the radius of a (possibly ball-truncated) Euclidean
 * l2 Laplace in n dimensions; beta may be {@code <= 0} when the ball makes the law finite anyway (the KNG envelope on
 * a space of exponential volume growth, {@code docs/exact-sampling.md}).
 *
 * <p>Three exact rejection envelopes; each dominates the density, and the one of smallest mass (compared exactly,
 * in logs) is used:
 * <ol>
 *   <li><b>Gamma</b> (beta > 0): t ~ Gamma(n, 1/beta), rejected beyond R; mass {@code Gamma(n) beta^-n}.</li>
 *   <li><b>Power</b>: {@code t = R U^(1/n)}, accepted with {@code exp(-beta t) / max_[0,R] exp(-beta s)}; mass
 *       {@code R^n / n max(1, exp(-beta R))}.</li>
 *   <li><b>Exponential</b>: t with density {@code ∝ exp(-beta t)} on [0, R] (by inversion), accepted with
 *       {@code (t/R)^(n-1)}; mass {@code R^(n-1) (1 - exp(-beta R)) / beta}. Best when |beta| R is large and
 *       beta < 0: the law then piles up just inside R.</li>
 * </ol>
 * Allocation-free; not thread-safe.
 */
final class TruncatedGammaRadius {

    /** Proposals tried before giving up on one draw. */
    static final long MAX_PROPOSALS = 100_000_000L;

    enum Envelope { GAMMA, POWER, EXPONENTIAL }

    private final GammaSource gammas = new GammaSource();
    private int n = -1;
    private double beta = Double.NaN;
    private double limit = Double.NaN;
    private Envelope envelope;
    private double expm1;

    /** The envelope chosen for the last parameters. */
    Envelope envelope() {
        return envelope;
    }

    /** One draw of t in [0, limit]; {@code limit} may be infinite only when {@code beta > 0}. */
    double sample(int n, double beta, double limit, UniformRandomProvider rng) {
        if (n != this.n || beta != this.beta || limit != this.limit) {
            prepare(n, beta, limit);
        }
        for (long i = 0; i < MAX_PROPOSALS; i++) {
            switch (envelope) {
                case GAMMA -> {
                    double t = gammas.next(rng, n) / beta;
                    if (t <= limit) {
                        return t;
                    }
                }
                case POWER -> {
                    double t = limit * Math.pow(rng.nextDouble(), 1.0 / n);
                    double logAccept = beta >= 0 ? -beta * t : beta * (limit - t);
                    if (rng.nextDouble() < Math.exp(logAccept)) {
                        return t;
                    }
                }
                default -> {
                    double t = beta == 0 ? limit * rng.nextDouble() : -Math.log1p(rng.nextDouble() * expm1) / beta;
                    t = Math.min(t, limit);
                    if (rng.nextDouble() < Math.pow(t / limit, n - 1)) {
                        return t;
                    }
                }
            }
        }
        throw new IllegalStateException(String.format("the truncated radius sampler rejected %d proposals in a row "
                + "(n = %d, beta = %s, R = %s)", MAX_PROPOSALS, n, beta, limit));
    }

    private void prepare(int newN, double newBeta, double newLimit) {
        if (!(newLimit > 0) || (Double.isInfinite(newLimit) && !(newBeta > 0)) || Double.isNaN(newBeta)) {
            throw new IllegalArgumentException(String.format("the radial law t^(n-1) exp(-beta t) on [0, R] needs "
                    + "R > 0, and beta > 0 when R is infinite. Provided value: beta = %s, R = %s", newBeta, newLimit));
        }
        this.n = newN;
        this.beta = newBeta;
        this.limit = newLimit;
        this.expm1 = Math.expm1(-newBeta * newLimit);
        double gamma = newBeta > 0 ? LogGamma.value(newN) - newN * Math.log(newBeta) : Double.POSITIVE_INFINITY;
        double power = Double.POSITIVE_INFINITY;
        double exponential = Double.POSITIVE_INFINITY;
        if (Double.isFinite(newLimit)) {
            power = newN * Math.log(newLimit) - Math.log(newN) + Math.max(0, -newBeta * newLimit);
            exponential = (newN - 1) * Math.log(newLimit) + logExponentialMass(newBeta, newLimit);
        }
        if (gamma <= power && gamma <= exponential) {
            envelope = Envelope.GAMMA;
        } else {
            envelope = power <= exponential ? Envelope.POWER : Envelope.EXPONENTIAL;
        }
    }

    /** {@code log int_0^R exp(-beta t) dt}, stable for either sign of beta. */
    static double logExponentialMass(double beta, double limit) {
        if (beta == 0) {
            return Math.log(limit);
        }
        if (beta > 0) {
            return Math.log(-Math.expm1(-beta * limit)) - Math.log(beta);
        }
        double b = -beta;
        return b * limit + Math.log(-Math.expm1(-b * limit)) - Math.log(b);
    }
}
