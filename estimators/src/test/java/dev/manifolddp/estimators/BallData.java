package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.SplittableRandom;

/** Seeded random points in geodesic balls, built generically from a geometry's {@link TangentBasis}. */
final class BallData {

    private BallData() {
    }

    static TangentBasis basisOf(Geometry geometry) {
        return geometry.capability(TangentBasis.class).orElseThrow(
                () -> new AssertionError(geometry.spec() + " has no TangentBasis"));
    }

    /** A unit tangent vector at p with a uniformly random direction. */
    static double[] randomUnitTangent(Geometry geometry, double[] p, SplittableRandom random) {
        TangentBasis basis = basisOf(geometry);
        double[][] frame = basis.basis(p);
        double[] coordinates = new double[frame.length];
        double squared = 0;
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = gaussian(random);
            squared += coordinates[i] * coordinates[i];
        }
        double norm = Math.sqrt(squared);
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] /= norm;
        }
        double[] v = new double[p.length];
        TangentBasis.combine(frame, coordinates, v);
        return v;
    }

    /** {@code exp(center, radius u)} with u a random unit tangent vector: a point at distance {@code radius}. */
    static double[] atDistance(Geometry geometry, double[] center, double radius, SplittableRandom random) {
        double[] u = randomUnitTangent(geometry, center, random);
        for (int i = 0; i < u.length; i++) {
            u[i] *= radius;
        }
        return geometry.exp(center, u);
    }

    /** A point of B_r(center) at distance r * U^(1/d)-like radius; strictly inside the ball. */
    static double[] inBall(Geometry geometry, double[] center, double r, SplittableRandom random) {
        double radius = r * Math.pow(random.nextDouble(), 1.0 / geometry.dimension()) * (1 - 1e-9);
        return atDistance(geometry, center, radius, random);
    }

    static double[][] inBall(Geometry geometry, double[] center, double r, int n, SplittableRandom random) {
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            points[i] = inBall(geometry, center, r, random);
        }
        return points;
    }

    /** A random point of the manifold near {@code anchor}: within distance {@code spread}. */
    static double[] randomCenter(Geometry geometry, double[] anchor, double spread, SplittableRandom random) {
        return inBall(geometry, anchor, spread, random);
    }

    static double gaussian(SplittableRandom random) {
        // Box-Muller; one of the pair is enough for test data.
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
