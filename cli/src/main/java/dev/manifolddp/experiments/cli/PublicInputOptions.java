package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.PrivacyBudget;
import picocli.CommandLine.Option;

/**
 * The public inputs that every command drawing releases shares: the geometry, the ball the records lie in and the
 * privacy budget. Numbers are read as text so that every refusal names its flag.
 */
final class PublicInputOptions {

    @Option(names = "--geometry", required = true, paramLabel = "SPEC",
            description = "The geometry, e.g. sphere:d=2 or spd/log-euclidean:k=3.")
    String geometry;

    @Option(names = "--epsilon", paramLabel = "E",
            description = "The privacy loss epsilon > 0 (per unit of privacy).")
    String epsilon;

    @Option(names = "--delta", defaultValue = "0", paramLabel = "D",
            description = "The failure probability delta (0 = pure DP; default 0).")
    String delta;

    @Option(names = "--center", required = true, paramLabel = "LIST",
            description = "The public ball's centre, comma-separated in the geometry's layout.")
    String center;

    @Option(names = "--radius", required = true, paramLabel = "R", description = "The public ball's geodesic radius.")
    String radius;

    /** {@code --epsilon} and {@code --delta} as a budget. */
    PrivacyBudget budget() {
        if (epsilon == null) {
            throw new IllegalArgumentException("--epsilon is required: the privacy loss epsilon > 0 (a regression "
                    + "release may give --epsilon-p and --epsilon-v instead). Provided value: none");
        }
        return new PrivacyBudget(NumericFlag.positive("--epsilon", epsilon, "the privacy loss; smaller is more private"),
                NumericFlag.delta("--delta", delta));
    }

    /** {@code --radius}. */
    double radius() {
        return NumericFlag.positive("--radius", radius, "the public ball's geodesic radius");
    }

    /** {@code --center}, read as a point of {@code space} (projected within the file tolerance). */
    double[] center(Geometry space) {
        return PointFile.center(center, space, "--center");
    }
}
