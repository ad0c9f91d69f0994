package dev.manifolddp.sampling.exact;

import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.random.GammaSource;
import dev.manifolddp.sampling.random.NormalSource;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Euclidean K-norm mechanism with the l2 norm on R^D: {@code f(y) ∝ exp(-|y - center|_2 / sigma)}.
 *
 * <p>In polar coordinates the density factors into a uniform direction and a radius with density
 * {@code ∝ t^(D-1) exp(-t / sigma)}, i.e. Gamma(shape D, scale sigma). So {@code y = center + sigma R u} with
 * {@code R ~ Gamma(D, 1)} and u a normalised standard normal vector (000 §2.2, 002 §1.4, MATH §3.4).
 *
 * <p>Allocation-free per call after the first call with a given provider and dimension. Not thread-safe.
 */
public final class EuclideanLaplace {

    private final NormalSource normals = new NormalSource();
    private final GammaSource gammas = new GammaSource();

    /**
     * Writes {@code center + sigma R u} into {@code out}; D is {@code center.length}. {@code out} must not alias
     * {@code center}.
     */
    public void sample(double[] center, double sigma, UniformRandomProvider rng, double[] out) {
        Arguments.requireNonNull("center", center);
        Arguments.requireFiniteVector("center", center, center.length);
        Arguments.requireAtLeast("center.length", center.length, 1);
        Arguments.requirePositiveFinite("sigma", sigma);
        Arguments.requireNonNull("rng", rng);
        Arguments.requireOutput("out", out, center.length);
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
}
