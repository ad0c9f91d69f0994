package dev.manifolddp.geometry.spd;

/** The geometry contract for {@code spd/affine-invariant:k=3}. */
class AffineInvariantSpd3ContractTest extends SpdContract {

    AffineInvariantSpd3ContractTest() {
        super("spd/affine-invariant:k=3", AFFINE_INVARIANT);
    }
}
