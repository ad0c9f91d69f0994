package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.FrechetGradientBound;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.RadialLowerBound;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.sampling.Arguments;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact draws from the K-norm gradient (KNG) density {@code f(x) ∝ exp(-G(x) / sigma)}, {@code G(x) = |grad U(x)|_x},
 * on a closed geodesic ball {@code B = B_r(p0)}, by rejection from a Riemannian Laplace envelope
 * ({@code docs/exact-sampling.md}). No Markov chain is involved, so a release drawn this way has exactly the
 * mechanism's law and its pure epsilon-DP guarantee (Soto et al. 2022, Theorem 1) holds exactly, unlike a
 * Metropolis-Hastings release (Soto et al. 2022, §4).
 *
 * <p><b>The envelope.</b> Let U be h-strongly geodesically convex on the geodesically convex ball B (for the Frechet
 * functional of data in B under Assumption 1 of Soto et al. 2022, {@code h = h_max(2r, kmax)}: Soto et al. 2022, suppl. §1). For x, y in B, with
 * {@code Γ} the parallel transport from y to x along the minimising geodesic, strong convexity gives
 * {@code |<grad U(x) - Γ grad U(y), log(x, y)>_x| >= h rho(x, y)^2}; Cauchy-Schwarz, the triangle inequality and the
 * isometry of {@code Γ} then give
 * <pre>    G(x) >= h rho(x, y) - G(y)    for all x, y in B.                                   (*)</pre>
 * With y the exact minimiser xbar (G(xbar) = 0) this is the lower bound of Soto et al. 2022, Lemma 1. The minimiser is only known
 * approximately, so the sampler uses (*) with y = a, the {@linkplain KngTarget#anchor() anchor} (e.g. the computed
 * mean), and {@code g0 = G(a)}, which it evaluates: (*) needs nothing about a except {@code a in B}. (Equivalently:
 * Lemma 1 at x = a gives {@code rho(a, xbar) <= g0 / h}, and the triangle inequality turns
 * {@code G(x) >= h rho(x, xbar)} into {@code G(x) >= h rho(x, a) - g0}.) Hence on B
 * <pre>    exp(-G(x)/sigma) &lt;= exp(g0/sigma) exp(-h rho(x, a)/sigma),</pre>
 * and the right side is, up to a constant, the Riemannian Laplace at a with scale {@code sigma/h}. Only its part on
 * B matters, and {@code B ⊂ B_2r(a)} (a lies in B; the public 2r rather than {@code rho(a, p0) + r}, so that the
 * proposals' cost does not depend on the data): the sampler draws x with
 * {@link ExactLaplaceSampler#sampleWithin} (the whole-manifold Laplace, or, for a sampler that
 * {@linkplain ExactLaplaceSampler#truncatesToBall truncates}, the Laplace on {@code B_2r(a)}, which exists for every
 * scale even on spaces of exponential volume growth such as affine-invariant SPD), rejects it when
 * {@code rho(p0, x) > r}, and otherwise accepts it with probability
 * <pre>    exp(-(G(x) - h rho(x, a) + g0) / sigma)  in [0, 1]   by (*).</pre>
 * The accepted x has density proportional to {@code 1_B(x) exp(-G(x)/sigma)}: exactly the KNG law, whatever a is.
 * The acceptance rate is the KNG normalising constant over {@code exp(g0/sigma)} times the Laplace one; proposals
 * outside the ball cost one distance and no gradient evaluation. With {@code h = 1} and
 * {@code G(x) = rho(x, xbar)} (log-Euclidean SPD, where the gradient is the chart difference) every proposal inside
 * the ball is accepted.
 *
 * <p><b>Data-dependent envelopes.</b> Rejection stays exact for any dominating envelope, including one computed
 * from the data: {@link #sample(KngTarget, KngEnvelope, double, UniformRandomProvider, double[])} takes a line
 * {@code G(x) >= slope rho(x, a) - offset} (from {@link #dataEnvelope}, i.e. a geometry's
 * {@link FrechetGradientBound}) and proposes inside the ball with directions tilted towards its centre
 * ({@link TiltedBallProposal}; a uniform direction inside {@code B_reach(a)}, {@link TruncatedRadialLaplace}, where
 * the tilt is not available); only the number of proposals changes. At Kendall k = 50, n = 400, r = 0.3 this takes
 * the acceptance from about 1e-16 to about 0.3 to 0.7, and keeps it there when the mean lies far from the centre
 * ({@code docs/exact-sampling.md}, "A data-dependent envelope" and "Tilted in-ball proposals").
 *
 * <p><b>Violations fail loudly.</b> A ratio above 1, i.e. an excess {@code e = G(x) - h rho(x, a) + g0 < 0}, means
 * that an assumption is violated (data outside the ball, a convexity constant that is too large, a gradient that is
 * not that of a convex objective) and the draws would not follow the KNG law: the sampler throws an
 * {@link IllegalStateException} naming the values, and never clips the ratio. The computed G, rho and g0 are norms and
 * distances of size O(r) assembled from at most about n + D rounded terms (n data points, D ambient coordinates),
 * so their absolute rounding error is below {@code (n + D) 2^-53 r}, i.e. below {@code 1e-11 r} for n + D up to
 * 10^4 (a worst-case bound; the typical error is far smaller). The sampler therefore throws only when
 * {@code e < -}{@value #ROUNDING_TOLERANCE}{@code (r + G + h rho + g0)}, at least a hundred times that bound; a
 * smaller negative e is rounding of a ratio that is exactly at most 1, and the uniform test {@code u < ratio} then
 * accepts, as it would for the exactly computed ratio up to the same rounding.
 *
 * <p><b>Timing channel.</b> In the default mode (budget 0) the sampler draws until it accepts, so the number of
 * proposals is geometric with a success probability that depends on the data (through G and the anchor): the running
 * time, and the proposal count this method returns, leak information about the data that the DP guarantee does not
 * cover. With a fixed {@code budget} N the sampler always draws exactly N proposals and evaluates G once for each
 * (at the anchor, as a decoy of equal cost, for a proposal outside the ball), spends one uniform on each, and
 * returns the first accepted one. The Laplace proposals' own cost depends only on the public scale
 * {@code sigma / h}, so the work done is the same for every data set, up to data-dependent floating-point timing.
 * If none of the N proposals is accepted it throws an {@link IllegalStateException} (it never falls back to
 * Metropolis-Hastings). That failure is itself a data-dependent event: with {@code p_D} the probability that all N
 * proposals are rejected for data D, the output (value or failure) is {@code (epsilon, delta)}-DP with
 * {@code delta <= (1 + e^epsilon) max_D p_D}, so N must make {@code (1 - alpha)^N} negligible for the smallest
 * acceptance rate alpha the public parameters allow. The accepted value, conditioned on success, has exactly the KNG
 * law (the first success of i.i.d. trials is independent of its index).
 *
 * <p>Allocates nothing per proposal (one gradient evaluation at the anchor and a few checks per call); an instance
 * owns scratch arrays and its Laplace sampler, so it is <b>not thread-safe</b>: use one per thread
 * ({@link #find} builds a new one per call).
 */
public final class ExactKngSampler {

    /** Relative rounding tolerance of the acceptance test (see the class comment for the justification). */
    public static final double ROUNDING_TOLERANCE = 1e-9;
    /** Proposals tried in the unlimited mode before giving up on one draw. */
    public static final long MAX_PROPOSALS = 100_000_000L;
    /**
     * Proposals per batch of a fixed-budget draw: G is evaluated at a batch's points in one call, which a kernel may
     * serve with one pass over the records. Any size gives the same draw; this one keeps a batch's scratch small
     * (128 points) while an automatic budget (about 100 to 400 proposals on SPD(3)) takes one to four passes.
     */
    static final int BATCH = 128;
    /** Slack of the anchor-in-ball check, matching the data-in-ball check of the mechanisms. */
    private static final double BALL_SLACK = 1e-12;
    /** Relative slack of the envelope's truncation ball B_2r(a), so that rounding never cuts off a point of B. */
    private static final double TRUNCATION_SLACK = 1e-9;

    private final Geometry geometry;
    private final ExactLaplaceSampler laplace;
    private final double[] proposal;
    /** In-ball proposals for data-dependent envelopes; null when the geometry lacks what they need. */
    private final TruncatedRadialLaplace inBall;
    /**
     * Direction-tilted in-ball proposals for data-dependent envelopes, built on the first such draw (their tables
     * are large, and most samplers never draw from a data envelope); null until then.
     */
    private TiltedBallProposal tilted;
    /** False only in comparisons with the untilted in-ball proposals (tests and benchmarks). */
    private boolean tilt = true;
    /**
     * A fixed-budget batch ({@link #withBudget}): the proposals, the points where G is evaluated (the proposal, or
     * the anchor for one outside the ball), whether each lies in the ball, its uniform and G there. Created on the
     * first fixed-budget draw, sized {@code min(budget, BATCH)}.
     */
    private double[][] batchProposals;
    private double[][] batchPoints;
    private boolean[] batchInside;
    private double[] batchUniforms;
    private double[] batchNorms;

    /**
     * A sampler on {@code geometry} whose envelope draws come from {@code laplace} (an exact Riemannian Laplace
     * sampler on the same geometry, e.g. from {@link ExactLaplaceSamplers#find}).
     */
    public ExactKngSampler(Geometry geometry, ExactLaplaceSampler laplace) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        this.laplace = Arguments.requireNonNull("laplace", laplace);
        this.proposal = new double[geometry.layout().length()];
        this.inBall = TruncatedRadialLaplace.supports(geometry) ? new TruncatedRadialLaplace(geometry) : null;
    }

    /**
     * A new sampler for {@code geometry} when it has an exact Laplace sampler ({@link ExactLaplaceSamplers#find});
     * empty otherwise (use Metropolis-Hastings).
     */
    public static Optional<ExactKngSampler> find(Geometry geometry) {
        Arguments.requireNonNull("geometry", geometry);
        return ExactLaplaceSamplers.find(geometry).map(laplace -> new ExactKngSampler(geometry, laplace));
    }

    /**
     * The strong-convexity constant of the Frechet functional {@code (1/2n) sum_i rho(x, x_i)^2} on a ball of radius r
     * that holds the data: {@code h_max(2r, kmax)} (Soto et al. 2022, eq. (1), and supplement §1), 1 when kmax &lt;= 0. It
     * is positive only under Assumption 1 of Soto et al. 2022, {@code r < (1/2) min{inj M, pi/(2 sqrt(kmax))}}, which
     * this checks.
     *
     * @throws IllegalArgumentException if r is not finite and {@code > 0} or violates Assumption 1
     */
    public static double frechetMeanConvexity(Geometry geometry, double radius) {
        Arguments.requireNonNull("geometry", geometry);
        Arguments.requirePositiveFinite("radius", radius);
        double kmax = geometry.curvature().max();
        double limit = geometry.injectivityRadius();
        if (kmax > 0) {
            limit = Math.min(limit, Math.PI / (2 * Math.sqrt(kmax)));
        }
        limit *= 0.5;
        if (!(radius < limit)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "radius must be below the Assumption 1 limit (1/2) min{inj M, pi/(2 sqrt(kmax))} = %.17g of %s "
                            + "for the Frechet functional to be strongly convex on the ball; choose a smaller ball. "
                            + "Provided value: %s", limit, geometry.spec(), radius));
        }
        return CurvatureFunctions.hMax(2 * radius, kmax);
    }

    /**
     * A public lower bound on the acceptance rate (accepted draws per envelope proposal) for the KNG of the Frechet
     * mean on a ball of radius r at scale sigma, valid for every dataset in the ball whose computed mean has gradient
     * norm at most {@code anchorGradient}; see {@link KngAcceptanceBound}. It decides between this sampler and
     * Metropolis-Hastings, and sizes a fixed proposal budget, without looking at the data. 0 when no bound is known
     * (negative curvature, where the whole-manifold envelope's normaliser has no finite bound: see the instance method
     * for samplers that truncate).
     *
     * @throws IllegalArgumentException if r violates Assumption 1 or sigma is not finite and {@code > 0}
     */
    public static double acceptanceLowerBound(Geometry geometry, double radius, double sigma, double anchorGradient) {
        return KngAcceptanceBound.of(geometry, radius, sigma, anchorGradient);
    }

    /** The same bound for an objective with gradient bounds {@code lower <= |grad U|/rho(x, x*) <= upper}. */
    public static double acceptanceLowerBound(Geometry geometry, double radius, double sigma, double anchorGradient,
            double lower, double upper) {
        return KngAcceptanceBound.of(geometry, radius, sigma, anchorGradient, lower, upper);
    }

    /**
     * The bound for this sampler's own envelope: as the static form, with the envelope's normaliser taken over
     * {@code B_2r(a)} when its Laplace sampler {@linkplain ExactLaplaceSampler#truncatesToBall truncates}, which is what
     * gives a bound on spaces of negative curvature.
     */
    public double acceptanceLowerBound(double radius, double sigma, double anchorGradient, double lower,
            double upper) {
        return KngAcceptanceBound.of(geometry, radius, sigma, anchorGradient, lower, upper, laplace.truncatesToBall());
    }

    /**
     * {@link #acceptanceLowerBound(double, double, double, double, double)} for the KNG of the Frechet mean, where
     * on negative curvature the bound may also use the mean's average-Hessian growth ({@link KngAcceptanceBound}):
     * at least as large, and valid only for that objective.
     */
    public double acceptanceLowerBoundForMean(double radius, double sigma, double anchorGradient, double lower,
            double upper) {
        return KngAcceptanceBound.of(geometry, radius, sigma, anchorGradient, lower, upper, laplace.truncatesToBall(),
                true);
    }

    /**
     * True when {@link #dataEnvelope} can give an envelope on this geometry ({@link FrechetGradientBound}) and this
     * sampler draws its proposals inside the ball with directions tilted towards the centre
     * ({@link TiltedBallProposal}), which keeps the proposal count small wherever the mean lies. A public fact about
     * the geometry: {@code auto} may choose the unlimited exact draw on it.
     */
    public boolean offersDataEnvelope() {
        return TiltedBallProposal.supports(geometry) && geometry.capability(FrechetGradientBound.class).isPresent();
    }

    /** The geometry this sampler draws on. */
    public Geometry geometry() {
        return geometry;
    }

    /** The exact Laplace sampler that draws the envelope proposals. */
    public ExactLaplaceSampler laplace() {
        return laplace;
    }

    /**
     * One exact KNG draw into {@code out}, drawing proposals until one is accepted (at most {@link #MAX_PROPOSALS}).
     * The number of proposals depends on the data: see the timing channel in the class comment.
     *
     * @return the number of envelope proposals drawn
     * @throws IllegalStateException when the envelope is violated, or no proposal is accepted in
     *                               {@link #MAX_PROPOSALS}
     */
    public long sample(KngTarget target, double sigma, UniformRandomProvider rng, double[] out) {
        return sample(target, sigma, 0, rng, out);
    }

    /**
     * One exact KNG draw into {@code out} (point layout length; not the target's arrays).
     *
     * @param target the density and its envelope
     * @param sigma  the KNG scale, finite and {@code > 0}
     * @param budget 0: draw until a proposal is accepted; N > 0: draw exactly N proposals, evaluate each, and return
     *               the first accepted one (fixed-budget mode, see the class comment)
     * @param rng    the random source
     * @param out    receives the draw
     * @return the number of envelope proposals drawn (always {@code budget} when {@code budget > 0})
     * @throws IllegalStateException when the envelope is violated, or no proposal is accepted (in the budget, or in
     *                               {@link #MAX_PROPOSALS} when unlimited)
     */
    public long sample(KngTarget target, double sigma, long budget, UniformRandomProvider rng, double[] out) {
        Arguments.requireAtLeast("budget", budget, 0L);
        Ball ball = ball(target, sigma, rng, out);
        if (ball.anchorDistance > ball.radius * (1 + BALL_SLACK)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "target.anchor must lie in the ball B_r(p0) (r = %s) for the envelope to hold; pass the computed "
                            + "minimiser or the ball's centre. Provided value: anchor at distance %s from p0",
                    ball.radius, ball.anchorDistance));
        }
        GradientNorm gradient = target.gradient();
        double g0 = gradient.gradientNorm(ball.anchor);
        if (!(g0 >= 0) || Double.isInfinite(g0)) {
            throw new IllegalStateException("the gradient norm at the anchor must be finite and >= 0; found " + g0);
        }
        Envelope envelope = new Envelope(gradient, ball.anchor, target.convexity(), g0, ball.radius, sigma,
                2 * ball.radius * (1 + TRUNCATION_SLACK));
        return budget == 0 ? untilAccepted(envelope, ball.center, rng, out)
                : withBudget(envelope, ball.center, budget, rng, out);
    }

    /**
     * The arguments both draws share, checked (the target, sigma, rng and out; the target's centre and anchor are
     * points of the geometry), and the target's ball.
     */
    private Ball ball(KngTarget target, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requireNonNull("target", target);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, geometry.layout().length());
        double[] center = Arguments.requirePoint(geometry, "target.ballCenter", target.ballCenter());
        double[] anchor = Arguments.requirePoint(geometry, "target.anchor", target.anchor());
        return new Ball(center, target.ballRadius(), anchor, geometry.distance(center, anchor));
    }

    /**
     * A data-dependent envelope for the KNG of the Frechet mean of {@code data} on {@code B_r(center)}, anchored at
     * {@code anchor}, when the geometry offers a {@link FrechetGradientBound} (e.g. Kendall's shape space); empty
     * otherwise or when the bound gives no positive slope. It depends on the data, so it must only be used to draw
     * (never published): the law of an accepted draw does not depend on it, only the number of proposals does
     * ({@code docs/exact-sampling.md}, "A data-dependent envelope").
     *
     * @throws IllegalArgumentException on invalid arguments (see {@link FrechetGradientBound})
     */
    public static Optional<KngEnvelope> dataEnvelope(Geometry geometry, double[][] data, double[] anchor,
            double[] center, double radius, double sigma) {
        Arguments.requireNonNull("geometry", geometry);
        Arguments.requirePositiveFinite("sigma", sigma);
        Optional<FrechetGradientBound> capability = geometry.capability(FrechetGradientBound.class);
        if (capability.isEmpty()) {
            return Optional.empty();
        }
        Optional<RadialLowerBound> bound = capability.get().frechetGradientBound(data, anchor, center, radius);
        if (bound.isEmpty()) {
            return Optional.empty();
        }
        int dimension = geometry.dimension();
        RadialVolume radial = geometry.capability(RadialVolume.class).orElse(null);
        double[] logShare = null;
        if (TiltedBallProposal.supports(geometry)) {
            // the proposals will be tilted: rank the candidate lines by where their mass then lies
            double[] grid = KngEnvelopeFit.gridPoints(bound.get().reach());
            logShare = new double[grid.length];
            TiltedBallProposal.logDirectionShare(geometry.curvature().max(), dimension,
                    geometry.distance(anchor, center), radius, grid, logShare);
        }
        return KngEnvelopeFit.fit(bound.get(), sigma, dimension, radial, logShare);
    }

    /**
     * One exact KNG draw from a given linear envelope {@code G(x) >= slope rho(x, a) - offset} on the ball (e.g. from
     * {@link #dataEnvelope}), drawing until accepted. Proposals come from the Laplace at the anchor with scale
     * {@code sigma/slope} restricted to a set that covers the ball: with directions tilted towards the centre and the
     * envelope's bands where the geometry allows ({@link TiltedBallProposal}), else inside {@code B_reach(a)}
     * ({@link TruncatedRadialLaplace}, or the Laplace sampler's own truncation); those outside {@code B_r(p0)} are
     * rejected and the rest accepted with {@code exp(-(G(x) - slope rho(x, a) + offset)/sigma)} (the slope and offset
     * of the line the proposal came from), which throws when it exceeds 1 beyond rounding. The target's convexity is
     * not used.
     *
     * @return the number of envelope proposals drawn
     * @throws IllegalArgumentException when the envelope's reach does not cover the ball
     * @throws IllegalStateException    when the envelope is violated, or no proposal is accepted in
     *                                  {@link #MAX_PROPOSALS}
     */
    public long sample(KngTarget target, KngEnvelope envelope, double sigma, UniformRandomProvider rng,
            double[] out) {
        Arguments.requireNonNull("envelope", envelope);
        Ball ball = ball(target, sigma, rng, out);
        double[] center = ball.center;
        double[] anchor = ball.anchor;
        double radius = ball.radius;
        double anchorDistance = ball.anchorDistance;
        if (envelope.reach() < (radius + anchorDistance) * (1 - BALL_SLACK)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "envelope.reach must cover the ball: at "
                    + "least r + rho(a, p0) = %s. Provided value: %s", radius + anchorDistance, envelope.reach()));
        }
        Envelope bound = new Envelope(target.gradient(), anchor, envelope.slope(), envelope.offset(), radius, sigma,
                envelope.reach() * (1 + TRUNCATION_SLACK));
        bound.inBall = inBall != null && bound.truncation < inBallLimit();
        bound.tilted = bound.inBall && tilt && TiltedBallProposal.supports(geometry);
        if (bound.tilted) {
            if (tilted == null) {
                tilted = new TiltedBallProposal(geometry);
            }
            tilted.prepare(anchor, center, radius, sigma, envelope, bound.truncation);
        }
        return untilAccepted(bound, center, rng, out);
    }

    /**
     * Whether data-envelope draws use the direction-tilted in-ball proposals ({@link TiltedBallProposal}, the default)
     * or a uniform direction ({@link TruncatedRadialLaplace}); both are exact, only the proposal count differs. For
     * comparisons (tests and benchmarks).
     */
    public void tiltDirections(boolean enabled) {
        this.tilt = enabled;
    }

    private double inBallLimit() {
        return geometry.capability(RadialVolume.class).map(RadialVolume::maxRadius).orElse(0.0);
    }

    private void propose(Envelope envelope, UniformRandomProvider rng) {
        if (envelope.tilted) {
            tilted.sample(rng, proposal);
            // the proposal came from one of the envelope's lines (a band, or the main line): accept with that one
            envelope.convexity = tilted.lastSlope();
            envelope.anchorGradient = tilted.lastOffset();
        } else if (envelope.inBall) {
            inBall.sample(envelope.anchor, envelope.proposalScale, envelope.truncation, rng, proposal);
        } else {
            laplace.sampleWithin(envelope.anchor, envelope.proposalScale, envelope.truncation, rng, proposal);
        }
    }

    private long untilAccepted(Envelope envelope, double[] center, UniformRandomProvider rng, double[] out) {
        for (long n = 1; n <= MAX_PROPOSALS; n++) {
            propose(envelope, rng);
            if (geometry.distance(center, proposal) > envelope.radius) {
                continue;
            }
            double ratio = envelope.ratio(proposal, envelope.gradient.gradientNorm(proposal));
            if (rng.nextDouble() < ratio) {
                System.arraycopy(proposal, 0, out, 0, out.length);
                return n;
            }
        }
        throw new IllegalStateException(String.format(Locale.ROOT,
                "the exact KNG sampler rejected %d proposals in a row (sigma = %s, convexity h = %s, r = %s); the "
                        + "acceptance rate is too small for rejection sampling: use the mcmc sampler",
                MAX_PROPOSALS, envelope.sigma, envelope.convexity, envelope.radius));
    }

    /**
     * The fixed-budget draw, {@link #BATCH} proposals at a time. A batch is drawn first, in the random stream's order
     * of the one-at-a-time loop this replaces (each proposal, then its uniform: evaluating G consumes no randomness),
     * then G is evaluated at all its points in one call ({@link GradientNorm#gradientNorms}, one pass over the records
     * where the kernel offers it), then the proposals are judged in order with the same tests. So the accepted
     * proposal, the exceptions and the work are those of the one-at-a-time loop; only the order of the evaluations
     * within a batch changes, and they are independent. (The public envelope's slope and offset are fixed here: the
     * tilted proposals, whose line varies per proposal, serve only the unlimited data-envelope draw.)
     */
    private long withBudget(Envelope envelope, double[] center, long budget, UniformRandomProvider rng,
            double[] out) {
        int size = (int) Math.min(budget, BATCH);
        reserveBatch(size);
        long accepted = 0;
        for (long first = 1; first <= budget; first += size) {
            int count = (int) Math.min(size, budget - first + 1);
            for (int j = 0; j < count; j++) {
                propose(envelope, rng);
                System.arraycopy(proposal, 0, batchProposals[j], 0, proposal.length);
                batchInside[j] = geometry.distance(center, proposal) <= envelope.radius;
                // every proposal costs one gradient evaluation and one uniform, inside the ball or not: outside, G
                // is evaluated at the anchor (a decoy of equal cost; G may be undefined at the proposal)
                batchPoints[j] = batchInside[j] ? batchProposals[j] : envelope.anchor;
                batchUniforms[j] = rng.nextDouble();
            }
            envelope.gradient.gradientNorms(batchPoints, count, batchNorms);
            for (int j = 0; j < count; j++) {
                boolean inside = batchInside[j];
                double ratio = inside ? envelope.ratio(batchProposals[j], batchNorms[j])
                        : envelope.decoy(batchProposals[j], batchNorms[j]);
                if (inside && accepted == 0 && batchUniforms[j] < ratio) {
                    System.arraycopy(batchProposals[j], 0, out, 0, out.length);
                    accepted = first + j;
                }
            }
        }
        if (accepted == 0) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "the exact KNG sampler accepted none of its fixed budget of %d proposals (sigma = %s, convexity "
                            + "h = %s, r = %s); it does not fall back to Metropolis-Hastings. Raise the proposal "
                            + "budget (the failure itself depends on the data: see the timing-channel note)",
                    budget, envelope.sigma, envelope.convexity, envelope.radius));
        }
        return budget;
    }

    /** Grows the batch scratch of {@link #withBudget} to {@code size} proposals (once per sampler, in practice). */
    private void reserveBatch(int size) {
        if (batchUniforms != null && batchUniforms.length >= size) {
            return;
        }
        batchProposals = new double[size][proposal.length];
        batchPoints = new double[size][];
        batchInside = new boolean[size];
        batchUniforms = new double[size];
        batchNorms = new double[size];
    }

    /** The checked ball of a draw's target: its centre p0, its radius r, the anchor a and {@code rho(a, p0)}. */
    private record Ball(double[] center, double radius, double[] anchor, double anchorDistance) {
    }

    /** The envelope of one call: the acceptance ratio and its rounding check. */
    private final class Envelope {
        final GradientNorm gradient;
        final double[] anchor;
        /** The slope and offset of the line the current proposal is judged by (fixed but for tilted proposals). */
        double convexity;
        double anchorGradient;
        final double radius;
        final double sigma;
        final double proposalScale;
        final double truncation;
        /** Draw proposals inside B_truncation(a) with {@link TruncatedRadialLaplace}. */
        boolean inBall;
        /** Draw them with {@link TiltedBallProposal} (prepared for this call). */
        boolean tilted;
        double sink;

        Envelope(GradientNorm gradient, double[] anchor, double convexity, double anchorGradient, double radius,
                double sigma, double truncation) {
            this.truncation = truncation;
            this.gradient = gradient;
            this.anchor = anchor;
            this.convexity = convexity;
            this.anchorGradient = anchorGradient;
            this.radius = radius;
            this.sigma = sigma;
            this.proposalScale = sigma / convexity;
            if (!(proposalScale > 0) || Double.isInfinite(proposalScale)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "sigma / convexity must be finite and "
                        + "> 0 (it is the envelope's Laplace scale). Provided value: sigma = %s, convexity = %s",
                        sigma, convexity));
            }
        }

        /**
         * {@code exp(-(G(x) - h rho(x, a) + g0) / sigma)} for x in the ball, given {@code g = G(x)}; throws when the
         * envelope fails.
         */
        double ratio(double[] x, double g) {
            double lower = convexity * geometry.distance(x, anchor);
            double excess = g - lower + anchorGradient;
            double tolerance = ROUNDING_TOLERANCE * (radius + g + lower + anchorGradient);
            if (!(excess >= -tolerance)) {
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "exact KNG: the acceptance ratio exp(-(G(x) - h rho(x, a) + g0)/sigma) = %.17g exceeds 1 "
                                + "beyond rounding: G(x) = |grad U(x)| = %.17g, h = %.17g, rho(x, a) = %.17g, "
                                + "g0 = |grad U(a)| = %.17g (the offset of a given envelope), excess = %.17g < -%.3g, "
                                + "sigma = %.17g. The lower bound "
                                + "G(x) >= h rho(x, a) - g0 (Soto et al. 2022, Lemma 1) does not hold: check that the data lie in "
                                + "the declared ball, that the ball satisfies Assumption 1, and that h is the "
                                + "objective's strong-convexity constant",
                        Math.exp(-excess / sigma), g, convexity, lower / convexity, anchorGradient, excess, tolerance,
                        sigma));
            }
            return Math.exp(-excess / sigma);
        }

        /**
         * The work of {@link #ratio} for a proposal x outside the ball, where G may be undefined, given
         * {@code g = G(a)} (evaluated at the anchor in its place): {@code rho(x, a)} and one exponential. The result
         * is kept in {@link #sink} so that the compiler cannot drop the work.
         */
        double decoy(double[] x, double g) {
            sink += Math.exp(-(g - convexity * geometry.distance(x, anchor) + anchorGradient) / sigma);
            return 0;
        }
    }
}
