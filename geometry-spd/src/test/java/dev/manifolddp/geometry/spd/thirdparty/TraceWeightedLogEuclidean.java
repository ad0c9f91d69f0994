package dev.manifolddp.geometry.spd.thirdparty;

import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.spd.SpdGeometry;
import dev.manifolddp.geometry.spd.SymmetricEigen;
import java.util.Map;

/**
 * A third metric on SPD(k), written as an outside author would, in one file and only against public API: the
 * O(k)-invariant log-Euclidean metric {@code <u, v>_p = <DLogm_p u, DLogm_p v>_F + beta tr(p^-1 u) tr(p^-1 v)}
 * (the O(k)-invariant inner products of Pennec, Fillard, Ayache 2006 pulled back by Logm; beta > -1/k; here beta >= 0, so its distance is at least the log-Euclidean one and the
 * inherited {@code ambientRadius} bound stays valid). {@code Logm} is an isometry onto Sym(k) with the constant inner
 * product {@code <A, B>_F + beta tr A tr B}, so its geodesics are those of the log-Euclidean metric and exp and log are
 * borrowed from it; {@code tr DLogm_p u = tr(p^-1 u)}, and the distance adds {@code beta (log det q - log det p)^2}.
 * The point set, membership test, tangent projection and ambient coordinates come from {@link SpdGeometry}, the
 * eigenvalues from the public {@link SymmetricEigen}.
 */
final class TraceWeightedLogEuclidean extends SpdGeometry {

    private final double beta;
    private final Geometry logEuclidean;
    private final ThreadLocal<Scratch> scratch;

    private record Scratch(SymmetricEigen eigen, double[] values, double[] vectors) {
    }

    TraceWeightedLogEuclidean(int k, double beta) {
        super(k);
        if (!(beta >= 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be finite and >= 0. Provided value: " + beta);
        }
        this.beta = beta;
        this.logEuclidean = Geometries.create("spd/log-euclidean", Map.of("k", Integer.toString(k)));
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(new SymmetricEigen(k), new double[k],
                new double[k * k]));
    }

    @Override
    public String name() {
        return "spd/trace-weighted-log-euclidean";
    }

    @Override
    public CurvatureBounds curvature() {
        return CurvatureBounds.constant(0);
    }

    @Override
    public void exp(double[] p, double[] v, double[] out) {
        logEuclidean.exp(p, v, out);
    }

    @Override
    public void log(double[] p, double[] q, double[] out) {
        logEuclidean.log(p, q, out);
    }

    @Override
    public double distance(double[] p, double[] q) {
        double flat = logEuclidean.distance(p, q);
        double trace = logDet(q, "q") - logDet(p, "p");
        return Math.sqrt(flat * flat + beta * trace * trace);
    }

    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        return logEuclidean.inner(p, u, v) + beta * traceOfInverseTimes(p, u) * traceOfInverseTimes(p, v);
    }

    private double logDet(double[] p, String name) {
        Scratch s = scratch.get();
        s.eigen().decompose(p, s.values(), null, name);
        double sum = 0;
        for (double value : s.values()) {
            sum += Math.log(value);
        }
        return sum;
    }

    /** {@code tr(p^-1 u) = sum_i (V^T u V)_ii / lambda_i}. */
    private double traceOfInverseTimes(double[] p, double[] u) {
        Scratch s = scratch.get();
        s.eigen().decompose(p, s.values(), s.vectors(), "p");
        double[] vectors = s.vectors();
        double sum = 0;
        for (int i = 0; i < k; i++) {
            double diagonal = 0;
            for (int r = 0; r < k; r++) {
                for (int c = 0; c < k; c++) {
                    diagonal += vectors[r * k + i] * u[r * k + c] * vectors[c * k + i];
                }
            }
            sum += diagonal / s.values()[i];
        }
        return sum;
    }
}
