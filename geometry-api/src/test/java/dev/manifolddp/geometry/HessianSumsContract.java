package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;
import org.assertj.core.data.Offset;

/**
 * The properties of a {@link HessianSums} kernel, checked on seeded random data sets (run by
 * {@link GeometryContractTest} for every geometry that claims it): every output agrees with the generic loop of
 * {@link SquaredDistanceHessian#addLogAndHessian} over the records, for data clouds from tight (almost coincident
 * points, and a record exactly at x) to spread out to {@code maxDistance} from x (so a kernel's polynomial range and
 * its exact fallback are both reached); the farthest record is one at the largest distance; a copy and a second
 * kernel give the same numbers; the kernel does not see later changes to the caller's arrays; a record at the cut
 * locus of x is refused as {@code log} refuses it; wrong lengths are refused; an evaluation allocates nothing.
 *
 * <p>Allowances, with m the largest absolute entry of x and the data (the generic loop forms each logarithm from
 * differences of entries of size m, so it carries a few ulps of m per record however tight the data): logarithms and
 * coordinates {@code 1e-13 sum_i |log(x, x_i)|_x + 1e-14 n m}; the objective {@code 1e-13 sum_i rho_i^2 + 1e-14 n m^2};
 * each Hessian entry {@code 1e-13 sum_i max|Hess_i|} (each record's Hessian is bounded by its largest entry, at least
 * the 1 along the geodesic); the farthest distance {@code 1e-13 max_i rho_i + 1e-14 m}.
 */
public final class HessianSumsContract {

    private static final int TRIALS = 40;
    private static final double RELATIVE = 1e-13;

    private HessianSumsContract() {
    }

    /**
     * @param maxDistance the largest rho(x, x_i) tried, below the injectivity radius
     */
    public static void check(Geometry geometry, Function<Random, double[]> points, double maxDistance) {
        HessianSums sums = geometry.capability(HessianSums.class).orElseThrow();
        SquaredDistanceHessian hessians = geometry.capability(SquaredDistanceHessian.class).orElseThrow(
                () -> new AssertionError("HessianSums needs the per-record SquaredDistanceHessian to compare with"));
        TangentBasis tangentBasis = geometry.capability(TangentBasis.class).orElseThrow(
                () -> new AssertionError("HessianSums needs a TangentBasis"));
        int length = geometry.layout().length();
        int d = tangentBasis.basisSize();
        Random random = new Random(47);
        for (int trial = 0; trial < TRIALS; trial++) {
            double[] x = points.apply(random);
            int n = 1 + random.nextInt(trial < TRIALS / 2 ? 5 : 300);
            double spread = maxDistance * Math.pow(1e-8, 1.0 - (trial + 1.0) / TRIALS);
            double[][] data = new double[n][];
            for (int i = 0; i < n; i++) {
                data[i] = LogSumsContract.pointWithin(geometry, x, random, spread);
            }
            if (trial % 4 == 0) {
                data[random.nextInt(n)] = x.clone(); // a record at x: log 0, the identity Hessian
            }
            double[][] basis = tangentBasis.basis(x);

            double[] expectedLog = new double[length];
            double[] expectedCoordinates = new double[d];
            double[] expectedHessian = new double[d * d];
            double expectedSquares = 0;
            double logScale = 0;
            double hessianScale = 0;
            double farthest = 0;
            double[] log = new double[length];
            double[] coordinates = new double[d];
            for (double[] point : data) {
                double[] single = new double[d * d];
                double rho = hessians.addLogAndHessian(x, point, basis, log, coordinates, single);
                double largestEntry = 0;
                for (int k = 0; k < d * d; k++) {
                    expectedHessian[k] += single[k];
                    largestEntry = Math.max(largestEntry, Math.abs(single[k]));
                }
                for (int j = 0; j < length; j++) {
                    expectedLog[j] += log[j];
                }
                for (int k = 0; k < d; k++) {
                    expectedCoordinates[k] += coordinates[k];
                }
                expectedSquares += rho * rho;
                logScale += geometry.norm(x, log);
                hessianScale += largestEntry;
                farthest = Math.max(farthest, rho);
            }
            double magnitude = maxAbs(x);
            for (double[] point : data) {
                magnitude = Math.max(magnitude, maxAbs(point));
            }
            double logAllowed = RELATIVE * logScale + 1e-14 * n * magnitude;

            double[][] kept = new double[n][];
            for (int i = 0; i < n; i++) {
                kept[i] = data[i].clone();
            }
            HessianSums.Batch batch = sums.prepareHessians(data);
            for (double[] point : data) {
                Arrays.fill(point, Double.NaN); // the kernel must have copied what it keeps
            }
            assertThat(batch.size()).isEqualTo(n);
            double[] logSum = new double[length];
            double[] coordinateSum = new double[d];
            double[] hessian = new double[d * d];
            Arrays.fill(hessian, Double.NaN); // overwritten, not added to
            double squares = batch.evaluate(x, basis, logSum, coordinateSum, hessian);
            String where = String.format("trial %d (n = %d, spread %.2g)", trial, n, spread);
            for (int j = 0; j < length; j++) {
                assertThat(logSum[j]).as("%s: sum of logs [%d]", where, j)
                        .isCloseTo(expectedLog[j], Offset.offset(logAllowed));
            }
            for (int k = 0; k < d; k++) {
                assertThat(coordinateSum[k]).as("%s: coordinate %d", where, k)
                        .isCloseTo(expectedCoordinates[k], Offset.offset(logAllowed));
            }
            for (int k = 0; k < d * d; k++) {
                assertThat(hessian[k]).as("%s: Hessian entry %d", where, k)
                        .isCloseTo(expectedHessian[k], Offset.offset(RELATIVE * hessianScale));
            }
            assertThat(squares).as("%s: sum of squared distances", where).isCloseTo(expectedSquares,
                    Offset.offset(RELATIVE * expectedSquares + 1e-14 * n * magnitude * magnitude));
            double distanceAllowed = RELATIVE * farthest + 1e-14 * magnitude;
            assertThat(batch.farthestDistance()).as("%s: farthest distance", where)
                    .isCloseTo(farthest, Offset.offset(distanceAllowed));
            assertThat(batch.farthestIndex()).as("%s: farthest index", where).isBetween(0, n - 1);
            assertThat(geometry.distance(x, kept[batch.farthestIndex()])).as("%s: the farthest record", where)
                    .isCloseTo(farthest, Offset.offset(distanceAllowed + 1e-12 * Math.max(1, farthest)));

            double[] again = new double[d * d];
            HessianSums.Batch copy = batch.copy();
            assertThat(copy.evaluate(x, basis, new double[length], new double[d], again)).as("copy").isEqualTo(
                    squares);
            assertThat(again).as("copy's Hessian").containsExactly(hessian);
            double[] fromPrepareAgain = new double[d * d];
            sums.prepareHessians(kept).evaluate(x, basis, new double[length], new double[d], fromPrepareAgain);
            assertThat(fromPrepareAgain).as("deterministic").containsExactly(hessian);
            if (trial == TRIALS - 1 && Allocations.supported()) {
                assertThat(Allocations.bytesPerCall(() -> batch.evaluate(x, basis, logSum, coordinateSum, hessian),
                        200)).as("bytes allocated per evaluation").isZero();
            }
        }
        refusals(geometry, points, sums, tangentBasis, random, length, d);
    }

