package dev.manifolddp.geometry;

import java.util.Optional;
import java.util.Random;

/**
 * The paraboloid {@code z = x^2 + y^2} in R^3 with the induced metric: a complete surface whose curvature
 * {@code 4 / (1 + 4 (x^2 + y^2))^2} is 4 at the apex and falls off away from it, so that geodesic balls about the apex
 * are smaller than balls elsewhere. Not a homogeneous space: the test geometry on which
 * {@link HomogeneousSpaceContract} must fail. Only what that check uses is implemented: exp by integrating the geodesic
 * equation {@code x'' = -(x'^T H x') grad F / |grad F|^2} of {@code F = x^2 + y^2 - z} (fourth-order Runge-Kutta, a
 * fixed number of steps so that exp is smooth in v), the ambient inner product and the tangent projection.
 */
final class Paraboloid implements Geometry {

    private static final int STEPS = 2000;

    /** A point above {@code (x, y)} with x and y standard Gaussian. */
    static double[] randomPoint(Random random) {
        double x = random.nextGaussian();
        double y = random.nextGaussian();
        return new double[] {x, y, x * x + y * y};
    }

    @Override
    public String name() {
        return "paraboloid";
    }

    @Override
    public String spec() {
        return "paraboloid";
    }

    @Override
    public PointLayout layout() {
        return PointLayout.vector(3);
    }

    @Override
    public int dimension() {
        return 2;
    }

    @Override
    public CurvatureBounds curvature() {
        return new CurvatureBounds(0, 4);
    }

    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        double[] state = {p[0], p[1], p[2], v[0], v[1], v[2]};
        double h = 1.0 / STEPS;
        double[] k1 = new double[6];
        double[] k2 = new double[6];
        double[] k3 = new double[6];
        double[] k4 = new double[6];
        double[] stage = new double[6];
        for (int s = 0; s < STEPS; s++) {
            field(state, k1);
            stage(state, k1, h / 2, stage);
            field(stage, k2);
            stage(state, k2, h / 2, stage);
            field(stage, k3);
            stage(state, k3, h, stage);
            field(stage, k4);
            for (int i = 0; i < 6; i++) {
                state[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        out[0] = state[0];
        out[1] = state[1];
        out[2] = state[0] * state[0] + state[1] * state[1];
    }

    private static void stage(double[] state, double[] slope, double h, double[] out) {
        for (int i = 0; i < 6; i++) {
            out[i] = state[i] + h * slope[i];
        }
    }

    /** {@code (x', x'')} with {@code x'' = -(2 (vx^2 + vy^2)) n / |n|^2}, {@code n = (2x, 2y, -1)}. */
    private static void field(double[] s, double[] out) {
        double nx = 2 * s[0];
        double ny = 2 * s[1];
        double curvature = 2 * (s[3] * s[3] + s[4] * s[4]) / (nx * nx + ny * ny + 1);
        out[0] = s[3];
        out[1] = s[4];
        out[2] = s[5];
        out[3] = -curvature * nx;
        out[4] = -curvature * ny;
        out[5] = curvature;
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        throw new UnsupportedOperationException("the test paraboloid has exp only");
    }

    @Override
    public double distance(double[] p, double[] q) {
        throw new UnsupportedOperationException("the test paraboloid has exp only");
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        double nx = 2 * p[0];
        double ny = 2 * p[1];
        double along = (ambient[0] * nx + ambient[1] * ny - ambient[2]) / (nx * nx + ny * ny + 1);
        out[0] = ambient[0] - along * nx;
        out[1] = ambient[1] - along * ny;
        out[2] = ambient[2] + along;
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        double off = Math.abs(p[2] - p[0] * p[0] - p[1] * p[1]);
        return off <= tolerance * Math.max(1, Math.abs(p[2])) ? Optional.empty()
                : Optional.of("it is " + off + " off the surface z = x^2 + y^2");
    }
}
