package dev.manifolddp.geometry;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Euclidean R^n: the simplest geometry, used to test the registry and the decorators without a concrete module.
 * Deliberately not listed in META-INF/services, so the test-jar adds no provider to its users' class paths.
 */
class FlatProvider implements GeometryProvider {

    @Override
    public String name() {
        return "flat";
    }

    @Override
    public List<String> aliases() {
        return List.of("euclidean");
    }

    @Override
    public String description() {
        return "Euclidean space R^n";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.optional("n", "dimension", "2"));
    }

    @Override
    public Geometry create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("geometry 'flat'", parameters(), parameters);
        return new Flat(checked.integer("n", 1, 1000));
    }

    /**
     * R^n without any capability: the API's {@link EuclideanSpace} with its capabilities hidden, so that the registry
     * and the decorators are tested on the bare Geometry contract.
     */
    static class Flat extends ForwardingGeometry {
        private final int n;

        Flat(int n) {
            super(EuclideanSpace.of(n));
            this.n = n;
        }

        @Override
        public String name() {
            return "flat";
        }

        @Override
        public String spec() {
            return "flat:n=" + n;
        }

        @Override
        public <C> Optional<C> capability(Class<C> type) {
            if (type == null) {
                throw new IllegalArgumentException("capability type is null. Provided value: null");
            }
            return Optional.empty();
        }
    }
}
