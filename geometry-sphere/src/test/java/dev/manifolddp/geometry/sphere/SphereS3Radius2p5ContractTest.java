package dev.manifolddp.geometry.sphere;

/** The geometry contract for {@code sphere:d=3,radius=2.5}. */
class SphereS3Radius2p5ContractTest extends SphereContract {

    SphereS3Radius2p5ContractTest() {
        super("sphere:d=3,radius=2.5");
    }
}
