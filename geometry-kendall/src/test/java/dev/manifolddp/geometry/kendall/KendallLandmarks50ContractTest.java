package dev.manifolddp.geometry.kendall;

/** The geometry contract for {@code kendall:landmarks=50}. */
class KendallLandmarks50ContractTest extends AbstractKendallContractTest {

    KendallLandmarks50ContractTest() {
        super(50);
    }
}
