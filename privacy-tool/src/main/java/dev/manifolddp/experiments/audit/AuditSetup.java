package dev.manifolddp.experiments.audit;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.PrivacyBudget;
import java.util.Locale;

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
 */
public record AuditSetup(Geometry geometry, double[] centre, double radius, int n, PrivacyBudget budget, int releases,
        int directions, long seed, double confidence) {

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
        requireMemory(n, releases, directions, centre.length, Runtime.getRuntime().maxMemory());
        centre = centre.clone();
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

    /** The adjacent pairs tried: one per direction and {@link BoundaryPlacement}. */
    public int pairs() {
        return directions * BoundaryPairs.PER_DIRECTION;
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
