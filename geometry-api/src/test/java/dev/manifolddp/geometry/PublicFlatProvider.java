package dev.manifolddp.geometry;

/** {@link FlatProvider} with the public class ServiceLoader needs, for the registry's tests over real jars. */
public class PublicFlatProvider extends FlatProvider {
}
