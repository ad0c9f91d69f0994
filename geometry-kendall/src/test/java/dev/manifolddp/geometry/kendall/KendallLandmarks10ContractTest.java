package dev.manifolddp.geometry.kendall;

/** The geometry contract for {@code kendall:landmarks=10}. */
class KendallLandmarks10ContractTest extends AbstractKendallContractTest {

    KendallLandmarks10ContractTest() {
        super(10);
    }
}
