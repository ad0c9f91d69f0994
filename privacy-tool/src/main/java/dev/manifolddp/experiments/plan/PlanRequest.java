package dev.manifolddp.experiments.plan;

import dev.manifolddp.geometry.Geometry;
import java.util.List;

/**
 * The public inputs of a plan, checked by the command line: nothing here comes from a data set.
 *
 * @param geometry    the geometry
 * @param center      the public ball's centre
 * @param radius      the public ball's geodesic radius r
 * @param sizes       the sample sizes n of the table
 * @param epsilons    the epsilons
 * @param deltas      the deltas (0 for pure DP)
 * @param mechanisms  the mechanisms to predict
 * @param replicates  simulated releases per row (M)
 * @param seed        the seed of every random stream
 * @param targetError the error T for the sample-size search, or null for none
 * @param maxN        the largest n the search tries
 * @param allowMcmc   simulate mechanisms whose release would be a Metropolis-Hastings draw
 * @param method      closed forms where they exist, or simulation everywhere
 * @param threads     worker threads (results do not depend on it)
 * @param estimator   the estimand whose releases are predicted ({@link PlannedEstimator#MEAN} by default)
 */
public record PlanRequest(Geometry geometry, double[] center, double radius, List<Integer> sizes,
        List<Double> epsilons, List<Double> deltas, List<PlannedMechanism> mechanisms, int replicates, long seed,
        Double targetError, int maxN, boolean allowMcmc, Method method, int threads, PlannedEstimator estimator) {

    /** Replicates of a row whose release would be an MCMC draw (at most {@code replicates}). */
    public static final int MCMC_REPLICATES = 10;

    public PlanRequest {
        center = center.clone();
        sizes = List.copyOf(sizes);
        epsilons = List.copyOf(epsilons);
        deltas = List.copyOf(deltas);
        mechanisms = List.copyOf(mechanisms);
        if (estimator == null) {
            throw new IllegalArgumentException("a plan needs an estimator (PlannedEstimator.MEAN: the mean)");
        }
    }

    /** A plan of the Frechet mean's releases. */
    public PlanRequest(Geometry geometry, double[] center, double radius, List<Integer> sizes, List<Double> epsilons,
            List<Double> deltas, List<PlannedMechanism> mechanisms, int replicates, long seed, Double targetError,
            int maxN, boolean allowMcmc, Method method, int threads) {
        this(geometry, center, radius, sizes, epsilons, deltas, mechanisms, replicates, seed, targetError, maxN,
                allowMcmc, method, threads, PlannedEstimator.MEAN);
    }

    /** How expected errors are obtained. */
    public enum Method {
        /** Closed forms where they exist, simulation elsewhere. */
        AUTO,
        /** Simulation everywhere (to check the closed forms). */
        SIMULATION;

        /** Reads {@code auto} or {@code simulation}. */
        public static Method parse(String flag, String text) {
            for (Method method : values()) {
                if (method.name().equalsIgnoreCase(text == null ? "" : text.strip())) {
                    return method;
                }
            }
            throw new IllegalArgumentException(flag + " must be auto (closed forms where they exist) or simulation "
                    + "(simulate every row). Provided value: " + text);
        }
    }
}
