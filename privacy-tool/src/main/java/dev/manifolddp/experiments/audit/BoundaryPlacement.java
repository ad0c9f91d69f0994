package dev.manifolddp.experiments.audit;

import java.util.Locale;

/**
 * Where a {@link BoundaryPair} puts its records along its direction u: at which geodesic distance t from the centre c
 * the points {@code exp(c, +-t u)} lie. Each direction is tried at every placement, because the records a mechanism
 * treats worst are those at the edge of what the ball check admits, not those safely inside it (issue 21: KNG failed
 * its fixed proposal budget on n identical records just outside r, admitted by the check's slack, and never on the
 * adjacent data set).
 */
public enum BoundaryPlacement {
    /** {@code t = r}: on the boundary as exp computes it, so a few records may land an ulp outside r. */
    BOUNDARY,
    /**
     * t the largest radius, up to {@code r (1 + DataBall.SLACK)}, at which the ball check admits both points
     * ({@code DataBall.admits}): the records lie outside r, so n identical records put the non-private mean outside
     * the ball, as rounding can for records a user places on the boundary.
     */
    SLACK;

    /** The name written in audit.json. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
