package dev.manifolddp.experiments;

import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.sampling.data.DataGeneratorProvider;
import dev.manifolddp.spi.Registry;
import dev.manifolddp.utility.UtilityMeasure;

/**
 * The registries of the test class path, which the privacy tool's tests build their geometries, mechanisms and
 * planners from (the tool takes registries, not the research runner's component holder).
 */
public final class BuiltInComponents {

    private static final ClassLoader LOADER = BuiltInComponents.class.getClassLoader();

    private BuiltInComponents() {
    }

    public static Geometry geometry(String spec) {
        return Geometries.parse(spec);
    }

    public static Registry<MechanismProvider> mechanisms() {
        return MechanismProvider.registry(LOADER);
    }

    public static Registry<EstimatorProvider> estimators() {
        return EstimatorProvider.registry(LOADER);
    }

    public static Registry<DataGeneratorProvider> generators() {
        return DataGeneratorProvider.registry(LOADER);
    }

    public static Registry<UtilityMeasure> utilities() {
        return UtilityMeasure.registry(LOADER);
    }
}
