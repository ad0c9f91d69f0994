package dev.manifolddp.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** The stand-in random source of the calibration check draws nothing and describes itself. */
class NoDrawRandomTest {

    @Test
    void everyDrawThrowsAndToStringWorks() {
        UniformRandomProvider random = new NoDrawRandom();
        assertThat(random.toString()).contains("no-draw");
        List<ThrowingCallable> draws = List.of(random::nextInt, () -> random.nextInt(3), () -> random.nextInt(1, 3),
                random::nextLong, () -> random.nextLong(3), () -> random.nextLong(1, 3), random::nextBoolean,
                random::nextFloat, () -> random.nextFloat(2f), () -> random.nextFloat(1f, 2f), random::nextDouble,
                () -> random.nextDouble(2), () -> random.nextDouble(1, 2), () -> random.nextBytes(new byte[4]),
                () -> random.nextBytes(new byte[4], 0, 2), () -> random.doubles().findFirst(),
                () -> random.ints(1, 5).findFirst(), () -> random.longs().findFirst());
        for (ThrowingCallable draw : draws) {
            assertThatThrownBy(draw).isInstanceOf(NoDrawAttempted.class).hasMessageContaining("first random draw");
        }
    }
}
