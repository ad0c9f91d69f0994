package dev.manifolddp.geometry.kendall;

/**
 * Complex arithmetic on landmark arrays stored interleaved {@code x1, y1, ..., xk, yk}: landmark j is the complex
 * number {@code z_j = x_j + i y_j}, and the Hermitian product is {@code z* w = sum_j conj(z_j) w_j} (Soto et al. 2022,
 * §4.3). Its real part is the ambient dot product (the Kendall metric); its imaginary part is the dot product with
 * {@code i z}, the direction in which a rotation moves z. Nothing here allocates.
 */
final class ComplexLandmarks {

    private ComplexLandmarks() {
    }

    /** {@code Re(z* w) = sum_j x_j u_j + y_j v_j}, the ambient dot product of two arrays of equal length. */
    static double dot(double[] z, double[] w) {
        double sum = 0;
        for (int i = 0; i < z.length; i++) {
            sum += z[i] * w[i];
        }
        return sum;
    }

    /** {@code Im(z* w) = sum_j x_j v_j - y_j u_j} for {@code z_j = x_j + i y_j}, {@code w_j = u_j + i v_j}. */
    static double imaginaryProduct(double[] z, double[] w) {
        double sum = 0;
        for (int i = 0; i < z.length; i += 2) {
            sum += z[i] * w[i + 1] - z[i + 1] * w[i];
        }
        return sum;
    }

    /**
     * The Euclidean (Frobenius) norm. Sums squares directly and only rescales when that overflows or underflows,
     * so the common case costs one pass.
     */
    static double norm(double[] a) {
        double sum = 0;
        for (double value : a) {
            sum += value * value;
        }
        if (sum > Double.MIN_NORMAL && sum < Double.POSITIVE_INFINITY) {
            return Math.sqrt(sum);
        }
        double largest = 0;
        for (double value : a) {
            largest = Math.max(largest, Math.abs(value));
        }
        if (largest == 0 || !Double.isFinite(largest)) {
            return largest; // zero, or the infinity / NaN that the input holds
        }
        double scaled = 0;
        for (double value : a) {
            double ratio = value / largest;
            scaled += ratio * ratio;
        }
        return largest * Math.sqrt(scaled);
    }

    /** The mean of the x coordinates (the real part of the centroid). */
    static double meanX(double[] a) {
        double sum = 0;
        for (int i = 0; i < a.length; i += 2) {
            sum += a[i];
        }
        return sum / (a.length / 2);
    }

    /** The mean of the y coordinates (the imaginary part of the centroid). */
    static double meanY(double[] a) {
        double sum = 0;
        for (int i = 1; i < a.length; i += 2) {
            sum += a[i];
        }
        return sum / (a.length / 2);
    }

    /**
     * {@code out_j = e^(i phi) a_j} for {@code (cos phi, sin phi) = (c, s)}: rotates every landmark
     * counter-clockwise about the origin. {@code out} may alias {@code a} (each landmark is read before it is
     * written).
     */
    static void rotate(double[] a, double c, double s, double[] out) {
        for (int i = 0; i < a.length; i += 2) {
            double x = a[i];
            double y = a[i + 1];
            out[i] = c * x - s * y;
            out[i + 1] = s * x + c * y;
        }
    }
}
