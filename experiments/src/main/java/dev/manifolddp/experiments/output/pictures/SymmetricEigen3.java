package dev.manifolddp.experiments.output.pictures;

/**
 * The eigen-decomposition of a symmetric 3 x 3 matrix by cyclic Jacobi rotations (Golub and Van Loan 2013, §8.5),
 * which is accurate to the last digits for the tiny and widely spread eigenvalues of diffusion tensors. The pictures
 * run in the application, which sees geometries only through their interface, so they carry their own solver.
 *
 * @param values  the eigenvalues, largest first
 * @param vectors the unit eigenvectors as rows, {@code vectors[i]} for {@code values[i]}
 */
record SymmetricEigen3(double[] values, double[][] vectors) {

    private static final int SWEEPS = 50;

    /** The decomposition of {@code m}, stored row-major (9 numbers); the symmetric part is used. */
    static SymmetricEigen3 of(double[] m) {
        double[][] a = new double[3][3];
        double[][] v = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[i][j] = 0.5 * (m[3 * i + j] + m[3 * j + i]);
            }
        }
        for (int sweep = 0; sweep < SWEEPS && offDiagonal(a) > 0; sweep++) {
            for (int p = 0; p < 2; p++) {
                for (int q = p + 1; q < 3; q++) {
                    rotate(a, v, p, q);
                }
            }
        }
        Integer[] order = {0, 1, 2};
        java.util.Arrays.sort(order, (x, y) -> Double.compare(a[y][y], a[x][x]));
        double[] values = new double[3];
        double[][] vectors = new double[3][3];
        for (int i = 0; i < 3; i++) {
            values[i] = a[order[i]][order[i]];
            for (int r = 0; r < 3; r++) {
                vectors[i][r] = v[r][order[i]];
            }
        }
        return new SymmetricEigen3(values, vectors);
    }

    /** Fractional anisotropy sqrt(3/2) |lambda - mean| / |lambda| (Basser and Pierpaoli 1996), in [0, 1]. */
    double fractionalAnisotropy() {
        double mean = (values[0] + values[1] + values[2]) / 3;
        double spread = 0;
        double size = 0;
        for (double value : values) {
            spread += (value - mean) * (value - mean);
            size += value * value;
        }
        return size == 0 ? 0 : Math.min(1, Math.sqrt(1.5 * spread / size));
    }

    private static double offDiagonal(double[][] a) {
        return Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    }

    /** One Jacobi rotation that zeroes a[p][q] (the stable tangent of Golub and Van Loan, Alg. 8.5.1). */
    private static void rotate(double[][] a, double[][] v, int p, int q) {
        if (a[p][q] == 0) {
            return;
        }
        double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0) {
            t = 1;
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        for (int k = 0; k < 3; k++) {
            double akp = a[k][p];
            double akq = a[k][q];
            a[k][p] = c * akp - s * akq;
            a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; k++) {
            double apk = a[p][k];
            double aqk = a[q][k];
            a[p][k] = c * apk - s * aqk;
            a[q][k] = s * apk + c * aqk;
        }
        a[p][q] = 0;
        a[q][p] = 0;
        for (int k = 0; k < 3; k++) {
            double vkp = v[k][p];
            double vkq = v[k][q];
            v[k][p] = c * vkp - s * vkq;
            v[k][q] = s * vkp + c * vkq;
        }
    }
}
