package dev.manifolddp.geometry;

/**
 * The capability of a matrix geometry (SPD(k)) to lend its symmetric eigensolver, for code that must not name the
 * geometry: the exact spectral Laplace sampler needs the eigenvalues of a Gaussian symmetric matrix, the pictures
 * the axes of a tensor. The solver of any size k can be had, not only the geometry's own matrix size (a picture of
 * 3 x 3 tensors also decomposes the 2 x 2 shape matrix of their projection).
 */
public interface SymmetricEigensolvers {

    /**
     * The fastest solver for k x k matrices (for k of 3 and more, Householder tridiagonalisation and the implicit QR
     * iteration: normwise backward stable, eigenvalue errors of order {@code k u |A|}).
     *
     * @throws IllegalArgumentException when k is outside the geometry's supported range
     */
    SymmetricEigensolver eigensolver(int k);

    /**
     * The cyclic Jacobi solver for k x k matrices, slower from k = 3 on, for callers that need what only it gives:
     * the eigenvalues of a positive definite matrix to high relative accuracy (Demmel and Veselic 1992), the tiny
     * ones of an ill-conditioned matrix included; and the eigenvalues in the order of the diagonal they converge
     * on, which seeded outputs drawn with it depend on.
     *
     * @throws IllegalArgumentException when k is outside the geometry's supported range
     */
    SymmetricEigensolver jacobiEigensolver(int k);
}
