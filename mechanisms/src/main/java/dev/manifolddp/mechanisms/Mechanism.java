package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A differentially private release of an {@link Estimator}'s estimate for data that lie in a public geodesic ball,
 * in two stages, as a measurement and its privacy map are in OpenDP:
 * <ol>
 *   <li>{@link #calibrate} decides, from public inputs only, everything the guarantee rests on (sensitivity, noise
 *       scale, sampler and proposal budget, the budget spent, the guarantee, the warnings) and returns it as a
 *       {@link Calibration}. It is handed no record and no random source, so no decision it makes can depend on the
 *       data; every refusal a mechanism can make from public values is made here, before the data are read.</li>
 *   <li>{@link #release(Calibration, double[][], UniformRandomProvider)} reads the records and draws. It publishes
 *       the calibration's public part ({@link Calibration#seal}) with the value; nothing it computes from the records
 *       is published except the value. A failure here happens after the data were read: a mechanism either makes it
 *       impossible or accounts for its probability in the calibrated delta.</li>
 * </ol>
 * A mechanism asks the estimator for what it needs (a gradient field and its sensitivity, or the estimate's own
 * sensitivity, or a particular estimand) and refuses by name an estimator that lacks it. Implementations are immutable
 * and thread-safe; all per-release state lives in the calibration and inside the release.
 * {@code MechanismContractTest} (the mechanisms module's test-jar) checks these promises for any mechanism.
 */
public interface Mechanism {

    /** The registered name, e.g. {@code kng}, {@code riemannian-laplace}, {@code tangent-gaussian}. */
    String name();

    /**
     * Calibrates a release for one-record adjacency from public inputs only.
     *
     * @param estimator the estimand to release
     * @param geometry  the manifold and metric the data live on
     * @param ball      the public ball the records lie in; its radius sets the sensitivity
     * @param n         the public number of records, at least 1
     * @param budget    the per-record privacy budget to spend
     * @throws IllegalArgumentException when an input is invalid, the geometry or the estimator lacks what the
     *                                  mechanism needs, or no release with a proven or labelled guarantee exists
     */
    Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget);

    /**
     * Draws a release under {@code calibration}, which this mechanism made.
     *
     * @param calibration the calibration ({@link #calibrate})
     * @param data        the records, each a point of the calibration's geometry inside its ball, exactly
     *                    {@code calibration.n()} of them
     * @param random      the random stream to draw the noise from (a seeded stream in experiments, a secure one for
     *                    a person's release)
     * @throws IllegalArgumentException when the records do not match the calibration (count, points, ball)
     */
    Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random);

    /**
     * {@link #release(Calibration, double[][], UniformRandomProvider)} of records in either layout ({@link Records}):
     * a release of a large file hands its records over in the flat layout. This default passes them on as one array
     * per record ({@link Records#rows()}, a copy of flat records); a mechanism that reads its records one at a time
     * overrides it and copies nothing.
     */
    default Release<double[]> release(Calibration calibration, Records data, UniformRandomProvider random) {
        return release(calibration, data == null ? null : data.rows(), random);
    }

    /**
     * Calibrates for a unit of privacy: the mechanism is calibrated at the per-record budget that group privacy turns
     * into {@code budget} for {@code unit} ({@link PrivacyUnit#perRecord}), and the calibration states what it spends
     * at that unit. The one place the unit of privacy is applied.
     */
    default Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget,
            PrivacyUnit unit) {
        if (unit == null || budget == null) {
            throw new IllegalArgumentException(name() + ": the budget and the unit of privacy must be given. "
                    + "Provided value: " + (budget == null ? "budget null" : "unit null"));
        }
        return calibrate(estimator, geometry, ball, n, unit.perRecord(budget)).atUnit(unit, budget);
    }

    /**
     * Calibrates for {@code data.length} records and draws: {@link #calibrate} then
     * {@link #release(Calibration, double[][], UniformRandomProvider)}.
     */
    default Release<double[]> release(Estimator estimator, Geometry geometry, double[][] data, DataBall ball,
            PrivacyBudget budget, UniformRandomProvider random) {
        int n = Calibration.count(data);
        return release(calibrate(estimator, geometry, ball, n, budget), data, random);
    }

    /** Releases a private Frechet mean ({@link FrechetMeanEstimator#DEFAULT}). */
    default Release<double[]> release(Geometry geometry, double[][] data, DataBall ball, PrivacyBudget budget,
            UniformRandomProvider random) {
        return release(FrechetMeanEstimator.DEFAULT, geometry, data, ball, budget, random);
    }
}
