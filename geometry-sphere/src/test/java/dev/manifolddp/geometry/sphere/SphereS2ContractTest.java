package dev.manifolddp.geometry.sphere;

/** The geometry contract for {@code sphere:d=2}. */
class SphereS2ContractTest extends SphereContract {

    SphereS2ContractTest() {
        super("sphere:d=2");
    }
}
