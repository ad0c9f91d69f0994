package dev.manifolddp.geometry.sphere;

/** The geometry contract for {@code sphere:d=5}. */
class SphereS5ContractTest extends SphereContract {

    SphereS5ContractTest() {
        super("sphere:d=5");
    }
}
