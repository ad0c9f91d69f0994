package dev.manifolddp.geometry.spd;

/** The geometry contract for {@code spd/affine-invariant:k=2}. */
class AffineInvariantSpd2ContractTest extends SpdContract {

    AffineInvariantSpd2ContractTest() {
        super("spd/affine-invariant:k=2", AFFINE_INVARIANT);
    }
}
