package dev.manifolddp.sampling.exact;

import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.noise.LatticeLaplace;
import dev.manifolddp.sampling.noise.NoiseGrid;
import dev.manifolddp.sampling.random.GammaSource;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Euclidean K-norm mechanism with the l2 norm on R^D: {@code f(y) ∝ exp(-|y - center|_2 / sigma)}.
 *
 * <p><b>Two forms.</b>
 * <ul>
 *   <li>{@link #sampleOnGrid} (for releases): the same l2 law on the power-of-two lattice {@code g Z^D}
 *   ({@link NoiseGrid}): {@code y = g (rint(center / g) + Z)}, {@code Z ~ exp(-|z|_2 / s)} on {@code Z^D} drawn
 *   exactly ({@link LatticeLaplace}), {@code s = ceil(sigma / g) >= sigma / g}. The centre enters only through its
 *   integer grid index, so the output's bits carry nothing else (Mironov 2012's attack has no foothold). For centres
 *   with {@code |c - c'|_2 <= Delta} the grid indices differ by at most {@code Delta / g + sqrt(D)} in l2, so the
 *   privacy loss is at most {@code Delta / sigma + sqrt(D) / s <= Delta / sigma + }{@link #gridEpsilonLoss}{@code (D)}
 *   (docs/floating-point-noise.md); a mechanism either calibrates with that extra term or passes an explicit
 *   {@code (granularity, scale)}. Needs {@code D <= }{@value LatticeLaplace#MAX_DIMENSION}.</li>
 *   <li>{@link #sample} (continuous, for proposals and envelopes whose law must have a density, e.g. the exact KNG
 *   envelope): in polar coordinates the density factors into a uniform direction and a radius with density
 *   {@code ∝ t^(D-1) exp(-t / sigma)}, so {@code y = center + sigma R u}, {@code R ~ Gamma(D, 1)}, u a normalised
 *   standard normal vector (Soto et al. 2022, supplement §2.2; Reimherr et al. 2021, supplement §1.4). Computed in
 *   doubles: not protected against floating-point attacks, so not for releases.</li>
 * </ul>
 *
 * <p>Allocation-free per call after the first call with a given provider and dimension. Not thread-safe.
 */
public final class EuclideanLaplace {

    private final NormalSource normals = new NormalSource();
    private final GammaSource gammas = new GammaSource();
    private LatticeLaplace lattice;
    private long[] latticeDraw;

    /**
     * The extra privacy loss of {@link #sampleOnGrid(double[], double, UniformRandomProvider, double[])} over the
     * continuous mechanism at the same sigma: {@code sqrt(D) / s <= sqrt(D) 2^-BITS} since {@code s >= 2^BITS}.
     */
    public static double gridEpsilonLoss(int dimension) {
        return Math.sqrt(dimension) * Math.scalb(1.0, -NoiseGrid.BITS);
    }

    /**
     * Writes {@code center + sigma R u} into {@code out}; D is {@code center.length}. {@code out} must not alias
     * {@code center}. Continuous and computed in doubles: see the class comment before using it for a release.
     */
    public void sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        check(center, rng, out);
        Arguments.requirePositiveFinite("sigma", sigma);
        sampleUnchecked(center, sigma, rng, out);
    }

    /** {@link #sample} without argument checks, for callers that validated already. */
    void sampleUnchecked(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        int dimension = center.length;
        double radius = sigma * gammas.next(rng, dimension);
        normals.unitVector(rng, out, dimension);
        for (int i = 0; i < dimension; i++) {
            out[i] = center[i] + radius * out[i];
        }
    }

    /**
     * The grid form at scale at least sigma: granularity {@code g = NoiseGrid.granularity(sigma)}, scale
     * {@code s = ceil(sigma / g)}. Returns g. {@code out} may alias {@code center}.
     */
    public double sampleOnGrid(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requirePositiveFinite("sigma", sigma);
        double granularity = NoiseGrid.granularity(sigma);
        sampleOnGrid(center, granularity, (long) Math.ceil(sigma / granularity), rng, out);
        return granularity;
    }

    /**
     * {@code out = g (rint(center / g) + Z)}, {@code Z ~ exp(-|z|_2 / scale)} on {@code Z^D}: the l2 Laplace of scale
     * {@code scale * g} on the lattice {@code g Z^D}. {@code granularity} must be a power of two;
     * {@code 1 <= scale <= 2^24}. {@code out} may alias {@code center}.
     */
    public void sampleOnGrid(double[] center, double granularity, long scale, UniformRandomProvider rng,
            double[] out) {
        check(center, rng, out);
        Arguments.requirePositiveFinite("granularity", granularity);
        if (Math.scalb(1.0, Math.getExponent(granularity)) != granularity) {
            throw new IllegalArgumentException("granularity must be a power of two. Provided value: " + granularity);
        }
        int dimension = center.length;
        if (lattice == null || lattice.dimension() != dimension) {
            lattice = new LatticeLaplace(dimension);
            latticeDraw = new long[dimension];
        }
        lattice.sample(rng, scale, latticeDraw);
        for (int i = 0; i < dimension; i++) {
            out[i] = NoiseGrid.value(NoiseGrid.index(center[i], granularity) + latticeDraw[i], granularity);
        }
    }

    private static void check(double[] center, UniformRandomProvider rng, double[] out) {
        Arguments.requireNonNull("center", center);
        Arguments.requireFiniteVector("center", center, center.length);
        Arguments.requireAtLeast("center.length", center.length, 1);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, center.length);
    }
}
