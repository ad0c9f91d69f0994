package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.manifolddp.geometry.SpectralVolume;
import org.junit.jupiter.api.Test;

/** {@link SpectralVolume} on affine-invariant SPD(k): the point {@code p^(1/2) Q diag(e^r) Q^T p^(1/2)}. */
class AffineInvariantSpectralTest {

    private static final double[] P = {1.5, 0.2, 0.1, 0.2, 1.0, -0.3, 0.1, -0.3, 2.0};

    /** A rotation about the axis (1, 1, 1)/sqrt 3 by angle a (Rodrigues), row-major. */
    private static double[] rotation(double a) {
        double c = Math.cos(a);
        double s = Math.sin(a);
        double u = 1 / Math.sqrt(3);
        double[] k = {0, -u, u, u, 0, -u, -u, u, 0};
        double[] out = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double kk = 0;
                for (int l = 0; l < 3; l++) {
                    kk += k[i * 3 + l] * k[l * 3 + j];
                }
                out[i * 3 + j] = (i == j ? 1 : 0) + s * k[i * 3 + j] + (1 - c) * kk;
            }
        }
        return out;
    }

    @Test
    void distanceIsTheNormOfTheLogSpectrumAndTheLogMapHasThoseEigenvalues() {
        AffineInvariantSpd g = new AffineInvariantSpd(3);
        double[] r = {0.7, -0.4, 0.2};
        double[] q = rotation(0.9);
        double[] x = new double[9];
        g.fromSpectral(P, r, q, x);
        assertThat(g.spectralRank()).isEqualTo(3);
        assertThat(g.distance(P, x)).isCloseTo(Math.sqrt(0.49 + 0.16 + 0.04), within(1e-12));
        // the tangent vector log(P, x) in orthonormal coordinates is Q diag(r) Q^T: compare with the exp of that
        double[] whitened = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double sum = 0;
                for (int l = 0; l < 3; l++) {
                    sum += q[i * 3 + l] * r[l] * q[j * 3 + l];
                }
                whitened[i * 3 + j] = sum;
            }
        }
        double[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        double[] atIdentity = new double[9];
        g.fromSpectral(identity, r, q, atIdentity);
        double[] expected = g.exp(identity, whitened);
        for (int i = 0; i < 9; i++) {
            assertThat(atIdentity[i]).isCloseTo(expected[i], within(1e-12));
        }
    }

    @Test
    void refusesWrongLengths() {
        AffineInvariantSpd g = new AffineInvariantSpd(3);
        assertThatThrownBy(() -> g.fromSpectral(P, new double[2], rotation(0.1), new double[9]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: r length 2");
    }
}
