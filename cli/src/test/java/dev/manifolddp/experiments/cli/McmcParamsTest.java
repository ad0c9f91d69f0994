package dev.manifolddp.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.mechanisms.McmcSettings;
import dev.manifolddp.mechanisms.ProposalKind;
import dev.manifolddp.mechanisms.ProposalScales;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The regression release's --param flags read through McmcSettings.read, each refusal naming its flag. */
class McmcParamsTest {

    private static final McmcSettings DEFAULTS = new McmcSettings(20_000, 600, 0.5, ProposalKind.TANGENT_GAUSSIAN,
            1);

    private static McmcSettings read(Map<String, String> params) {
        return McmcSettings.read(new McmcParams(params, "geodesic-regression"), DEFAULTS);
    }

    @Test
    void givenFlagsReplaceTheDefaults() {
        assertThat(read(Map.of())).isEqualTo(DEFAULTS);
        assertThat(read(Map.of("burn-in", "1500", "thin", "10", "step", "3", "chains", "2", "proposal-scales",
                "single"))).isEqualTo(new McmcSettings(1500, 10, 3, ProposalKind.TANGENT_GAUSSIAN, 2,
                        ProposalScales.SINGLE));
    }

    @Test
    void eachRefusalNamesItsFlag() {
        assertThatThrownBy(() -> read(Map.of("burn-in", "0"))).hasMessageStartingWith("--param burn-in must be an "
                + "integer between 1 and 2147483647 (MCMC burn-in)");
        assertThatThrownBy(() -> read(Map.of("thin", "2000000"))).hasMessageStartingWith("--param thin must be an "
                + "integer between 1 and 1000000 (MCMC thinning)");
        assertThatThrownBy(() -> read(Map.of("chains", "65"))).hasMessageStartingWith("--param chains must be an "
                + "integer between 1 and 64 (MCMC chains)");
        assertThatThrownBy(() -> read(Map.of("step", "-1"))).hasMessageStartingWith("--param step must be a finite "
                + "number > 0 (the MCMC step factor t)");
        assertThatThrownBy(() -> read(Map.of("proposal-scales", "adaptive")))
                .hasMessageStartingWith("--param proposal-scales: unknown proposal-scales");
        assertThatThrownBy(() -> read(Map.of("burn-in", "999999999", "chains", "2")))
                .hasMessageStartingWith("--estimator geodesic-regression: chains x (burn-in + thin) must be at most");
    }
}
