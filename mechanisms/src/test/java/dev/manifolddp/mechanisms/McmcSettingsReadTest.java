package dev.manifolddp.mechanisms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The one reading of MCMC settings (McmcSettings.read): which keys, in which order, what absent keys keep, and how a
 * refused combination is reported; and that the stock providers read their parameters through it.
 */
class McmcSettingsReadTest {

    private static final McmcSettings DEFAULTS = new McmcSettings(40, 7, 1.5, ProposalKind.TANGENT_GAUSSIAN, 1);

    /** A source over key -> text that records which keys were asked for. */
    private static final class MapSource implements McmcSettings.Source {
        final Map<String, String> given;
        final List<String> asked = new ArrayList<>();

        MapSource(Map<String, String> given) {
            this.given = given;
        }

        @Override
        public Long longValue(String key, long min) {
            asked.add(key);
            return given.containsKey(key) ? Long.parseLong(given.get(key)) : null;
        }

        @Override
        public Integer intValue(String key, int min) {
            asked.add(key);
            return given.containsKey(key) ? Integer.parseInt(given.get(key)) : null;
        }

        @Override
        public Double positive(String key) {
            asked.add(key);
            return given.containsKey(key) ? Double.parseDouble(given.get(key)) : null;
        }

        @Override
        public <T> T choice(String key, Function<String, T> parse) {
            asked.add(key);
            return given.containsKey(key) ? parse.apply(given.get(key)) : null;
        }

        @Override
        public IllegalArgumentException refused(IllegalArgumentException e) {
            return new IllegalArgumentException("source: " + e.getMessage(), e);
        }
    }

    @Test
    void absentKeysKeepTheDefaultsAndEveryKeyIsAskedForInOrder() {
        MapSource source = new MapSource(Map.of());
        assertThat(McmcSettings.read(source, DEFAULTS)).isEqualTo(DEFAULTS);
        assertThat(source.asked).containsExactly(McmcSettings.BURN_IN, McmcSettings.THIN, McmcSettings.STEP,
                McmcSettings.PROPOSAL, McmcSettings.PROPOSAL_SCALES, McmcSettings.CHAINS);
    }

    @Test
    void givenKeysReplaceTheirDefaultOnly() {
        assertThat(McmcSettings.read(new MapSource(Map.of("thin", "3", "proposal-scales", "single")), DEFAULTS))
                .isEqualTo(new McmcSettings(40, 3, 1.5, ProposalKind.TANGENT_GAUSSIAN, 1, ProposalScales.SINGLE));
        assertThat(McmcSettings.read(new MapSource(Map.of("burn-in", "0", "step", "0.25", "proposal",
                "chart-random-walk", "chains", "4")), DEFAULTS))
                .isEqualTo(new McmcSettings(0, 7, 0.25, ProposalKind.CHART_RANDOM_WALK, 4, ProposalScales.LADDER));
    }

    @Test
    void aCombinationOfValidValuesTooLongToRunIsReportedThroughTheSource() {
        assertThatThrownBy(() -> McmcSettings.read(new MapSource(Map.of("burn-in", "600000000", "chains", "2")),
                DEFAULTS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("source: chains x (burn-in + thin) must be at most 1000000000 steps");
    }

    @Test
    void theStockProvidersReadTheirChainThroughIt() {
        assertThat(((KNormGradient) Mechanisms.parse("kng")).mcmc()).isEqualTo(KNormGradient.DEFAULT_MCMC);
        assertThat(((RiemannianLaplace) Mechanisms.parse("riemannian-laplace")).mcmc())
                .isEqualTo(RiemannianLaplace.DEFAULT_MCMC);
        assertThat(((KNormGradient) Mechanisms.parse("kng:burn-in=5,thin=2,step=0.25,proposal=tangent-box,"
                + "proposal-scales=single,chains=3")).mcmc())
                .isEqualTo(new McmcSettings(5, 2, 0.25, ProposalKind.TANGENT_BOX, 3, ProposalScales.SINGLE));
    }
}
