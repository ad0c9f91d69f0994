package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides from the data whether a critical point of the Frechet function {@code F(x) = (1/2n) sum_i rho(x, x_i)^2}
 * is the Frechet mean. This is the non-private estimator, so looking at the data is allowed here.
 *
 * <p>Why a critical point can be wrong: on a positively curved manifold F can have several critical points (three
 * points 120 degrees apart on a great circle: every data point is one). The certificate is Assumption 1 of
 * Soto et al. 2022 (Karcher 1977; Afsari 2011): if every data point lies in a geodesic ball {@code B(c, r)} with
 * {@code r < r* = (1/2) min{inj M, pi/(2 sqrt(kmax))}} ({@link SensitivityBounds#assumption1RadiusLimit}), then
 * <ul>
 *   <li>the Frechet mean exists, is unique and lies in {@code B(c, r)} (Afsari 2011, Thm. 2.1), and</li>
 *   <li>F is strictly convex on {@code B(c, r)}: for y in the ball {@code rho(y, x_i) < 2r < pi/(2 sqrt(kmax))},
 *   where the Hessian of {@code rho(., x_i)^2/2} is at least {@code h_max(rho, kmax) > 0} (Lemma 1 of Soto et al. 2022), and
 *   the ball is geodesically convex since {@code r < (1/2) min{inj M, pi/sqrt(kmax)}};</li>
 * </ul>
 * so a critical point inside {@code B(c, r)} is the mean. The check therefore looks for such a ball that also
 * contains the critical point found:
 * <ol>
 *   <li>{@code c} = the critical point itself: {@code max_i rho(m, x_i) < r*} certifies at once (n distances);</li>
 *   <li>otherwise a lower bound on every enclosing radius: a ball of radius r contains points at most 2r apart, so
 *   {@code max_i rho(x_f, x_i) / 2} (x_f the point farthest from m) {@code >= r*} proves that no ball of
 *   Assumption 1 holds the data;</li>
 *   <li>otherwise the approximate smallest enclosing ball of {@link SmallestEnclosingBall}: its centre c
 *   certifies when {@code max_i rho(c, x_i) < r*} (geodesic distances, so the approximation cannot make the
 *   certificate wrong) and {@code rho(c, m)} is below that radius.</li>
 * </ol>
 * When neither a certificate nor a disproof is found (data within rounding of the limit, or a poor approximate
 * centre), the answer is "not certified": the caller reports the point as not converged, never as the mean.
 */
final class FrechetMeanCertificate {

    private FrechetMeanCertificate() {
    }

    /**
     * Empty when the data provably lie in a ball of Assumption 1 that contains {@code critical}, so that a critical
     * point there is the Frechet mean; otherwise why not, for {@link FrechetMeanResult#reason()}.
     */
    static Optional<String> check(Geometry geometry, Records data, double[] critical) {
        if (Double.isInfinite(SensitivityBounds.assumption1RadiusLimit(geometry))) {
            return Optional.empty();
        }
        Farthest fromMean = Farthest.of(geometry, data, critical);
        return check(geometry, data, critical, fromMean.index, fromMean.distance);
    }

    /**
     * {@link #check(Geometry, Records, double[])} for a caller that already knows which data point is farthest
     * from {@code critical} and at what distance (an iteration's last pass over the data), saving n distances.
     */
    static Optional<String> check(Geometry geometry, Records data, double[] critical, int farthestIndex,
                                  double farthestDistance) {
        double limit = SensitivityBounds.assumption1RadiusLimit(geometry);
        if (Double.isInfinite(limit)) {
            return Optional.empty();
        }
        Farthest fromMean = new Farthest(farthestIndex, farthestDistance);
        if (fromMean.distance < limit) {
            return Optional.empty();
        }
        Farthest fromFar = Farthest.of(geometry, data, data.copyOfRow(fromMean.index));
        double lowerBound = fromFar.distance / 2;
        String assumption = String.format(Locale.ROOT, "a ball of radius < %.6g (Assumption 1 of Soto et al. 2022 on %s: "
                + "(1/2) min{inj M, pi/(2 sqrt(kmax))}, where the Frechet function is strictly convex)", limit,
                geometry.spec());
        if (lowerBound >= limit) {
            return Optional.of(String.format(Locale.ROOT,
                    "the data do not lie in %s: data[%d] and data[%d] are %.6g apart, so every ball holding them "
                            + "has radius >= %.6g. The Frechet function may have several critical points and the "
                            + "point returned is one of them, not necessarily the mean; restrict the data to a "
                            + "smaller region", assumption, fromMean.index, fromFar.index, fromFar.distance,
                    lowerBound));
        }
        double enclosing = searchEnclosingBall(geometry, data, critical);
        if (enclosing < limit) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "could not certify that the data lie in %s together with the point returned: %s, and the data's "
                        + "diameter is at least %.6g. The point returned is a critical point of the Frechet function "
                        + "but may not be the mean", assumption,
                Double.isInfinite(enclosing) ? "the smallest enclosing ball found does not hold that point"
                        : String.format(Locale.ROOT, "the smallest enclosing ball found has radius %.6g", enclosing),
                fromFar.distance));
    }

    /**
     * The radius of the approximate smallest enclosing ball ({@link SmallestEnclosingBall}) when it also holds
     * {@code critical}; {@code +infinity} when it does not.
     */
    private static double searchEnclosingBall(Geometry geometry, Records data, double[] critical) {
        double[] centre = SmallestEnclosingBall.centre(geometry, data, critical);
        double radius = Farthest.of(geometry, data, centre).distance;
        return geometry.distance(centre, critical) < radius ? radius : Double.POSITIVE_INFINITY;
    }

    /** The data point farthest from a given point, and its distance. */
    private record Farthest(int index, double distance) {

        static Farthest of(Geometry geometry, Records data, double[] from) {
            int index = 0;
            double distance = -1;
            double[] scratch = data.scratch();
            for (int i = 0, n = data.size(); i < n; i++) {
                double d = geometry.distance(from, data.row(i, scratch));
                if (d > distance) {
                    distance = d;
                    index = i;
                }
            }
            return new Farthest(index, distance);
        }
    }
}
