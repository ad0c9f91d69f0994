package dev.manifolddp.sampling;

import java.util.function.DoubleUnaryOperator;

/**
 * The CDF of an unnormalised density on a bounded interval [0, upper], by the cumulative trapezoid rule on a fine
 * grid (relative error far below what a KS test of a few thousand draws can see), with linear interpolation.
 */
public final class NumericalCdf implements DoubleUnaryOperator {

    private final double upper;
    private final double[] cumulative;

    public NumericalCdf(DoubleUnaryOperator density, double upper, int intervals) {
        this.upper = upper;
        this.cumulative = new double[intervals + 1];
        double h = upper / intervals;
        double previous = density.applyAsDouble(0);
        for (int i = 1; i <= intervals; i++) {
            double value = density.applyAsDouble(i * h);
            cumulative[i] = cumulative[i - 1] + 0.5 * h * (previous + value);
            previous = value;
        }
        double total = cumulative[intervals];
        for (int i = 0; i <= intervals; i++) {
            cumulative[i] /= total;
        }
    }

    @Override
    public double applyAsDouble(double x) {
        if (x <= 0) {
            return 0;
        }
        if (x >= upper) {
            return 1;
        }
        double position = x / upper * (cumulative.length - 1);
        int i = (int) position;
        double fraction = position - i;
        return cumulative[i] + fraction * (cumulative[i + 1] - cumulative[i]);
    }

    /** The radial law {@code exp(-theta/sigma) sin^(d-1)(theta / radius)} of the Laplace on S^d of this radius. */
    public static NumericalCdf sphereRadius(int d, double radius, double sigma) {
        return new NumericalCdf(t -> Math.exp(-t / sigma) * Math.pow(Math.sin(t / radius), d - 1), Math.PI * radius,
                200_000);
    }

    /** The radial law {@code exp(-theta/sigma) sin^(2m-1)(theta) cos(theta)} of the Laplace on CP^m (Kendall). */
    public static NumericalCdf kendallRadius(int landmarks, double sigma) {
        int m = landmarks - 2;
        return new NumericalCdf(t -> Math.exp(-t / sigma) * Math.pow(Math.sin(t), 2 * m - 1) * Math.cos(t),
                Math.PI / 2, 200_000);
    }
}
