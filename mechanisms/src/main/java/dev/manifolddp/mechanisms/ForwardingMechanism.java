package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A mechanism that forwards both stages to another one: the base of a wrapper that changes one stage (a test double
 * that fails on demand, a logging or timing wrapper) and keeps the rest. The calibration stays the delegate's, so
 * the delegate accepts it in {@link #release}; a wrapper that overrides {@link #release} must still publish through
 * the delegate (or {@link Calibration#seal}), or {@code MechanismContractTest} fails it.
 */
public abstract class ForwardingMechanism implements Mechanism {

    /** The mechanism both stages go to. */
    protected final Mechanism delegate;

    protected ForwardingMechanism(Mechanism delegate) {
        if (delegate == null) {
            throw new IllegalArgumentException("a forwarding mechanism needs a delegate. Provided value: null");
        }
        this.delegate = delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public Calibration calibrate(Estimator estimator, Geometry geometry, DataBall ball, int n, PrivacyBudget budget) {
        return delegate.calibrate(estimator, geometry, ball, n, budget);
    }

    @Override
    public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
        return delegate.release(calibration, data, random);
    }

    @Override
    public Release<double[]> release(Calibration calibration, Records data, UniformRandomProvider random) {
        return delegate.release(calibration, data, random);
    }
}