    /** The cut locus (when the geometry has one within reach of a data set) and wrong lengths are refused. */
    private static void refusals(Geometry geometry, Function<Random, double[]> points, HessianSums sums,
                                 TangentBasis tangentBasis, Random random, int length, int d) {
        double[] x = points.apply(random);
        double[][] basis = tangentBasis.basis(x);
        double[] antipode = antipode(geometry, x, random);
        if (antipode != null) {
            HessianSums.Batch atCutLocus = sums.prepareHessians(new double[][] {x.clone(), antipode});
            assertThatThrownBy(() -> atCutLocus.evaluate(x, basis, new double[length], new double[d],
                    new double[d * d])).as("a record at the cut locus of x").isInstanceOf(
                    IllegalArgumentException.class);
        }
        HessianSums.Batch batch = sums.prepareHessians(new double[][] {x.clone()});
        assertThatThrownBy(() -> batch.evaluate(x, basis, new double[length + 1], new double[d], new double[d * d]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> batch.evaluate(x, basis, new double[length], new double[d + 1], new double[d * d]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> batch.evaluate(x, basis, new double[length], new double[d], new double[d * d + 1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hessian");
        assertThatThrownBy(() -> batch.evaluate(new double[length + 1], basis, new double[length], new double[d],
                new double[d * d])).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * A point at the injectivity radius from x along a random geodesic (the cut locus of x, where {@code log} is
     * undefined), or null when the radius is infinite.
     */
    private static double[] antipode(Geometry geometry, double[] x, Random random) {
        double reach = geometry.injectivityRadius();
        if (!Double.isFinite(reach)) {
            return null;
        }
        double[] ambient = new double[x.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = geometry.projectToTangent(x, ambient);
        double norm = geometry.norm(x, v);
        for (int i = 0; i < v.length; i++) {
            v[i] *= reach / norm;
        }
        return geometry.exp(x, v);
    }

    private static double maxAbs(double[] v) {
        double max = 0;
        for (double value : v) {
            max = Math.max(max, Math.abs(value));
        }
        return max;
    }
}
