package dev.manifolddp.plugins.hyperbolic;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.GeometryChecks;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact Riemannian Laplace {@code ∝ exp(-rho(x, eta)/sigma)} on H^d, in geodesic polar coordinates about eta
 * ({@code docs/exact-sampling.md}): the direction is uniform and independent of the radius, whose density is
 * {@code ∝ exp(-t/sigma) sinh^(d-1) t} on {@code [0, infinity)}. That is a law only for {@code sigma < 1/(d-1)}
 * (the volume grows like {@code e^((d-1) t)}); beyond it {@link #sample} refuses.
 *
 * <p><b>Radius.</b> Since {@code sinh t <= t e^t}, the density is at most {@code t^(d-1) exp(-lambda t)} with
 * {@code lambda = 1/sigma - (d-1) > 0}: a Gamma(d, rate lambda) proposal, drawn as a sum of d exponentials, accepted
 * with probability {@code (sinh t / (t e^t))^(d-1) = ((1 - e^(-2t)) / (2t))^(d-1) <= 1}. The acceptance rate is the
 * ratio of the normalising constants, {@code int exp(-t/sigma) sinh^(d-1) t dt / (Gamma(d) lambda^-d)}, which tends
 * to 1 as sigma goes to 0 and to 0 at the limit (where both the law and the sampler cease to exist).
 *
 * <p><b>Direction.</b> d standard normals z (Box-Muller) map to the tangent vector {@code sum_i z_i e_i} of the
 * basis {@link HyperbolicSpace#basis}, written out in closed form, {@code (s, z + s/(1 + p0) x_p)} with
 * {@code s = <z, x_p>}; its norm is |z|. The draw is {@code cosh t p + sinh t w/|w|}, computed in {@code out}.
 *
 * <p>It keeps no state, so one instance (the geometry's capability) serves every thread, and a draw allocates
 * nothing. Only the random source's interface ({@code commons-rng-client-api}) is needed.
 */
final class HyperbolicLaplaceSampler implements ExactLaplaceSampler {

    /** Proposals tried before giving up on one draw (unreachable below the limit: the rate is positive). */
    private static final long MAX_PROPOSALS = 100_000_000L;

    private final HyperbolicSpace space;
    private final int d;

    HyperbolicLaplaceSampler(HyperbolicSpace space) {
        this.space = space;
        this.d = space.dimension();
    }

    /** The largest scale (exclusive) at which the Laplace exists, {@code 1/(d-1)}; infinite for d = 1. */
    double scaleLimit() {
        return d == 1 ? Double.POSITIVE_INFINITY : 1.0 / (d - 1);
    }

    @Override
    public long sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        GeometryChecks.requirePoint(space, "center", center);
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("sigma must be finite and > 0. Provided value: " + sigma);
        }
        if (!(sigma < scaleLimit())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "sigma must be below 1/(d-1) = %.6g on %s: "
                    + "beyond it exp(-rho/sigma) is not integrable (the volume grows like e^((d-1) t)) and no Laplace "
                    + "law exists; lower sigma (raise epsilon or n). Provided value: %s", scaleLimit(), space.spec(),
                    sigma));
        }
        if (rng == null) {
            throw new IllegalArgumentException("rng is null; pass a UniformRandomProvider. Provided value: null");
        }
        GeometryChecks.requireLength(space, "out", out);
        if (out == center) {
            throw new IllegalArgumentException("out must not alias center; pass a separate array");
        }
        double rate = 1 / sigma - (d - 1);
        for (long n = 1; n <= MAX_PROPOSALS; n++) {
            double t = 0;
            for (int i = 0; i < d; i++) {
                t -= Math.log1p(-rng.nextDouble());
            }
            t /= rate;
            if (rng.nextDouble() < acceptance(t)) {
                direction(center, t, rng, out);
                return n;
            }
        }
        throw new IllegalStateException(String.format(Locale.ROOT, "the hyperbolic Laplace sampler rejected %d "
                + "radii in a row at sigma = %s on %s", MAX_PROPOSALS, sigma, space.spec()));
    }

    /** {@code ((1 - e^(-2t)) / (2t))^(d-1)}: {@code (sinh t / (t e^t))^(d-1)}, without overflow. */
    double acceptance(double t) {
        if (d == 1 || t == 0) {
            return 1;
        }
        return Math.pow(-Math.expm1(-2 * t) / (2 * t), d - 1);
    }

    /** Writes {@code exp(center, t u)} with u uniform on the unit sphere of T_center. */
    private void direction(double[] p, double t, UniformRandomProvider rng, double[] out) {
        double zz;
        double s;
        do {
            zz = 0;
            s = 0;
            for (int i = 1; i <= d; i++) {
                double z = normal(rng);
                out[i] = z;
                zz += z * z;
                s += z * p[i];
            }
        } while (zz == 0);
        double shift = s / (1 + p[0]);
        double cosh = Math.cosh(t);
        double scale = Math.sinh(t) / Math.sqrt(zz);
        double space = 0;
        for (int i = 1; i <= d; i++) {
            double w = out[i] + shift * p[i];
            double x = cosh * p[i] + scale * w;
            out[i] = x;
            space += x * x;
        }
        out[0] = Math.sqrt(1 + space);
    }

    /** A standard normal by Box-Muller (one of the pair; the sampler keeps no state). */
    private static double normal(UniformRandomProvider rng) {
        double radius = Math.sqrt(-2 * Math.log1p(-rng.nextDouble()));
        return radius * Math.cos(2 * Math.PI * rng.nextDouble());
    }
}
