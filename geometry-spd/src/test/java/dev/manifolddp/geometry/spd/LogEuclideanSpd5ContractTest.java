package dev.manifolddp.geometry.spd;

/** The geometry contract for {@code spd/log-euclidean:k=5}. */
class LogEuclideanSpd5ContractTest extends SpdContract {

    LogEuclideanSpd5ContractTest() {
        super("spd/log-euclidean:k=5", LOG_EUCLIDEAN);
    }
}
