package dev.manifolddp.geometry;

import java.util.Arrays;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Euclidean R^n: the simplest geometry, used to test the registry and the decorators without a concrete module.
 * Deliberately not listed in META-INF/services, so the test-jar adds no provider to its users' class paths.
 */
class FlatProvider implements GeometryProvider {

    @Override
    public String name() {
        return "flat";
    }

    @Override
    public List<String> aliases() {
        return List.of("euclidean");
    }

    @Override
    public String description() {
        return "Euclidean space R^n";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.optional("n", "dimension", "2"));
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry 'flat'", parameters(), parameters);
        return new Flat(checked.integer("n", 1, 1000));
    }

    static class Flat implements Geometry {
        private final int n;
        private final PointLayout layout;

        Flat(int n) {
            this.n = n;
            this.layout = PointLayout.vector(n);
        }

        @Override
        public String name() {
            return "flat";
        }

        @Override
        public String spec() {
            return "flat:n=" + n;
        }

        @Override
        public PointLayout layout() {
            return layout;
        }

        @Override
        public int dimension() {
            return n;
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
            GeometryChecks.requireLength(this, "p", p);
            GeometryChecks.requireLength(this, "v", v);
            GeometryChecks.requireLength(this, "out", out);
            for (int i = 0; i < n; i++) {
                double x = p[i] + v[i];
                if (!Double.isFinite(x) && Double.isFinite(p[i]) && Double.isFinite(v[i])) {
                    throw new IllegalArgumentException(String.format("exp(p, v): the tangent vector's norm |v| = %s "
                            + "takes p beyond the largest double; use |v| below 1e308 - |p|. Provided value: |v| = %s",
                            ScaledNorm.of(v, n), ScaledNorm.of(v, n)));
                }
                out[i] = x;
            }
        }

        @Override
        public void log(double[] p, double[] q, double[] out) {
            GeometryChecks.requireLength(this, "p", p);
            GeometryChecks.requireLength(this, "q", q);
            GeometryChecks.requireLength(this, "out", out);
            for (int i = 0; i < n; i++) {
                out[i] = q[i] - p[i];
            }
        }

        @Override
        public double distance(double[] p, double[] q) {
            GeometryChecks.requireLength(this, "p", p);
            GeometryChecks.requireLength(this, "q", q);
            double distance = ScaledNorm.distance(p, q, n);
            if (distance == Double.POSITIVE_INFINITY && Arrays.stream(p).allMatch(Double::isFinite)
                    && Arrays.stream(q).allMatch(Double::isFinite)) {
                throw new IllegalArgumentException("distance(p, q): |q - p| is beyond the largest double (1.8e308); "
                        + "use points closer than that");
            }
            return distance;
        }

        @Override
        public double inner(double[] p, double[] u, double[] v) {
            GeometryChecks.requireLength(this, "p", p);
            GeometryChecks.requireLength(this, "u", u);
            GeometryChecks.requireLength(this, "v", v);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += u[i] * v[i];
            }
            return sum;
        }

        @Override
        public void projectToTangent(double[] p, double[] ambient, double[] out) {
            GeometryChecks.requireLength(this, "p", p);
            GeometryChecks.requireLength(this, "ambient", ambient);
            GeometryChecks.requireLength(this, "out", out);
            System.arraycopy(ambient, 0, out, 0, n);
        }

        @Override
        public Optional<String> pointViolation(double[] p, double tolerance) {
            GeometryChecks.requireLength(this, "p", p);
            return Optional.empty();
        }
    }
}
