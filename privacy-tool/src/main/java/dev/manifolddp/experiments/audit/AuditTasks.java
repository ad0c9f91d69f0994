package dev.manifolddp.experiments.audit;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.List;

/**
 * An audit cut into chunk tasks: for each audited mechanism, {@link #chunks()} chunks of releases, chunk {@code c}
 * being a pure function of the setup, the mechanism and {@code c} ({@link AuditSampler}). The boundary pairs come
 * from the setup's seed, so a worker that builds this from the same command line computes the same chunks.
 */
public final class AuditTasks {

    private final AuditSetup setup;
    private final List<AuditTarget> targets;
    private final List<BoundaryPair> pairs;
    private final ReleaseCoordinates coordinates;

    public AuditTasks(AuditSetup setup, List<AuditTarget> targets) {
        this.setup = setup;
        this.targets = List.copyOf(targets);
        // each mechanism refuses a configuration it cannot calibrate (naming the flags) before any point is placed
        this.targets.forEach(target -> AuditSampler.calibrate(setup, target.mechanism()));
        this.pairs = pairs(setup);
        this.coordinates = coordinates(setup);
    }

    /** The setup's boundary pairs; a ball the geometry cannot place points on is refused by --radius. */
    private static List<BoundaryPair> pairs(AuditSetup setup) {
        try {
            List<BoundaryPair> pairs = BoundaryPairs.generate(setup.geometry(), setup.centre(), setup.radius(),
                    setup.n(), setup.directions(), setup.replacements(), RandomStreams.seeded(setup.seed())
                            .stream(0, 0));
            // records that carry a covariate (a regression's) get the public design of CovariateDesign
            return setup.estimator().capability(CovariateRecords.class)
                    .map(records -> CovariateDesign.attach(pairs, records, setup.estimator().name())).orElse(pairs);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--radius " + setup.radius() + ": the audit cannot place records on the "
                    + "boundary of this ball around --center (" + e.getMessage() + "); choose a radius within the "
                    + "geometry's range", e);
        }
    }

    /**
     * Where releases are read: the data's manifold about the ball's centre, or, for an estimand on another space (a
     * variance on the line), that parameter space about the estimator's public starting point.
     */
    private static ReleaseCoordinates coordinates(AuditSetup setup) {
        Estimator bound = setup.estimator().forBall(setup.geometry(), setup.centre(), setup.radius());
        Geometry space = bound.parameterSpace(setup.geometry());
        return space == setup.geometry() ? new ReleaseCoordinates(space, setup.centre())
                : new ReleaseCoordinates(space, bound.publicStart(setup.geometry(), setup.centre()), bound,
                        setup.geometry());
    }

    /** Chunks per mechanism. */
    public int chunks() {
        return AuditSampler.tasks(setup, pairs.size());
    }

    /** The coordinates of chunk {@code chunk}'s releases by mechanism {@code target} (layout: {@link AuditSampler#chunk}). */
    public double[] chunk(int target, int chunk) {
        if (target < 0 || target >= targets.size() || chunk < 0 || chunk >= chunks()) {
            throw new IllegalArgumentException(String.format("no chunk %d of target %d: the audit has %d targets of "
                    + "%d chunks", chunk, target, targets.size(), chunks()));
        }
        return AuditSampler.chunk(setup, targets.get(target).mechanism(), pairs, coordinates, chunk);
    }

    /** What is audited: the space, the ball, n, the budget, the release count. */
    public AuditSetup setup() {
        return setup;
    }

    /** The audited mechanisms, in command-line order. */
    public List<AuditTarget> audited() {
        return targets;
    }

    List<BoundaryPair> pairs() {
        return pairs;
    }

    ReleaseCoordinates coordinates() {
        return coordinates;
    }
}
