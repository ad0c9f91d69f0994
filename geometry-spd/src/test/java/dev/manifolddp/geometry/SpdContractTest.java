package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link GeometryContractTest} for SPD(k), with random points drawn independently of the code
 * under test: {@code Expm(S)} for a random symmetric S with moderate entries, computed with EJML's eigensolver.
 *
 * <p>Why this class lives in the API's package: the inherited {@code wrongLengthsNaNsAndOffManifoldPointsAreRejected}
 * perturbs a point p into {@code 1.5 p + 0.25 E_00}, which for SPD(k) is again symmetric positive definite, so the
 * geometry rightly accepts it and the inherited test cannot pass. The test is package-private, so it can only be
 * replaced from this package; the replacement below checks the same things with perturbations that do leave
 * SPD(k) (an asymmetric entry, and a matrix with a negative eigenvalue).
 */
public abstract class SpdContractTest extends GeometryContractTest {

    /** Standard deviation of the entries of S in {@code Expm(S)}. */
    private static final double SPREAD = 0.4;

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

    @Test
    @Override
    void wrongLengthsNaNsAndOffManifoldPointsAreRejected() {
        Random random = new Random(17);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] v = randomTangent(p, random, propertyRadius());
        double[] shorter = Arrays.copyOf(p, p.length - 1);
        assertThatThrownBy(() -> g.exp(shorter, v)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length");
        assertThatThrownBy(() -> g.log(p, Arrays.copyOf(p, p.length + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
        double[] withNaN = p.clone();
        withNaN[0] = Double.NaN;
        assertThatThrownBy(() -> g.log(p, withNaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
        int k = g.layout().size();
        double[] asymmetric = p.clone();
        asymmetric[k == 1 ? 0 : 1] += 0.25; // k = 1 has no off-diagonal entry; -p below covers it
        double[] indefinite = p.clone();
        for (int i = 0; i < indefinite.length; i++) {
            indefinite[i] = -indefinite[i];
        }
        double[][] offManifold = k == 1 ? new double[][] {indefinite} : new double[][] {asymmetric, indefinite};
        ValidatingGeometry validating = ValidatingGeometry.wrap(g);
        double[] out = new double[p.length];
        for (double[] off : offManifold) {
            assertThatThrownBy(() -> g.log(p, off)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a point");
            assertThatThrownBy(() -> g.exp(off, v)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a point");
            assertThatThrownBy(() -> validating.log(p, off, out)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a point");
        }
        assertThatThrownBy(() -> validating.distance(withNaN, p)).isInstanceOf(IllegalArgumentException.class);
    }
}
