package dev.manifolddp.geometry.spd;

/** The geometry contract for {@code spd/log-euclidean:k=2}. */
class LogEuclideanSpd2ContractTest extends SpdContract {

    LogEuclideanSpd2ContractTest() {
        super("spd/log-euclidean:k=2", LOG_EUCLIDEAN);
    }
}
