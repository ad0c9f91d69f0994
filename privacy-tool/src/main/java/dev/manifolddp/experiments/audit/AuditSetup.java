package dev.manifolddp.experiments.audit;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetMeanEstimand;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.PrivacyBudget;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The public configuration of an audit: the geometry, the public ball, the number of records, the claimed budget,
 * how many releases are drawn on each data set, how many boundary directions are tried, the seed and the familywise
 * confidence.
 *
 * @param geometry   the manifold
 * @param centre     the public ball's centre c
 * @param radius     the public ball's radius r
 * @param n          records per data set
 * @param budget     the claimed budget, passed to every release
 * @param releases   releases on each data set (half select the event, half measure it)
 * @param directions boundary directions tried, each at every {@link BoundaryPlacement} (one adjacent pair each)
 * @param seed       the seed every random stream derives from
 * @param confidence the familywise confidence of all the bounds of one audit run (e.g. 0.95)
 * @param estimator  the estimand the mechanisms release (the Frechet mean by default)
 * @param replacements where the replaced record of each pair goes ({@link Replacement}; the opposite point by default)
 */
public record AuditSetup(Geometry geometry, double[] centre, double radius, int n, PrivacyBudget budget, int releases,
        int directions, long seed, double confidence, Estimator estimator, List<Replacement> replacements) {

    /** The fewest releases per data set: each half must be able to hold an event and its complement. */
    public static final int MIN_RELEASES = 20;

    public AuditSetup {
        if (geometry == null || centre == null || budget == null) {
            throw new IllegalArgumentException("an audit needs a geometry, a centre and a budget");
        }
        if (!(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("--radius must be a finite number > 0. Provided value: " + radius);
        }
        if (n < 1) {
            throw new IllegalArgumentException("--n must be at least 1 (records per data set). Provided value: " + n);
        }
        if (releases < MIN_RELEASES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--releases must be at least %d per data "
                    + "set (half select the event, half measure it); thousands give useful bounds. Provided value: %d",
                    MIN_RELEASES, releases));
        }
        if (directions < 1) {
            throw new IllegalArgumentException("--directions must be at least 1. Provided value: " + directions);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("--confidence must lie strictly between 0 and 1 (e.g. 0.95). "
                    + "Provided value: " + confidence);
        }
        if (estimator == null) {
            throw new IllegalArgumentException("an audit needs an estimator (--estimator). Provided value: null");
        }
        if (replacements == null || replacements.isEmpty() || replacements.size() != Set.copyOf(replacements).size()) {
            throw new IllegalArgumentException("--replace needs one or more distinct replacements (opposite, centre, "
                    + "orthogonal). Provided value: " + replacements);
        }
        replacements = List.copyOf(replacements);
        requireMemory(n, releases, (long) directions * replacements.size(), centre.length,
                Runtime.getRuntime().maxMemory());
        centre = centre.clone();
    }

    /** The Frechet mean, the opposite replacement: the audit of a mean. */
    public AuditSetup(Geometry geometry, double[] centre, double radius, int n, PrivacyBudget budget, int releases,
            int directions, long seed, double confidence) {
        this(geometry, centre, radius, n, budget, releases, directions, seed, confidence, FrechetMeanEstimator.DEFAULT,
                List.of(Replacement.OPPOSITE));
    }

    /**
     * Fails, naming --n, --releases and --directions, when the audit's records and releases (two data sets of n points
     * and their releases per adjacent pair) would not fit in half the heap: an OutOfMemoryError would end the audit
     * after its work, or, for sizes past the largest array, at once with a message that names no flag.
     */
    static void requireMemory(long n, long releases, long directions, int dimension, long heapBytes) {
        double bytes = (double) directions * BoundaryPairs.PER_DIRECTION * 2 * Double.BYTES * dimension
                * ((double) n + releases);
        if (bytes > heapBytes / 2.0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--n %d, --releases %d and --directions %d "
                    + "need about %.3g GB for the audit's records and releases, more than half the %.3g GB this JVM "
                    + "may use; lower them, or give the JVM more memory (MDP_JAVA_OPTS=-Xmx...)", n, releases,
                    directions, bytes / 1e9, heapBytes / 1e9));
        }
    }

    /** The adjacent pairs tried: one per direction, {@link BoundaryPlacement} and {@link Replacement}. */
    public int pairs() {
        return directions * BoundaryPairs.PER_DIRECTION * replacements.size();
    }

    /**
     * True for the audit of a Frechet mean (the {@link FrechetMeanEstimand} capability, however the estimator was
     * made: the command line creates its own instance) with the opposite replacement; audit.json then omits both.
     */
    public boolean isMeanAudit() {
        return estimator.capability(FrechetMeanEstimand.class).isPresent()
                && replacements.equals(List.of(Replacement.OPPOSITE));
    }

    /** Releases per data set on the selection half. */
    public int selectionReleases() {
        return releases / 2;
    }

    /** Releases per data set on the measurement half. */
    public int measurementReleases() {
        return releases - releases / 2;
    }
}
