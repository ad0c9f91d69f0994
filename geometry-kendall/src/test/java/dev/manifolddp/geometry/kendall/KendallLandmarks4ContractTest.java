package dev.manifolddp.geometry.kendall;

/** The geometry contract for {@code kendall:landmarks=4}. */
class KendallLandmarks4ContractTest extends AbstractKendallContractTest {

    KendallLandmarks4ContractTest() {
        super(4);
    }
}
