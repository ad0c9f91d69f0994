package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.SymmetricEigensolver;

/**
 * The ellipse {@code {S^(1/2) u : |u| = 1}} of a symmetric 2 x 2 shape matrix {@code S = [[a, b], [b, c]]}: semi-axes
 * the square roots of its eigenvalues (a tiny negative one, rounding of a flat ellipse, counts as 0), the major one
 * at angle {@code atan2(sin, cos)} in (-pi/2, pi/2] from the first axis. Shared by the tensor pictures (a projected
 * ellipsoid's outline) and the SPD(2) regression panel.
 *
 * @param major the semi-axis along {@code (cos, sin)}
 * @param minor the semi-axis along {@code (-sin, cos)}
 */
public record PlaneEllipse(double major, double minor, double cos, double sin) {

    /** The ellipse of {@code [[a, b], [b, c]]}, decomposed by {@code solver} (size 2). */
    public static PlaneEllipse of(SymmetricEigensolver solver, double a, double b, double c) {
        TensorAxes axes = TensorAxes.of(solver, new double[] {a, b, b, c});
        double[] e = axes.vectors()[0];
        // the eigenvector's sign is arbitrary: take the one with cos >= 0 (the angle in (-pi/2, pi/2]), so that
        // the outline starts where the closed-form angle 0.5 atan2(2b, a - c) started it
        double sign = e[0] < 0 || (e[0] == 0 && e[1] < 0) ? -1 : 1;
        return new PlaneEllipse(Math.sqrt(Math.max(axes.values()[0], 0)), Math.sqrt(Math.max(axes.values()[1], 0)),
                sign * e[0], sign * e[1]);
    }

    /** The first coordinate of the outline point at parameter t, about the origin. */
    public double x(double t) {
        return cos * (major * Math.cos(t)) - sin * (minor * Math.sin(t));
    }

    /** The second coordinate of the outline point at parameter t, about the origin. */
    public double y(double t) {
        return sin * (major * Math.cos(t)) + cos * (minor * Math.sin(t));
    }
}
