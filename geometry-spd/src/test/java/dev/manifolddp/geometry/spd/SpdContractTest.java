package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.ClosedFormMean;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HessianSums;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.LogSums;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.geometry.GeometryContractTest;
import dev.manifolddp.geometry.ValidatingGeometry;
import dev.manifolddp.geometry.VolumeGrowth;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract of {@link GeometryContractTest} for SPD(k), once per metric and size below; the expected capabilities
 * follow from the metric's name. Random points are
 * drawn independently of the code under test: {@code Expm(S)} for a random symmetric S with moderate entries,
 * computed with EJML's eigensolver.
 *
 * <p>The inherited default off-manifold point, {@code 1.5 p} with entry 0 shifted, is again symmetric positive
 * definite, so {@link #offManifoldPoint} makes p asymmetric instead; symmetric matrices with a negative
 * eigenvalue are checked separately by {@link #symmetricMatricesWithANegativeEigenvalueAreRejected}.
 */
@ParameterizedClass(name = "{0}")
@ValueSource(strings = {"spd/affine-invariant:k=2", "spd/affine-invariant:k=3", "spd/log-euclidean:k=2",
    "spd/log-euclidean:k=5"})
class SpdContractTest extends GeometryContractTest {

    /**
     * What the affine-invariant metric offers, including the fused log sums (one x^(-1/2) per evaluation) and the
     * spectral coordinates and volume growth its exact Laplace sampler is built from.
     */
    static final Set<Class<?>> AFFINE_INVARIANT = Set.of(ParallelTransport.class, TangentBasis.class,
            AmbientEmbedding.class, HomogeneousSpace.class, JacobiFields.class, SquaredDistanceHessian.class,
            LogSums.class, HessianSums.class, SpectralVolume.class, VolumeGrowth.class, SymmetricEigensolvers.class);

    /**
     * The metrics' common capabilities (with the module's eigensolver, lent to samplers and pictures) plus the flat
     * metric's global chart and closed-form mean; no {@link LogSums} (the chart makes the gradient norm one chart
     * evaluation).
     */
    static final Set<Class<?>> LOG_EUCLIDEAN = Set.of(ParallelTransport.class, TangentBasis.class,
            AmbientEmbedding.class, HomogeneousSpace.class, IsometricChart.class, ClosedFormMean.class,
            JacobiFields.class, SquaredDistanceHessian.class, SymmetricEigensolvers.class);

    /** Standard deviation of the entries of S in {@code Expm(S)}. */
    private static final double SPREAD = 0.4;

    private final String spec;
    private final Geometry geometry;
    private final Set<Class<?>> capabilities;

    SpdContractTest(String spec) {
        this.spec = spec;
        this.geometry = Geometries.parse(spec);
        this.capabilities = geometry.name().equals("spd/log-euclidean") ? LOG_EUCLIDEAN : AFFINE_INVARIANT;
    }

    @Override
    protected Geometry geometry() {
        return geometry;
    }

    @Override
    protected Set<Class<?>> expectedCapabilities() {
        return capabilities;
    }

    @Override
    protected String spec() {
        return spec;
    }

    private static final Pattern SMALLEST = Pattern.compile("smallest eigenvalue is (\\S+)");

    @Override
    protected double[] randomPoint(Random random) {
        int k = geometry().layout().size();
        DMatrixRMaj s = new DMatrixRMaj(k, k);
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double x = SPREAD * random.nextGaussian();
                s.set(i, j, x);
                s.set(j, i, x);
            }
        }
        return expm(s);
    }

    /**
     * p with entry (0, 1) raised by a quarter of its largest entry, so that it is not symmetric; for k = 1, where
     * every finite number is symmetric, -p (not positive).
     */
    @Override
    protected double[] offManifoldPoint(double[] p) {
        double[] off = p.clone();
        if (p.length == 1) {
            off[0] = -p[0];
            return off;
        }
        double largest = 0;
        for (double x : p) {
            largest = Math.max(largest, Math.abs(x));
        }
        off[1] += 0.25 * largest;
        return off;
    }

    /**
     * -p is symmetric with smallest eigenvalue {@code -lambda_max(p)}: both forms and the validating decorator
     * refuse it with a message that names that eigenvalue.
     */
    @Test
    void symmetricMatricesWithANegativeEigenvalueAreRejected() {
        Random random = new Random(21);
        Geometry g = geometry();
        int k = g.layout().size();
        double[] p = randomPoint(random);
        double[] negated = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            negated[i] = -p[i];
        }
        double smallest = -ejmlLargestEigenvalue(p, k);
        double[] v = new double[p.length];
        double[] out = new double[p.length];
        ValidatingGeometry validating = ValidatingGeometry.wrap(g);
        assertNamesSmallestEigenvalue(() -> g.log(p, negated), "q is not a point", smallest);
        assertNamesSmallestEigenvalue(() -> g.exp(negated, v), "p is not a point", smallest);
        assertNamesSmallestEigenvalue(() -> validating.log(p, negated, out), "not a point", smallest);
        assertNamesSmallestEigenvalue(() -> g.log(p, negated, out), "not symmetric positive definite", smallest);
        assertNamesSmallestEigenvalue(() -> g.distance(negated, p), "not symmetric positive definite", smallest);
    }

    private static void assertNamesSmallestEigenvalue(ThrowingCallable call, String phrase, double smallest) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call);
        assertThat(thrown).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(phrase);
        Matcher m = SMALLEST.matcher(thrown.getMessage());
        assertThat(m.find()).as("message names the smallest eigenvalue: %s", thrown.getMessage()).isTrue();
        assertThat(Double.parseDouble(m.group(1))).as(thrown.getMessage())
                .isCloseTo(smallest, org.assertj.core.data.Offset.offset(1e-5 * Math.abs(smallest)));
    }

    private static double ejmlLargestEigenvalue(double[] p, int k) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, false, true);
        assertThat(eig.decompose(DMatrixRMaj.wrap(k, k, p.clone()))).isTrue();
        double largest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < k; i++) {
            largest = Math.max(largest, eig.getEigenvalue(i).real);
        }
        return largest;
    }

    /** {@code Expm(S)} of a symmetric S by EJML's eigendecomposition, symmetrised exactly. */
    static double[] expm(DMatrixRMaj s) {
        int k = s.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        if (!eig.decompose(s.copy())) {
            throw new IllegalStateException("EJML eigendecomposition failed");
        }
        double[] p = new double[k * k];
        for (int l = 0; l < k; l++) {
            double e = Math.exp(eig.getEigenvalue(l).real);
            DMatrixRMaj v = eig.getEigenVector(l);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    p[i * k + j] += e * v.get(i) * v.get(j);
                }
            }
        }
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                double mean = 0.5 * (p[i * k + j] + p[j * k + i]);
                p[i * k + j] = mean;
                p[j * k + i] = mean;
            }
        }
        return p;
    }
}
