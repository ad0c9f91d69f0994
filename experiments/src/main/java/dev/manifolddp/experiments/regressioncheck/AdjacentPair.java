package dev.manifolddp.experiments.regressioncheck;

import dev.manifolddp.estimators.GeodesicRegressionGradient;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * One replicate of a regression-sensitivity check (Kulkarni and Soto 2025, App. G, with the worst case sought): n records
 * in the public domain (covariates uniform on [0, 1], responses in {@code B_r(m0)}), a candidate (p, v) of the domain
 * ({@code p in B_Rp(m0)}, {@code |v| <= V}), one record index k, and {@code candidates} random replacement records;
 * for each replacement j the adjacent dataset D' = D with record k replaced by j, and the differences
 * {@code |grad_p E(p, v; D) - grad_p E(p, v; D')|_p} and likewise for v, each averaged gradient summed from the
 * per-record gradients of {@link GeodesicRegressionGradient}. The largest difference over the replacements is kept
 * for p, for v and for the pair (each may come from another replacement).
 *
 * <p>Replacement records are harder than the data: their response lies on the boundary of the data ball with
 * probability 1/2 and their covariate at 0 or 1 with probability 0.3, where the bounds are attained.
 */
final class AdjacentPair {

    /** The probability that a replacement's covariate sits at an end of [0, 1]. */
    static final double END_COVARIATE = 0.3;

    private AdjacentPair() {
    }

    /**
     * The largest gradient differences of one replicate.
     *
     * @param replaced   the replaced record k
     * @param empiricalP {@code max_j |grad_p E(D) - grad_p E(D'_j)|_p}
     * @param empiricalV {@code max_j |grad_v E(D) - grad_v E(D'_j)|_p}
     * @param empirical  {@code max_j sqrt(|..._p|^2 + |..._v|^2)}
     * @param footpointDistance {@code rho(m0, p)}
     * @param speed      {@code |v|_p}
     */
    record Outcome(int replaced, double empiricalP, double empiricalV, double empirical, double footpointDistance,
            double speed) {
    }

    static Outcome draw(SensitivityCell cell, int candidates, UniformRandomProvider rng) {
        DomainCheck domain = cell.domain();
        Geometry g = domain.geometry();
        int n = cell.n();
        int length = g.layout().length();
        double[][] basis = new double[domain.basis().basisSize()][length];
        double[] coordinates = new double[basis.length];
        NormalSource normal = new NormalSource();
        // records 0..n-1 are D; records n..n+candidates-1 are the replacements
        double[] x = new double[n + candidates];
        double[][] y = new double[n + candidates][];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble();
            y[i] = inBall(domain, domain.dataRadius() * Math.sqrt(rng.nextDouble()), basis, coordinates, normal, rng);
        }
        double[] p = inBall(domain, domain.footpointRadius() * Math.sqrt(rng.nextDouble()), basis, coordinates,
                normal, rng);
        double[] v = direction(domain, p, basis, coordinates, normal, rng);
        double speed = domain.maxSpeed() * Math.sqrt(rng.nextDouble());
        for (int j = 0; j < length; j++) {
            v[j] *= speed;
        }
        int replaced = rng.nextInt(n);
        for (int c = n; c < n + candidates; c++) {
            x[c] = rng.nextDouble() < END_COVARIATE ? (rng.nextBoolean() ? 0 : 1) : rng.nextDouble();
            double radius = domain.dataRadius() * (rng.nextBoolean() ? 1 : Math.sqrt(rng.nextDouble()));
            y[c] = inBall(domain, radius, basis, coordinates, normal, rng);
        }
        GeodesicRegressionGradient field = GeodesicRegressionGradient.of(g, x, y);
        double[] sumP = new double[length];
        double[] sumV = new double[length];
        double[] recordP = new double[length];
        double[] recordV = new double[length];
        double[] oldP = new double[length];
        double[] oldV = new double[length];
        for (int i = 0; i < n; i++) {
            field.recordGradients(i, p, v, recordP, recordV);
            for (int j = 0; j < length; j++) {
                sumP[j] += recordP[j];
                sumV[j] += recordV[j];
            }
            if (i == replaced) {
                System.arraycopy(recordP, 0, oldP, 0, length);
                System.arraycopy(recordV, 0, oldV, 0, length);
            }
        }
        double[] diffP = new double[length];
        double[] diffV = new double[length];
        double worstP = 0;
        double worstV = 0;
        double worst = 0;
        for (int c = n; c < n + candidates; c++) {
            field.recordGradients(c, p, v, recordP, recordV);
            for (int j = 0; j < length; j++) {
                // the averaged gradients of D and D', differenced: (1/n) sum_D - (1/n)(sum_D - old + new)
                diffP[j] = sumP[j] / n - (sumP[j] - oldP[j] + recordP[j]) / n;
                diffV[j] = sumV[j] / n - (sumV[j] - oldV[j] + recordV[j]) / n;
            }
            double dp = g.norm(p, diffP);
            double dv = g.norm(p, diffV);
            worstP = Math.max(worstP, dp);
            worstV = Math.max(worstV, dv);
            worst = Math.max(worst, Math.hypot(dp, dv));
        }
        return new Outcome(replaced, worstP, worstV, worst, g.distance(domain.center(), p), g.norm(p, v));
    }

    /** {@code exp(m0, radius u)} for a uniform unit direction u at m0. */
    private static double[] inBall(DomainCheck domain, double radius, double[][] basis, double[] coordinates,
            NormalSource normal, UniformRandomProvider rng) {
        double[] u = direction(domain, domain.center(), basis, coordinates, normal, rng);
        for (int j = 0; j < u.length; j++) {
            u[j] *= radius;
        }
        return domain.geometry().exp(domain.center(), u);
    }

    /** A uniform unit tangent vector at {@code point}: Gaussian coordinates in an orthonormal basis, normalised. */
    private static double[] direction(DomainCheck domain, double[] point, double[][] basis, double[] coordinates,
            NormalSource normal, UniformRandomProvider rng) {
        domain.basis().basis(point, basis);
        normal.unitVector(rng, coordinates, coordinates.length);
        double[] u = new double[point.length];
        TangentBasis.combine(basis, coordinates, u);
        return u;
    }
}
