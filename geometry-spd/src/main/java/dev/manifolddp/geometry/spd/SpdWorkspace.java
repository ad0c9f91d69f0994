package dev.manifolddp.geometry.spd;

/**
 * Per-thread scratch space of an SPD geometry, sized for k once: the eigen solver and the vectors and matrices
 * that the operations pass between steps. Geometries keep one per thread in a {@link ThreadLocal}, so that their
 * {@code out} forms allocate nothing per call while the geometry itself stays immutable and shareable.
 *
 * <p>Naming: {@code A} and {@code B} hold the decompositions of the first and second matrix of an operation
 * (e.g. p and q); {@code m1..m3} and {@code tmp} are k x k scratch matrices.
 */
final class SpdWorkspace {

    final int k;
    final SymmetricEigen eigen;
    final ScaledGram gram;
    /** The k = 2 closed forms' whitening by the base point. */
    final EigenbasisWhitening whitening2 = new EigenbasisWhitening();
    /** The whitened pair's spectrum by singular values, for ill-conditioned affine-invariant pairs. */
    final WhitenedSvd svd;
    final double[] valuesA;
    final double[] valuesB;
    final double[] auxA;
    final double[] auxB;
    final double[] vectorsA;
    final double[] vectorsB;
    final double[] m1;
    final double[] m2;
    final double[] m3;
    final double[] tmp;
    /** {@code h^T e_b h} for every basis vector e_b, for the Hessian; allocated on first use (d k^2 doubles). */
    private double[] congruences;
    SpdWorkspace(int k) {
        this.k = k;
        this.eigen = new SymmetricEigen(k);
        this.gram = new ScaledGram(k);
        this.svd = new WhitenedSvd(k);
        this.valuesA = new double[k];
        this.valuesB = new double[k];
        this.auxA = new double[k];
        this.auxB = new double[k];
        this.vectorsA = new double[k * k];
        this.vectorsB = new double[k * k];
        this.m1 = new double[k * k];
        this.m2 = new double[k * k];
        this.m3 = new double[k * k];
        this.tmp = new double[k * k];
    }

    /** The Hessian's scratch of {@code length} doubles, allocated once per thread on first use. */
    double[] congruences(int length) {
        if (congruences == null || congruences.length < length) {
            congruences = new double[length];
        }
        return congruences;
    }
}
