package dev.manifolddp.experiments.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.experiments.spi.Workers;
import org.junit.jupiter.api.Test;

/** How a run's threads resolve: --threads over the configuration, 0 meaning one per core (Workers.resolve). */
class RunOptionsThreadsTest {

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Test
    void zeroMeansOnePerCoreAndAnyOtherCountStands() {
        assertThat(Workers.resolve(0)).isEqualTo(CORES);
        assertThat(Workers.resolve(3)).isEqualTo(3);
    }

    @Test
    void theFlagOverridesTheConfigurationAndZeroFromEitherIsEveryCore() {
        assertThat(RunOptions.defaults().threads(3)).isEqualTo(3);
        assertThat(RunOptions.defaults().threads(0)).isEqualTo(CORES);
        assertThat(new RunOptions(1, 2, null, false).threads(0)).isEqualTo(2);
        assertThat(new RunOptions(1, 0, null, false).threads(5)).isEqualTo(CORES);
    }
}
