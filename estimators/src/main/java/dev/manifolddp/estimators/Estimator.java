package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * An estimand: the minimiser of an objective {@code U(theta; D) = (1/n) sum_i u(theta; x_i)} on a parameter space,
 * with what the mechanisms need to release it privately. Mechanisms receive an estimator and ask for what
 * they need; each refuses, by name, an estimator that lacks it:
 *
 * <ul>
 *   <li>the K-norm gradient mechanism needs the {@linkplain #gradientField gradient field} and a public bound on its
 *       {@linkplain #gradientSensitivity sensitivity} (Soto et al. 2022 §2.2: KNG is defined for any M-estimator);
 *       its exact sampler also needs {@linkplain #gradientBounds two-sided gradient bounds};</li>
 *   <li>the Laplace and Gaussian mechanisms need a bound on the {@linkplain #estimateSensitivity estimate's own
 *       sensitivity} in the parameter space's distance; the chart and ambient mechanisms release a mean and accept
 *       only {@link FrechetMeanEstimator}.</li>
 * </ul>
 *
 * <p>Every bound is a function of public values (the parameter space, the ball the records lie in, n) and checks
 * the assumptions it needs. Implementations are immutable and thread-safe; a new estimator is an
 * {@link EstimatorProvider} in a jar.
 */
public interface Estimator {

    /** The registered name, e.g. {@code frechet-mean}. */
    String name();

    /** The space the estimate lives on, for records on {@code dataSpace} (the manifold itself for a mean). */
    Geometry parameterSpace(Geometry dataSpace);

    /**
     * The non-private estimate an experiment compares releases with, by this estimator's configured settings.
     *
     * @throws IllegalArgumentException when the data are invalid for this estimator
     * @throws IllegalStateException when the estimate cannot be computed to the configured accuracy
     */
    double[] estimate(Geometry dataSpace, double[][] data);

    /**
     * The minimiser a mechanism centres or anchors its noise at, from the public {@code start}, to the accuracy the
     * mechanism asks for. A result that did not converge is returned with its reason, not thrown: the mechanism
     * decides (its diagnostics record it).
     */
    EstimatorFit minimise(Geometry dataSpace, double[][] data, double[] start, double tolerance, int maxIterations);

    /**
     * {@link #minimise(Geometry, double[][], double[], double, int)} of records in either layout ({@link Records}): a
     * release of a large file hands its records over in the flat layout. This default passes them on as one array
     * per record ({@link Records#rows()}, a copy of flat records); an estimator that reads its records one at a
     * time overrides it and copies nothing.
     */
    default EstimatorFit minimise(Geometry dataSpace, Records data, double[] start, double tolerance,
            int maxIterations) {
        return minimise(dataSpace, data.rows(), start, tolerance, maxIterations);
    }

    /**
     * {@link #minimise(Geometry, double[][], double[], double, int)} of records a caller has already checked and
     * mapped into the data space's {@link dev.manifolddp.geometry.IsometricChart} ({@link ChartedRecords}, made by a
     * release's ball check), so that an estimator computed in the chart neither validates nor evaluates them again.
     * The default ignores the coordinates and validates the records ({@link ChartedRecords#data()}) as usual.
     */
    default EstimatorFit minimise(Geometry dataSpace, ChartedRecords records, double[] start, double tolerance,
            int maxIterations) {
        return minimise(dataSpace, records.data(), start, tolerance, maxIterations);
    }

    /** The norm of the objective's Riemannian gradient as a function of the parameter; allocation-free. */
    GradientField gradientField(Geometry dataSpace, double[][] data);

    /**
     * {@link #gradientField(Geometry, double[][])} of records in either layout; by default as one array per record
     * ({@link Records#rows()}), as {@link #minimise(Geometry, Records, double[], double, int)}.
     */
    default GradientField gradientField(Geometry dataSpace, Records data) {
        return gradientField(dataSpace, data.rows());
    }

    /**
     * A public bound on {@code sup_theta |grad U(theta; D) - grad U(theta; D')|} over adjacent datasets (one record
     * replaced) whose records lie in a ball of radius {@code radius}, n records.
     *
     * @throws IllegalArgumentException when the estimator's assumptions fail for these public values
     */
    double gradientSensitivity(Geometry dataSpace, double radius, int n);

    /**
     * A public bound on the distance between the estimates of adjacent datasets in the ball, when one is known (the
     * Laplace and Gaussian mechanisms need it); empty otherwise.
     */
    OptionalDouble estimateSensitivity(Geometry dataSpace, double radius, int n);

    /**
     * Constants {@code 0 < lower <= upper} with {@code lower rho(theta, theta*) <= |grad U(theta)| <= upper
     * rho(theta, theta*)} on the ball for every dataset in it (theta* the minimiser), when known: the exact KNG
     * sampler's envelope and its public acceptance bound rest on them. Empty when unknown.
     */
    Optional<GradientBounds> gradientBounds(Geometry dataSpace, double radius);

    /**
     * A public density domain of radius {@code domainRadius} around the data ball's centre for the gradient density
     * {@code exp(-|grad U|/sigma)}, with the sensitivity and normaliser bound its proof gives
     * ({@code docs/kng-normaliser.md}); empty (the default) where the estimator has no such proof for this geometry
     * and these radii, and a mechanism then keeps the density on the data ball.
     *
     * @throws IllegalArgumentException when a public value is invalid (n &lt; 1, a radius not finite and > 0)
     */
    default Optional<DensityDomain> densityDomain(Geometry dataSpace, double radius, double domainRadius, int n) {
        return Optional.empty();
    }

    /**
     * This estimator for the public ball {@code B_radius(center)} the records are declared to lie in. An estimand
     * defined relative to that ball (a variance about its centre) returns an instance bound to it, whose sensitivity
     * bounds and estimates then refer to it; the default, for estimands that do not depend on the ball, returns
     * {@code this}. Mechanisms call it once, in calibration, with public values only; a caller that estimates
     * without a mechanism (an experiment's reference estimate) calls it with the same ball.
     *
     * @throws IllegalArgumentException when the ball is invalid for this estimand (the message names the value)
     */
    default Estimator forBall(Geometry dataSpace, double[] center, double radius) {
        return this;
    }

    /**
     * A public starting point of the parameter space for {@link #minimise}, from the public ball's centre: the centre
     * itself when the parameter space is the data's manifold (the default). An estimator whose parameter space
     * differs must override it (the default then fails by name).
     */
    default double[] publicStart(Geometry dataSpace, double[] center) {
        if (parameterSpace(dataSpace) != dataSpace) {
            throw new IllegalStateException(name() + ": its parameter space " + parameterSpace(dataSpace).spec()
                    + " differs from the data's " + dataSpace.spec() + ", so the estimator must override publicStart "
                    + "with a public point of its parameter space. Provided value: the ball's centre");
        }
        return center;
    }

    /**
     * A public ball of the parameter space that holds the estimate of every dataset of n records in the data ball
     * {@code B_radius(center)}, when the parameter space differs from the data's manifold and the estimator knows
     * one: the K-norm gradient mechanism restricts its density there (the data ball plays that role when the spaces
     * agree). Empty (the default) when unknown; KNG then refuses the estimator by name.
     */
    default Optional<ParameterBall> parameterBall(Geometry dataSpace, double[] center, double radius, int n) {
        return Optional.empty();
    }

    /**
     * A ball {@code {theta : rho(theta, center) <= radius}} of an estimator's parameter space.
     *
     * @param center a point of the parameter space (copied)
     * @param radius finite and > 0
     */
    record ParameterBall(double[] center, double radius) {
        public ParameterBall {
            if (center == null || !(radius > 0) || Double.isInfinite(radius)) {
                throw new IllegalArgumentException("a parameter ball needs a centre and a finite radius > 0. "
                        + "Provided value: radius = " + radius);
            }
            center = center.clone();
        }

        @Override
        public double[] center() {
            return center.clone();
        }
    }

    /**
     * The public domain {@code B_Rp(center) x {|v|_p <= V}} of a parameter space that is a tangent bundle
     * ({@link dev.manifolddp.geometry.TangentBundle}: a footpoint and a vector, as a geodesic regression's), which holds
     * every dataset's estimate, when the estimator knows one: the K-norm gradient mechanism draws there by a chain that
     * moves the footpoint by the exponential map and carries the vector by parallel transport. Empty (the default) when
     * unknown; KNG then refuses such an estimator by name.
     */
    default Optional<BundleDomain> bundleDomain(Geometry dataSpace, double[] center, double radius, int n) {
        return Optional.empty();
    }

    /**
     * The public domain of a tangent-bundle parameter space: footpoints within {@code footpointRadius} of
     * {@code center}, vectors of norm at most {@code maxSpeed}.
     *
     * @param center          a point of the base manifold (copied)
     * @param footpointRadius finite and > 0
     * @param maxSpeed        finite and > 0
     */
    record BundleDomain(double[] center, double footpointRadius, double maxSpeed) {
        public BundleDomain {
            if (center == null || !(footpointRadius > 0) || Double.isInfinite(footpointRadius) || !(maxSpeed > 0)
                    || Double.isInfinite(maxSpeed)) {
                throw new IllegalArgumentException("a tangent-bundle domain needs a centre, a finite footpoint radius "
                        + "> 0 and a finite speed bound > 0. Provided value: footpointRadius = " + footpointRadius
                        + ", maxSpeed = " + maxSpeed);
            }
            center = center.clone();
        }

        @Override
        public double[] center() {
            return center.clone();
        }
    }

    /**
     * What a value of the parameter space means, as named fields for a release's file (e.g. tangent PCA's principal
     * variances and directions): computed from the value and public values only, so post-processing of a release.
     * Empty (the default) when the value speaks for itself.
     */
    default java.util.Map<String, Object> describe(Geometry dataSpace, double[] value) {
        return java.util.Map.of();
    }

    /**
     * An optional ability of this estimator (e.g. {@link FrechetMeanEstimand}), or empty when it has none; mechanisms
     * ask for capabilities instead of testing an estimator's class, and a decorator forwards this call.
     */
    default <C> Optional<C> capability(Class<C> type) {
        if (type == null) {
            throw new IllegalArgumentException("capability type is null; pass an interface such as "
                    + "FrechetMeanEstimand.class. Provided value: null");
        }
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    /**
     * Two-sided linear bounds on the gradient norm around the minimiser (Soto et al. 2022 Lemma 1 for the mean).
     *
     * @param lower the strong-convexity constant: {@code |grad U(theta)| >= lower rho(theta, theta*)}
     * @param upper {@code |grad U(theta)| <= upper rho(theta, theta*)}
     */
    record GradientBounds(double lower, double upper) {
        public GradientBounds {
            if (!(lower > 0 && upper >= lower) || Double.isInfinite(upper)) {
                throw new IllegalArgumentException("gradient bounds need 0 < lower <= upper < infinity. Provided "
                        + "value: lower = " + lower + ", upper = " + upper);
            }
        }
    }
}
