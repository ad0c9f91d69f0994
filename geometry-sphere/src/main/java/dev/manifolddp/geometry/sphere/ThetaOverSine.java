package dev.manifolddp.geometry.sphere;

/**
 * {@code theta / sin(theta)} as a polynomial in {@code t = 1 - cos(theta)}, for {@code t} in {@code [0, 1/2]}
 * (angles up to {@code pi/3}): the factor that turns the chord-like vector {@code q - cos(theta) p} into
 * {@code log(p, q)} on the unit sphere, without a trigonometric call.
 *
 * <p>The function {@code acos(1 - t) / sqrt(t (2 - t))} is analytic in t up to its singularity at {@code t = 2}
 * (the antipode), so on {@code [0, 1/2]} a polynomial converges geometrically: the degree-14 Chebyshev interpolant
 * (computed at 60 digits, then written in monomials and rounded to doubles) is within 1.1 ulp of the function at
 * every t of the range when evaluated by Horner's rule in double arithmetic (measured against a 60-digit reference
 * on 20 001 points). The coefficients are all positive up to the last four, which are 1e-4 or smaller, so Horner's
 * rule adds no cancellation. The leading ones are the Taylor coefficients {@code 1, 1/3, 2/15, 2/35, ...}.
 *
 * <p>{@link #RANGE} covers the data of a KNG release on a ball of radius up to {@code pi/6} (every angle between
 * an evaluation point and a record is at most twice the radius); beyond it callers use the exact form.
 */
final class ThetaOverSine {

    /** The largest {@code t = 1 - cos(theta)} the polynomial covers: {@code theta <= pi/3}. */
    static final double RANGE = 0.5;

    private static final double C0 = 1.0;
    private static final double C1 = 0.3333333333333307;
    private static final double C2 = 0.13333333333372238;
    private static final double C3 = 0.05714285712004413;
    private static final double C4 = 0.025396826095510895;
    private static final double C5 = 0.011543998697724114;
    private static final double C6 = 0.0053281589108542336;
    private static final double C7 = 0.0024851493652995054;
    private static final double C8 = 0.001177252107675855;
    private static final double C9 = 0.000524948435414062;
    private static final double C10 = 0.0003490773923383807;
    private static final double C11 = -4.7511156402644795e-05;
    private static final double C12 = 0.0003003772379845992;
    private static final double C13 = -0.00017750329837568318;
    private static final double C14 = 0.00010516768010353911;

    private ThetaOverSine() {
    }

    /** {@code theta / sin(theta)} at {@code t = 1 - cos(theta)}, t in {@code [0, RANGE]} (not checked). */
    static double at(double t) {
        return C0 + t * (C1 + t * (C2 + t * (C3 + t * (C4 + t * (C5 + t * (C6 + t * (C7 + t * (C8 + t * (C9
                + t * (C10 + t * (C11 + t * (C12 + t * (C13 + t * C14)))))))))))));
    }
}
