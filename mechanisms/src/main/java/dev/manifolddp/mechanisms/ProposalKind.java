package dev.manifolddp.mechanisms;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.mcmc.AmbientDirectionProposal;
import dev.manifolddp.sampling.mcmc.CenteredUniformProposal;
import dev.manifolddp.sampling.mcmc.ChartRandomWalkProposal;
import dev.manifolddp.sampling.mcmc.Proposal;
import dev.manifolddp.sampling.mcmc.TangentBoxProposal;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The Metropolis-Hastings proposals a mechanism can use, by configuration name. The proposal's scale is
 * {@code t * sigma} (parameter {@code step} = t), as in Soto et al. 2022, suppl. §2.3.2 and §2.4.2.
 */
public enum ProposalKind {
    /** N(0, (t sigma)^2 I_d) in an orthonormal tangent basis, then exp; symmetric. Needs TangentBasis. */
    TANGENT_GAUSSIAN("tangent-gaussian"),
    /** Soto et al. 2022, suppl. §2.4.2 (sphere): ambient unit Gaussian direction of length t sigma projected to T_x, then exp. */
    AMBIENT_DIRECTION("ambient-direction"),
    /** Soto et al. 2022, suppl. §2.3.2 (SPD): uniform [-0.5, 0.5]^d tangent coordinates times t sigma, with its Hastings correction. */
    TANGENT_BOX("tangent-box"),
    /**
     * Soto et al. 2022, suppl. §2.5.1 (Kendall): U(0,1) ambient coordinates projected to T_x, times t sigma (the paper scaled by t alone);
     * not symmetric and uncorrected, so the chain's law differs from the target (the release warns).
     */
    CENTERED_UNIFORM("centered-uniform"),
    /** Gaussian random walk in an isometric chart (Utpala et al. 2023, App. B.1 log-normal proposal); symmetric. */
    CHART_RANDOM_WALK("chart-random-walk");

    private final String configName;

    ProposalKind(String configName) {
        this.configName = configName;
    }

    /** The name used in configurations. */
    public String configName() {
        return configName;
    }

    /**
     * A new proposal on {@code geometry} (not thread-safe; one per chain run). Fails with the missing capability's
     * name when the geometry lacks what the proposal needs.
     */
    public Proposal create(Geometry geometry) {
        return switch (this) {
            case TANGENT_GAUSSIAN -> new TangentGaussianProposal(geometry);
            case AMBIENT_DIRECTION -> new AmbientDirectionProposal(geometry);
            case TANGENT_BOX -> new TangentBoxProposal(geometry);
            case CENTERED_UNIFORM -> new CenteredUniformProposal(geometry);
            case CHART_RANDOM_WALK -> new ChartRandomWalkProposal(geometry);
        };
    }

    /** Reads a configuration name; unknown names fail with the list of allowed ones. */
    public static ProposalKind parse(String text) {
        String trimmed = text == null ? null : text.trim();
        for (ProposalKind kind : values()) {
            if (kind.configName.equals(trimmed)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown proposal; allowed: " + allowed() + ". Provided value: " + text);
    }

    /** The allowed configuration names, comma separated. */
    public static String allowed() {
        return Arrays.stream(values()).map(ProposalKind::configName).collect(Collectors.joining(", "));
    }
}
