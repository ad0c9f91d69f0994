package dev.manifolddp.engines.spark;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.mechanisms.Calibration;
import dev.manifolddp.mechanisms.EuclideanLaplaceProvider;
import dev.manifolddp.mechanisms.ForwardingMechanism;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.Release;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.TaskContext;

/**
 * A test-only mechanism ({@code spark-test-faulty}): the Euclidean Laplace, except that {@code fail: releases} makes
 * every release fail as a bad parameter would (deterministically, on every attempt, with or without Spark), and
 * {@code fail: first-attempt} fails the first attempt of every Spark task (as a lost executor would) and succeeds on
 * Spark's retry. Both let the calibration check through (it releases with a {@code NoDrawRandom} before the job
 * starts, on the driver and on every executor, and would report a plain bad parameter there), so the failure happens
 * in the tasks.
 */
public final class FaultyMechanismProvider implements MechanismProvider {

    static final String NAME = "spark-test-faulty";
    static final String RELEASES_MESSAGE = "fail: the mechanism refuses every release (a deliberately bad parameter)";

    private static final ParameterSpec FAIL = ParameterSpec.optional("fail", "releases, first-attempt or never",
            "never");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "test only: the Euclidean Laplace, failing on demand";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(FAIL);
    }

    @Override
    public Mechanism create(Map<String, String> parameters) {
        String fail = parameters.getOrDefault("fail", "never");
        Mechanism inner = new EuclideanLaplaceProvider().create(Map.of());
        return new ForwardingMechanism(inner) {
            @Override
            public String name() {
                return NAME;
            }

            @Override
            public Release<double[]> release(Calibration calibration, double[][] data, UniformRandomProvider random) {
                TaskContext task = TaskContext.get();
                if (fail.equals("releases")) {
                    throw new IllegalArgumentException(RELEASES_MESSAGE);
                }
                if (fail.equals("first-attempt") && task != null && task.attemptNumber() == 0) {
                    throw new IllegalStateException("simulated loss of an executor on the first attempt");
                }
                return delegate.release(calibration, data, random);
            }
        };
    }
}
