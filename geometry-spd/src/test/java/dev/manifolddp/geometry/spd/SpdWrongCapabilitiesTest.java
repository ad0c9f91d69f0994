package dev.manifolddp.geometry.spd;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometry;
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
 * The contract's check of the affine-invariant metric's {@link VolumeGrowth} fails on deliberately wrong versions of it
 * (the real one passes: {@link SpdContractTest}): a growth rate 10% too small, which would admit Laplace scales at
 * which no Laplace exists, or 10% too large.
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
}
