package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SpectralVolumeContract;
import dev.manifolddp.geometry.SubstitutedCapability;
import dev.manifolddp.geometry.VolumeGrowth;
import dev.manifolddp.geometry.VolumeGrowthContract;
import java.util.Random;
import java.util.function.Function;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract's checks of the affine-invariant metric's {@link VolumeGrowth} and {@link SpectralVolume} fail on
 * deliberately wrong versions of them (the real ones pass: {@link SpdContractTest}): a growth rate 10% too small, which
 * would admit Laplace scales at which no Laplace exists, or 10% too large; spectral coordinates with the wrong
 * distance; spectral coordinates with the right distance but the wrong volume element; and the affine-invariant
 * coordinates claimed by the log-Euclidean metric, whose volume is flat in its chart.
 */
class SpdWrongCapabilitiesTest {

    @ParameterizedTest(name = "k = {0}")
    @ValueSource(ints = {2, 3})
    void aVolumeGrowthRateTenPercentTooSmallFails(int k) {
        AffineInvariantSpd spd = new AffineInvariantSpd(k);
        Geometry low = new SubstitutedCapability<>(spd, VolumeGrowth.class, () -> 0.9 * spd.exponentialRate());
        assertThatThrownBy(() -> VolumeGrowthContract.check(low, points(spd)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the volume grows at rate");
    }

    @Test
    void aVolumeGrowthRateTenPercentTooLargeFails() {
        AffineInvariantSpd spd = new AffineInvariantSpd(2);
        Geometry high = new SubstitutedCapability<>(spd, VolumeGrowth.class, () -> 1.1 * spd.exponentialRate());
        assertThatThrownBy(() -> VolumeGrowthContract.check(high, points(spd)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("is above the measured rate");
    }

    @Test
    void spectralCoordinatesWithATenPercentLongerSpectrumFail() {
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        Geometry stretched = new SubstitutedCapability<>(spd, SpectralVolume.class, spectral(3,
                (p, r, rotation, out) -> spd.fromSpectral(p, scaled(r, 1.1), rotation, out)));
        assertThatThrownBy(() -> SpectralVolumeContract.check(stretched, points(spd)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("must be |r|");
    }

    @Test
    void spectralCoordinatesWithTheRightDistanceButTheWrongVolumeFail() {
        // r turned by a fixed rotation of R^3 before use: |r| and so every distance unchanged, but the spectrum's
        // differences, and with them the volume element, are those of another r
        AffineInvariantSpd spd = new AffineInvariantSpd(3);
        double c = Math.cos(0.7);
        double s = Math.sin(0.7);
        Geometry turned = new SubstitutedCapability<>(spd, SpectralVolume.class, spectral(3,
                (p, r, rotation, out) -> spd.fromSpectral(p, new double[] {c * r[0] - s * r[1], s * r[0] + c * r[1],
                    r[2]}, rotation, out)));
        assertThatThrownBy(() -> SpectralVolumeContract.check(turned, points(spd)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("must be one constant");
    }

    @Test
    void theAffineInvariantCoordinatesClaimedByTheLogEuclideanMetricFail() {
        LogEuclideanSpd logEuclidean = new LogEuclideanSpd(2);
        Geometry borrowed = new SubstitutedCapability<>(logEuclidean, SpectralVolume.class, new AffineInvariantSpd(2));
        assertThatThrownBy(() -> SpectralVolumeContract.check(borrowed, points(logEuclidean)))
                .isInstanceOf(AssertionError.class);
    }

    /** {@code Expm(S)} for S symmetric with Gaussian entries of deviation 0.4, as {@link SpdContractTest} draws. */
    private static Function<Random, double[]> points(SpdGeometry spd) {
        int k = spd.layout().size();
        return random -> {
            DMatrixRMaj s = new DMatrixRMaj(k, k);
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    double x = 0.4 * random.nextGaussian();
                    s.set(i, j, x);
                    s.set(j, i, x);
                }
            }
            return SpdContractTest.expm(s);
        };
    }

    private interface FromSpectral {
        void apply(double[] p, double[] r, double[] rotation, double[] out);
    }

    private static SpectralVolume spectral(int k, FromSpectral map) {
        return new SpectralVolume() {
            @Override
            public int spectralRank() {
                return k;
            }

            @Override
            public void fromSpectral(double[] p, double[] r, double[] rotation, double[] out) {
                map.apply(p, r, rotation, out);
            }
        };
    }

    private static double[] scaled(double[] r, double factor) {
        double[] out = new double[r.length];
        for (int i = 0; i < r.length; i++) {
            out[i] = factor * r[i];
        }
        return out;
    }
}
