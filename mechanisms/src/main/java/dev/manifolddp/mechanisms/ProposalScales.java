package dev.manifolddp.mechanisms;

import dev.manifolddp.sampling.mcmc.StepLadder;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a Metropolis-Hastings release scales its proposals, by configuration name ({@code proposal-scales}). Both
 * choices use public values only and leave the target invariant; they differ in whether a chain from its public start
 * reaches the target when sigma is far below the domain's size (issue 23).
 */
public enum ProposalScales {
    /**
     * The default: each step draws its scale uniformly from a public {@link StepLadder} from the domain's size
     * ({@code t r/sqrt(d)}) down to the proposal scale ({@code t min(sigma, r/sqrt(d))}), independently of the state.
     */
    LADDER("ladder"),
    /**
     * One scale, the proposal scale: the kernel before issue 23, kept so that a configuration can reproduce it. At
     * large epsilon its chain does not leave the public start.
     */
    SINGLE("single");

    private final String configName;

    ProposalScales(String configName) {
        this.configName = configName;
    }

    /** The name used in configurations. */
    public String configName() {
        return configName;
    }

    /**
     * The step a chain is built with: the ladder's largest scale, or the proposal scale alone.
     *
     * @param largest  the domain's scale, the ladder's top
     * @param smallest the proposal scale, the ladder's bottom
     */
    public double step(double largest, double smallest) {
        return this == LADDER ? largest : smallest;
    }

    /** The factors applied to {@link #step}: the ladder spanning {@code largest} to {@code smallest}, or one scale. */
    public StepLadder ladder(double largest, double smallest) {
        return this == LADDER ? StepLadder.spanning(largest, smallest) : StepLadder.SINGLE;
    }

    /** Reads a configuration name; unknown names fail with the list of allowed ones. */
    public static ProposalScales parse(String text) {
        String trimmed = text == null ? null : text.trim();
        for (ProposalScales scales : values()) {
            if (scales.configName.equals(trimmed)) {
                return scales;
            }
        }
        throw new IllegalArgumentException("unknown proposal-scales; allowed: " + allowed() + ". Provided value: "
                + text);
    }

    /** The allowed configuration names, comma separated. */
    public static String allowed() {
        return Arrays.stream(values()).map(ProposalScales::configName).collect(Collectors.joining(", "));
    }
}
