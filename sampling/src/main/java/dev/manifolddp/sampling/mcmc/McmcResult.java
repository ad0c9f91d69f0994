package dev.manifolddp.sampling.mcmc;

import java.util.Arrays;

/**
 * The output of a Metropolis-Hastings run.
 *
 * @param samples     the kept samples of every chain, chain 0 first ({@code chains * samplesPerChain} points)
 * @param lastStates  the state of each chain after its last step
 * @param diagnostics settings, acceptance, effective sample size, R-hat, warnings
 */
public record McmcResult(double[][] samples, double[][] lastStates, McmcDiagnostics diagnostics) {

    /** The last state of the first chain (the only chain in a single-chain run). */
    public double[] lastState() {
        return lastStates[0];
    }

    /** The kept samples of chain {@code chain} (shares the point arrays with {@link #samples()}). */
    public double[][] chainSamples(int chain) {
        if (chain < 0 || chain >= lastStates.length) {
            throw new IllegalArgumentException(String.format("chain must be in [0, %d). Provided value: %d",
                    lastStates.length, chain));
        }
        int per = diagnostics.samplesPerChain();
        return Arrays.copyOfRange(samples, chain * per, (chain + 1) * per);
    }
}
