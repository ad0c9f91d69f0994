package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A contaminated cap: of n records, {@code k = round(f n)} outliers drawn from the cap of radius {@code outlierRadius}
 * about {@code outlierCenter} (all at that point when the radius is 0) and {@code n - k} clean records drawn as
 * {@link GeodesicBallGenerator} data about the public ball's centre c. The count is fixed, not binomial, so that every
 * replicate has the stated contamination; the outliers are the last k records (no estimator depends on the order).
 * The public ball {@code B_r(c)} must hold both caps, so c is the clean population's centre, the truth a robust
 * estimate should stay near.
 */
public final class CapMixtureGenerator implements DataGenerator {

    private final Geometry geometry;
    private final double[] center;
    private final double radius;
    private final double cleanRadius;
    private final double fraction;
    private final double[] outlierCenter;
    private final double outlierRadius;
    private final GeodesicBallGenerator clean;
    private final GeodesicBallGenerator outliers;

    /**
     * @throws IllegalArgumentException when a cap leaves the public ball (naming the parameter to change)
     */
    public CapMixtureGenerator(Geometry geometry, double[] center, double radius, double cleanRadius,
            double[] outlierCenter, double outlierRadius, double fraction) {
        this.geometry = geometry;
        this.clean = new GeodesicBallGenerator(geometry, center, cleanRadius);
        this.center = center.clone();
        this.radius = radius;
        this.cleanRadius = cleanRadius;
        this.fraction = fraction;
        this.outlierCenter = Arguments.requirePoint(geometry, "outlier-center", outlierCenter).clone();
        this.outlierRadius = outlierRadius;
        double reach = geometry.distance(center, outlierCenter) + outlierRadius;
        if (!(reach <= radius)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the outliers' cap reaches %s from the "
                    + "centre, beyond the public ball's radius %s: raise radius or move outlier-center (or shrink "
                    + "outlier-radius). Provided value: outlier-center at %s, outlier-radius %s", reach, radius,
                    reach - outlierRadius, outlierRadius));
        }
        this.outliers = outlierRadius > 0 ? new GeodesicBallGenerator(geometry, outlierCenter, outlierRadius) : null;
    }

    @Override
    public GeneratedData generate(int n, UniformRandomProvider rng) {
        Arguments.requireAtLeast("n", n, 1);
        int k = (int) Math.round(fraction * n);
        double[][] points = new double[n][];
        // f < 1/2, so k < n: there is always a clean record
        double[][] inliers = clean.generate(n - k, rng).points();
        System.arraycopy(inliers, 0, points, 0, n - k);
        if (k > 0) {
            double[][] far = outliers != null ? outliers.generate(k, rng).points() : null;
            for (int i = 0; i < k; i++) {
                points[n - k + i] = far != null ? far[i] : outlierCenter.clone();
            }
        }
        return new GeneratedData(points, center.clone(), radius, String.format(Locale.ROOT,
                "contaminated cap on %s: %d of %d records from the cap of radius %s about the centre, %d outliers "
                        + "from the cap of radius %s at distance %s", geometry.spec(), n - k, n, cleanRadius, k,
                outlierRadius, geometry.distance(center, outlierCenter)));
    }
}
