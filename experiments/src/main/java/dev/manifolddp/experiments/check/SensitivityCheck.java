package dev.manifolddp.experiments.check;

import dev.manifolddp.estimators.BoundaryGrid;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.experiments.config.SensitivityCheckConfig;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.experiments.spi.CellGrid;
import dev.manifolddp.experiments.spi.Progress;
import dev.manifolddp.geometry.CurvatureFunctions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.List;

/**
 * The empirical tangent-space bound of Reimherr et al. 2021, suppl. §2.1 (their Fig. 1), ready to run: for each radius r,
 * {@code E(r) = max_(i,j) |log(x_1, x_i) - log(x_1, x_j)|_(x_1)} over the {@link BoundaryGrid} of
 * {@code B_r(center)} ({@link SensitivityBounds#empiricalTangentBound}), next to 2r (the flat case), Reimherr et al. 2021, suppl. Lemma 1's
 * {@code 2r (2 - h_max(r, kmax))} and Soto et al. 2022, Theorem 2's {@code 2r (2 - h_max(2r, kmax))}. Deterministic: the grid is
 * fixed, nothing is drawn.
 *
 * @param config     the configuration
 * @param geometry   the geometry
 * @param basis      its tangent basis
 * @param center     the ball's centre
 * @param perCircle  grid points per boundary circle after {@code --scale}
 * @param options    the run settings
 */
public record SensitivityCheck(SensitivityCheckConfig config, Geometry geometry, TangentBasis basis, double[] center,
        int perCircle, RunOptions options) {

    /**
     * One radius's result.
     *
     * @param r          the geodesic radius
     * @param points     grid points on the boundary
     * @param empirical  E(r)
     * @param flat       2r
     * @param hR         {@code h_max(r, kmax)}
     * @param lemma002   {@code 2r (2 - h_max(r, kmax))} (Reimherr et al. 2021, suppl. Lemma 1)
     * @param h2R        {@code h_max(2r, kmax)}, NaN when {@code 2r sqrt(kmax) >= pi}
     * @param theorem001 {@code 2r (2 - h_max(2r, kmax))} (Soto et al. 2022, Theorem 2), NaN unless {@code h_max(2r, kmax) > 0}
     *                   (Assumption 1)
     */
    public record Row(double r, int points, double empirical, double flat, double hR, double lemma002, double h2R,
            double theorem001) {
    }

    /**
     * Computes every radius on the task grid every study shares ({@link CellGrid}: a cell per radius, one replicate),
     * each row in its radius's slot, so the rows are in configuration order for any thread count.
     */
    public Result run(Progress progress) {
        long start = System.nanoTime();
        double kmax = geometry.curvature().max();
        List<Double> radii = config.radii();
        Row[] rows = new Row[radii.size()];
        CellGrid.run(options.threads(0), "mdp-sensitivity-check", radii.size(), 1, progress,
                (cell, replicate) -> rows[cell] = row(radii.get(cell), kmax));
        return new Result(this, List.of(rows), (System.nanoTime() - start) / 1e9);
    }

    private Row row(double r, double kmax) {
        double[][] grid = BoundaryGrid.points(geometry, basis, center, r, perCircle);
        double empirical = SensitivityBounds.empiricalTangentBound(geometry, grid);
        double hR = CurvatureFunctions.hMax(r, kmax);
        double h2R = kmax > 0 && 2 * r * Math.sqrt(kmax) >= Math.PI ? Double.NaN
                : CurvatureFunctions.hMax(2 * r, kmax);
        double theorem = h2R > 0 ? 2 * r * (2 - h2R) : Double.NaN;
        return new Row(r, grid.length, empirical, 2 * r, hR, 2 * r * (2 - hR), h2R, theorem);
    }

    /**
     * The outcome.
     *
     * @param check       what was run
     * @param rows        one row per radius
     * @param wallSeconds the wall time
     */
    public record Result(SensitivityCheck check, List<Row> rows, double wallSeconds) {
        public Result {
            rows = List.copyOf(rows);
        }
    }
}
