package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.SymmetricEigensolver;

/**
 * The principal axes of a symmetric k x k tensor, largest eigenvalue first, from the geometry's eigensolver (the
 * pictures run in the application, which sees geometries only through their interface, so they borrow the solver
 * through the {@link dev.manifolddp.geometry.SymmetricEigensolvers} capability).
 *
 * @param values  the eigenvalues, largest first
 * @param vectors the unit eigenvectors as rows, {@code vectors[i]} for {@code values[i]}
 */
record TensorAxes(double[] values, double[][] vectors) {

    /** The axes of {@code m} (row-major, k*k numbers, k = {@code solver.size()}); the symmetric part is used. */
    static TensorAxes of(SymmetricEigensolver solver, double[] m) {
        int k = solver.size();
        double[] unsorted = new double[k];
        double[] columns = new double[k * k];
        solver.decompose(m, unsorted, columns, "the tensor");
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(unsorted[y], unsorted[x]));
        double[] values = new double[k];
        double[][] vectors = new double[k][k];
        for (int i = 0; i < k; i++) {
            values[i] = unsorted[order[i]];
            for (int r = 0; r < k; r++) {
                vectors[i][r] = columns[r * k + order[i]];
            }
        }
        return new TensorAxes(values, vectors);
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
}
