package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;

/**
 * An approximate smallest geodesic ball holding a finite set of points (the Riemannian 1-centre), for data that lie
 * well inside the injectivity radius of each other.
 *
 * <p>Each outer round maps the points to the tangent space at the current centre c by {@code y_i = log(c, x_i)}
 * (there {@code |y_i| = rho(c, x_i)} exactly), solves the Euclidean smallest enclosing ball of the {@code y_i} with
 * Yildirim's Frank-Wolfe algorithm with away steps (Yildirim 2008, Algorithm 2; linearly convergent, unlike the
 * Badoiu-Clarkson iteration, which needs about 1/eps^2 steps for a relative accuracy eps), and moves the centre
 * to {@code exp(c, z)} with z the Euclidean centre. The tangent-space distances differ from the geodesic ones by a
 * curvature term proportional to {@code |z|}, so the rounds converge quickly as z shrinks.
 *
 * <p>The result is a centre; its radius, {@code max_i rho(c, x_i)}, is computed from geodesic distances by the
 * caller, so the approximation never makes a certificate wrong, only possibly weaker.
 */
final class SmallestEnclosingBall {

    /** Relative accuracy of the squared radius in each Euclidean solve. */
    private static final double EPSILON = 1e-13;
    private static final int ROUNDS = 8;
    private static final int WORK_PER_ROUND = 20_000_000;

    private final Geometry geometry;
    private final Records data;
    private final int n;
    private final double[][] tangent;
    private final double[] squared;
    private final double[] weights;

    private SmallestEnclosingBall(Geometry geometry, Records data) {
        this.geometry = geometry;
        this.data = data;
        this.n = data.size();
        int length = geometry.layout().length();
        this.tangent = new double[n][length];
        this.squared = new double[n];
        this.weights = new double[n];
    }

    /**
     * An approximate 1-centre of {@code data}, starting from {@code start}; stops early (returning the last centre)
     * when a point reaches the cut locus of the centre, where log is not defined.
     */
    static double[] centre(Geometry geometry, Records data, double[] start) {
        return new SmallestEnclosingBall(geometry, data).solve(start);
    }

    private double[] solve(double[] start) {
        int length = start.length;
        double[] centre = start.clone();
        double[] z = new double[length];
        double[] next = new double[length];
        double cutLocus = geometry.injectivityRadius() * (1 - 1e-6);
        double[] scratch = data.scratch();
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < n; i++) {
                double[] record = data.row(i, scratch);
                if (!(geometry.distance(centre, record) < cutLocus)) {
                    return centre;
                }
                geometry.log(centre, record, tangent[i]);
                squared[i] = geometry.inner(centre, tangent[i], tangent[i]);
            }
            euclideanCentre(centre, z);
            double step = Math.sqrt(geometry.inner(centre, z, z));
            geometry.exp(centre, z, next);
            System.arraycopy(next, 0, centre, 0, length);
            if (step <= EPSILON * Math.sqrt(max(squared))) {
                break;
            }
        }
        return centre;
    }

    /**
     * Yildirim's Algorithm 2 on the tangent vectors: maximises {@code Phi(w) = sum_i w_i |y_i|^2 - |sum_i w_i y_i|^2}
     * over the simplex, whose maximiser's {@code z = sum_i w_i y_i} is the centre and {@code Phi} the squared
     * radius. Writes z.
     */
    private void euclideanCentre(double[] at, double[] z) {
        java.util.Arrays.fill(weights, 0.0);
        // Start from a far pair: the point farthest from y_0, and the point farthest from that one.
        int a = farthestFrom(at, tangent[0]);
        int b = farthestFrom(at, tangent[a]);
        weights[a] += 0.5;
        weights[b] += 0.5;
        for (int c = 0; c < z.length; c++) {
            z[c] = 0.5 * (tangent[a][c] + tangent[b][c]);
        }
        // Linear convergence needs far fewer steps than this; the cap bounds the work at about 2e7 inner products
        // per round whatever n (the search only runs for data that the quick tests could not decide).
        int limit = Math.max(200, WORK_PER_ROUND / n);
        for (int iteration = 0; iteration < limit; iteration++) {
            double weightedSquares = 0;
            for (int i = 0; i < n; i++) {
                weightedSquares += weights[i] * squared[i];
            }
            double zz = geometry.inner(at, z, z);
            double phi = weightedSquares - zz;
            if (!(phi > 0)) {
                return; // all points coincide: z is their common position
            }
            int far = -1;
            int near = -1;
            double farDistance = -1;
            double nearDistance = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                double d2 = squared[i] - 2 * geometry.inner(at, tangent[i], z) + zz;
                if (d2 > farDistance) {
                    farDistance = d2;
                    far = i;
                }
                if (weights[i] > 0 && d2 < nearDistance) {
                    nearDistance = d2;
                    near = i;
                }
            }
            double plus = farDistance / phi - 1;
            double minus = 1 - nearDistance / phi;
            if (plus <= EPSILON && minus <= EPSILON) {
                return;
            }
            if (plus > minus) {
                double t = plus / (2 * (1 + plus));
                for (int i = 0; i < n; i++) {
                    weights[i] *= 1 - t;
                }
                weights[far] += t;
                for (int c = 0; c < z.length; c++) {
                    z[c] = (1 - t) * z[c] + t * tangent[far][c];
                }
            } else {
                double t = Math.min(minus / (2 * (1 - minus)), weights[near] / (1 - weights[near]));
                for (int i = 0; i < n; i++) {
                    weights[i] *= 1 + t;
                }
                weights[near] = Math.max(0.0, weights[near] - t);
                for (int c = 0; c < z.length; c++) {
                    z[c] = (1 + t) * z[c] - t * tangent[near][c];
                }
            }
        }
    }

    private int farthestFrom(double[] at, double[] y) {
        int index = 0;
        double largest = -1;
        double[] difference = new double[y.length];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < y.length; c++) {
                difference[c] = tangent[i][c] - y[c];
            }
            double d2 = geometry.inner(at, difference, difference);
            if (d2 > largest) {
                largest = d2;
                index = i;
            }
        }
        return index;
    }

    private static double max(double[] values) {
        double largest = 0;
        for (double value : values) {
            largest = Math.max(largest, value);
        }
        return largest;
    }
}
