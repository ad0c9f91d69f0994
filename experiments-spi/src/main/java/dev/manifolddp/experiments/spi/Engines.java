package dev.manifolddp.experiments.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds a {@link RunEngine} by name among those on the class path. */
public final class Engines {

    /** The name of the default engine: this JVM's worker threads. */
    public static final String LOCAL = "local";

    private Engines() {
    }

    /** The engine called {@code name}, or an error that says how to put it on the class path. */
    public static RunEngine named(String name, ClassLoader loader) {
        List<String> known = new ArrayList<>();
        for (RunEngine engine : ServiceLoader.load(RunEngine.class, loader)) {
            if (engine.name().equals(name)) {
                return engine;
            }
            known.add(engine.name());
        }
        known.add(0, LOCAL);
        throw new IllegalArgumentException(String.format("--engine: no engine '%s' on the class path (available: %s). "
                + "Engines are optional jars: for Spark, build it with 'mvn -B -pl engines/spark -am package "
                + "-DskipTests' and run through ./mdp, which adds engines/spark/target/lib when --engine spark is "
                + "given (README, 'Scaling out on Spark'). Provided value: %s", name, String.join(", ", known),
                name));
    }
}
