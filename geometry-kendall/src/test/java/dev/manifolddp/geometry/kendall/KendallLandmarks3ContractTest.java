package dev.manifolddp.geometry.kendall;

/** The geometry contract for {@code kendall:landmarks=3}. */
class KendallLandmarks3ContractTest extends AbstractKendallContractTest {

    KendallLandmarks3ContractTest() {
        super(3);
    }
}
