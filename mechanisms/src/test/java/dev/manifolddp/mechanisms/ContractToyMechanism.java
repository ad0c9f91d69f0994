package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A plugin-style mechanism for {@code MechanismContractSelfTest}, written against the public SPI only
 * ({@link Calibration#of}, {@link Calibration#start}, {@link Calibration#seal}, {@link Release.Builder}): it releases
 * the ball's centre moved by a random tangent step of length at most r/2, so its values are points of the ball. It is
 * no private mechanism of any estimand (its value ignores the records): it exists to meet the contract with
 * {@link Fault#NONE} and to break exactly one promise with each other {@link Fault}.
 */
final class ContractToyMechanism implements Mechanism {

    static final String NAME = "contract-toy";

    /** The one promise a toy breaks. */
    enum Fault {
        /** None: the toy meets the contract. */
        NONE,
        /** Calibrate dereferences a null ball (a NullPointerException instead of a refusal). */
        NULL_BALL_NOT_REFUSED,
        /** Calibrate states the spread of the records last released (state kept from reading data). */
        CALIBRATION_REMEMBERS_DATA,
        /** Release adds a public warning when the records are all equal (a warning that depends on the data). */
        WARNING_AFTER_DATA,
        /** Release restates the public parameter ballRadius as the records' largest distance to the centre. */
        PARAMETER_AFTER_DATA,
        /** Release builds its own release, bypassing seal, with sigma scaled by the records' spread. */
        SIGMA_FROM_DATA_WITHOUT_SEAL,
        /** Calibrate states an exact draw (pure) and release runs a chain (mcmc). */
        STRONGER_CALIBRATION,
        /** Release fails on records beyond the radius (those admitted by the ball's slack). */
        FAILS_AT_THE_SLACK,
        /** Release puts the value outside the ball when a record lies on the boundary. */
        LEAVES_THE_BALL_ON_BOUNDARY_DATA,
        /** Release truncates or pads the records to the calibrated count instead of refusing. */
        ADJUSTS_THE_COUNT,
        /** Release hands a calibration it did not make to the mechanism that made it. */
        FORWARDS_FOREIGN_CALIBRATIONS,
        /** The unit-of-privacy overload ignores the unit: it states the per-record budget and sentence. */
        IGNORES_THE_UNIT
    }

    private final Fault fault;
    /** The spread of the last released records ({@link Fault#CALIBRATION_REMEMBERS_DATA}). */
    private final AtomicReference<Double> lastSpread = new AtomicReference<>(Double.NaN);

    ContractToyMechanism(Fault fault) {
        this.fault = fault;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        if (estimator == null || geometry == null || budget == null || (ball == null
                && fault != Fault.NULL_BALL_NOT_REFUSED)) {
            throw new IllegalArgumentException(NAME + ": estimator, geometry, ball and budget must be given");
        }
        double radius = ball.radius();
        GeometryChecks.requirePoint(geometry, "the ball's centre", ball.center());
        if (n < 1) {
            throw new IllegalArgumentException(NAME + ": n must be at least 1. Provided value: " + n);
        }
        Release.Builder<double[]> template = Release.<double[]>builder(NAME).budget(PrivacyBudget.pure(
                budget.epsilon())).publicScale(radius).sensitivity(2 * radius / n)
                .sigma(2 * radius / (n * budget.epsilon()))
                .parameter("n", n)
                .parameter("ballRadius", radius)
                .warning("contract toy: its value ignores the records (a test fixture, not a mechanism)");
        if (fault == Fault.CALIBRATION_REMEMBERS_DATA) {
            template.parameter("lastSpread", lastSpread.get());
        }
        return Calibration.of(this, estimator, geometry, ball, n, template, null);
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget,
            PrivacyUnit unit) {
        if (fault == Fault.IGNORES_THE_UNIT) {
            return calibrate(estimator, geometry, ball, n, budget);
        }
        return Mechanism.super.calibrate(estimator, geometry, ball, n, budget, unit);
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        if (fault == Fault.FORWARDS_FOREIGN_CALIBRATIONS && calibration.mechanism() != this) {
            return calibration.mechanism().release(calibration, data, random);
        }
        double[][] records = data;
        if (fault == Fault.ADJUSTS_THE_COUNT && data != null && data.length > 0 && data.length != calibration.n()) {
            records = Arrays.copyOf(data, calibration.n());
            for (int i = data.length; i < records.length; i++) {
                records[i] = data[0];
            }
        }
        Calibration.Started started = calibration.start(this, records, random);
        Release.Builder<double[]> release = started.release();
        Geometry geometry = calibration.geometry();
        DataBall ball = calibration.ball();
        double spread = 0;
        for (double[] record : records) {
            spread = Math.max(spread, geometry.distance(ball.center(), record));
        }
        lastSpread.set(spread);
        if (fault == Fault.FAILS_AT_THE_SLACK && spread > ball.radius()) {
            throw new IllegalStateException(NAME + ": no draw for records beyond r");
        }
        double length = 0.5 * ball.radius() * random.nextDouble();
        if (fault == Fault.LEAVES_THE_BALL_ON_BOUNDARY_DATA && spread >= ball.radius() * (1 - 1e-9)) {
            length = 1.5 * ball.radius();
        }
        double[] value = step(geometry, ball.center(), length, random);
        release.value(value);
        switch (fault) {
            case WARNING_AFTER_DATA -> {
                if (Arrays.stream(records).allMatch(record -> Arrays.equals(record, data[0]))) {
                    release.warning("contract toy: every record is the same point");
                }
            }
            case PARAMETER_AFTER_DATA -> release.parameter("ballRadius", spread);
            case SIGMA_FROM_DATA_WITHOUT_SEAL -> {
                return release.sigma(calibration.sigma() * (1 + spread / ball.radius())).build();
            }
            case STRONGER_CALIBRATION -> release.sampler(SamplerReport.mcmc(55, 50, 5, 1, Double.NaN, Double.NaN,
                    Double.NaN));
            default -> {
                // honest
            }
        }
        return calibration.seal(release);
    }

    /** {@code exp(center, length u)} for a direction u drawn from {@code random}. */
    private static double[] step(Geometry geometry, double[] center, double length, UniformRandomProvider random) {
        int size = geometry.layout().length();
        double[] ambient = new double[size];
        double[] tangent = new double[size];
        double norm = 0;
        while (!(norm > 1e-3)) {
            for (int i = 0; i < size; i++) {
                ambient[i] = 2 * random.nextDouble() - 1;
            }
            geometry.projectToTangent(center, ambient, tangent);
            norm = Math.sqrt(geometry.inner(center, tangent, tangent));
        }
        for (int i = 0; i < size; i++) {
            tangent[i] *= length / norm;
        }
        double[] value = new double[size];
        geometry.exp(center, tangent, value);
        return value;
    }
}
