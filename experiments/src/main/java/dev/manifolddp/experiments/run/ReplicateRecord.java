package dev.manifolddp.experiments.run;

import dev.manifolddp.mechanisms.Guarantee;
import dev.manifolddp.mechanisms.SamplerReport;
import dev.manifolddp.utility.Measurement;

/**
 * What one mechanism's release in one replicate produced, reduced to what the outputs need (the release's value and
 * warnings are not kept: a full-size run has hundreds of thousands of releases).
 *
 * @param utilities    one measurement per utility measure, in configuration order
 * @param sigma        the noise scale used
 * @param sensitivity  the sensitivity Delta the calibration used
 * @param sigmaRule    the calibration rule, as the release describes it
 * @param guarantee    the release's guarantee
 * @param delta        the delta the release spent (above the cell's when a fixed proposal budget adds one)
 * @param dataDerived  a bound was computed from the data
 * @param sampler      how the noise was drawn
 * @param releaseSeconds wall time of the release call (under the run's parallelism; see
 *                       {@link dev.manifolddp.experiments.utility.WallTime})
 */
public record ReplicateRecord(Measurement[] utilities, double sigma, double sensitivity, String sigmaRule,
        Guarantee guarantee, double delta, boolean dataDerived, SamplerReport sampler, double releaseSeconds) {
}
