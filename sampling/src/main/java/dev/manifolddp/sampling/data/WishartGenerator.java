package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Arguments;
import dev.manifolddp.sampling.random.GammaSource;
import dev.manifolddp.sampling.random.NormalSource;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Wishart(V, df) matrices kept only inside the geodesic ball {@code rho(X, I) < r} of an SPD geometry: the data of
 * Soto et al. 2022, Fig. 1 right (Soto et al. 2022, suppl. §2.3.1 with df = k, Reimherr et al. 2021, suppl. §1.2.1 with df = 2; V = I/k, r = 1.5). {@code E[X] = df V} before the
 * rejection.
 *
 * <p>Bartlett decomposition: with {@code V = L L^T} (Cholesky) and A lower triangular with
 * {@code A_ii = sqrt(chi^2_(df - i))} (i zero-based) and independent standard normals below the diagonal,
 * {@code X = L A A^T L^T ~ Wishart(V, df)}; it needs {@code df > k - 1}. Matrices are k x k row-major arrays; the
 * geometry (any metric on that layout, e.g. {@code spd/affine-invariant:k=2}) only measures the distance to I.
 *
 * <p>When {@value #MAX_CONSECUTIVE_REJECTIONS} draws in a row fall outside the ball, generation fails with the
 * observed acceptance rather than run on: the ball is too small for these Wishart parameters.
 */
public final class WishartGenerator implements DataGenerator {

    /** Consecutive rejections after which the ball is declared hopeless. */
    public static final int MAX_CONSECUTIVE_REJECTIONS = 1_000_000;

    private final Geometry geometry;
    private final int k;
    private final double[] scale;
    private final double[] scaleFactor;
    private final double df;
    private final double radius;
    private final double[] identity;

    /**
     * @param geometry an SPD geometry whose points are k x k row-major matrices
     * @param scale    V, a k x k symmetric positive definite row-major matrix
     * @param df       degrees of freedom, {@code > k - 1}
     * @param radius   the ball radius r around I, {@code > 0}
     */
    public WishartGenerator(Geometry geometry, double[] scale, double df, double radius) {
        this.geometry = Arguments.requireNonNull("geometry", geometry);
        int length = geometry.layout().length();
        this.k = (int) Math.round(Math.sqrt(length));
        if (k * k != length) {
            throw new IllegalArgumentException(String.format(
                    "the geometry must store k x k matrices; %s stores points of length %d, not a square. "
                            + "Provided value: %s", geometry.spec(), length, geometry.spec()));
        }
        this.identity = SmallMatrices.identity(k);
        Arguments.requirePoint(geometry, "the identity matrix (ball center)", identity);
        Arguments.requireFiniteVector("scale", scale, length);
        this.scale = scale.clone();
        this.scaleFactor = SmallMatrices.cholesky(this.scale, k, "scale");
        if (!(df > k - 1) || Double.isInfinite(df)) {
            throw new IllegalArgumentException(String.format(
                    "df must be finite and > k - 1 = %d for a nonsingular Wishart matrix. Provided value: %s",
                    k - 1, df));
        }
        this.df = df;
        this.radius = Arguments.requirePositiveFinite("radius", radius);
    }

    /** The settings of Soto et al. 2022, Fig. 1 right: V = I/k, the given df (k in Soto et al. 2022, suppl., 2 in Reimherr et al. 2021, suppl.), r = 1.5. */
    public static WishartGenerator paperSetting(Geometry geometry, double df) {
        int length = Arguments.requireNonNull("geometry", geometry).layout().length();
        int k = (int) Math.round(Math.sqrt(length));
        double[] v = SmallMatrices.identity(k);
        for (int i = 0; i < v.length; i++) {
            v[i] /= k;
        }
        return new WishartGenerator(geometry, v, df, 1.5);
    }

    @Override
    public GeneratedData generate(int n, UniformRandomProvider rng) {
        Arguments.requireAtLeast("n", n, 1);
        Arguments.requireNonNull("rng", rng);
        double[][] points = new double[n][];
        double[] draw = new double[k * k];
        double[] a = new double[k * k];
        double[] la = new double[k * k];
        NormalSource normals = new NormalSource();
        GammaSource gammas = new GammaSource();
        long tries = 0;
        int rejectedInRow = 0;
        int accepted = 0;
        while (accepted < n) {
            sample(rng, normals, gammas, a, la, draw);
            tries++;
            if (geometry.distance(identity, draw) < radius) {
                points[accepted++] = draw.clone();
                rejectedInRow = 0;
            } else if (++rejectedInRow >= MAX_CONSECUTIVE_REJECTIONS) {
                throw new IllegalStateException(String.format(
                        "Wishart(V, df = %s) draws fell outside the ball rho(X, I) < %s on %s %d times in a row "
                                + "(%d accepted in %d tries); enlarge the radius or change V and df",
                        df, radius, geometry.spec(), rejectedInRow, accepted, tries));
            }
        }
        return new GeneratedData(points, identity.clone(), radius, String.format(
                "Wishart(V = %s, df = %s) %dx%d matrices with rejection to rho(X, I) < %s on %s (acceptance %.3f)",
                Arrays.toString(scale), df, k, k, radius, geometry.spec(), n / (double) tries));
    }

    /** One Wishart draw by the Bartlett decomposition. */
    private void sample(UniformRandomProvider rng, NormalSource normals, GammaSource gammas, double[] a,
            double[] la, double[] out) {
        Arrays.fill(a, 0);
        for (int i = 0; i < k; i++) {
            // chi^2 with nu degrees of freedom is Gamma(nu / 2, scale 2)
            a[i * k + i] = Math.sqrt(2 * gammas.next(rng, (df - i) / 2));
            for (int j = 0; j < i; j++) {
                a[i * k + j] = normals.next(rng);
            }
        }
        SmallMatrices.multiply(scaleFactor, a, k, la);
        SmallMatrices.gram(la, k, out);
    }
}
