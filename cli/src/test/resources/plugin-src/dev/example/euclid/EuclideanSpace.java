package dev.example.euclid;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Optional;

/**
 * Flat Euclidean space R^d: a geometry that is not part of ManifoldDP, compiled by a test into a plugin jar. exp is
 * addition, log subtraction, the identity is an isometric chart and the ambient embedding, the mean is the average.
 */
public final class EuclideanSpace implements Geometry, TangentBasis, AmbientEmbedding, IsometricChart, ClosedFormMean,
        HomogeneousSpace, AmbientMetric {

    private final int d;

    public EuclideanSpace(int d) {
        this.d = d;
    }

    @Override
    public String name() {
        return "euclidean";
    }

    @Override
    public String spec() {
        return "euclidean:d=" + d;
    }

    @Override
    public PointLayout layout() {
        return PointLayout.vector(d);
    }

    @Override
    public int dimension() {
        return d;
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
        for (int i = 0; i < d; i++) {
            out[i] = p[i] + v[i];
        }
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        for (int i = 0; i < d; i++) {
            out[i] = q[i] - p[i];
        }
    }

    @Override
    public double distance(double[] p, double[] q) {
        double sum = 0;
        for (int i = 0; i < d; i++) {
            sum += (q[i] - p[i]) * (q[i] - p[i]);
        }
        return Math.sqrt(sum);
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        double sum = 0;
        for (int i = 0; i < d; i++) {
            sum += u[i] * v[i];
        }
        return sum;
    }

    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        System.arraycopy(ambient, 0, out, 0, d);
    }

    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        return Optional.empty();
    }

    @Override
    public int basisSize() {
        return d;
    }

    @Override
    public void basis(double[] p, double[][] out) {
        for (int i = 0; i < d; i++) {
            java.util.Arrays.fill(out[i], 0);
            out[i][i] = 1;
        }
    }

    @Override
    public int ambientDimension() {
        return d;
    }

    @Override
    public void toAmbient(double[] p, double[] out) {
        System.arraycopy(p, 0, out, 0, d);
    }

    @Override
    public void fromAmbient(double[] y, double[] out) {
        System.arraycopy(y, 0, out, 0, d);
    }

    @Override
    public boolean project(double[] y, double[] out) {
        System.arraycopy(y, 0, out, 0, d);
        return true;
    }

    @Override
    public double ambientRadius(double[] center, double geodesicRadius) {
        return geodesicRadius;
    }

    @Override
    public int chartDimension() {
        return d;
    }

    @Override
    public void toChart(double[] p, double[] out) {
        System.arraycopy(p, 0, out, 0, d);
    }

    @Override
    public void fromChart(double[] y, double[] out) {
        System.arraycopy(y, 0, out, 0, d);
    }

    @Override
    public void mean(double[][] points, double[] out) {
        java.util.Arrays.fill(out, 0);
        for (double[] point : points) {
            for (int i = 0; i < d; i++) {
                out[i] += point[i] / points.length;
            }
        }
    }
}
