package dev.manifolddp.sampling;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.util.Optional;

/** The real line with no capabilities: checks capability errors, and a base for plugin-style test geometries. */
public class TestLine implements Geometry {

    @Override
    public String name() {
        return "line";
    }

    @Override
    public String spec() {
        return "line";
    }

    @Override
    public PointLayout layout() {
        return PointLayout.vector(1);
    }

    @Override
    public int dimension() {
        return 1;
    }

    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(0);
    }

    @Override
    public double injectivityRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        out[0] = p[0] + v[0];
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        out[0] = q[0] - p[0];
    }

    @Override
    public double distance(double[] p, double[] q) {
        return Math.abs(q[0] - p[0]);
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        return u[0] * v[0];
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        out[0] = ambient[0];
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        return Optional.empty();
    }
}
