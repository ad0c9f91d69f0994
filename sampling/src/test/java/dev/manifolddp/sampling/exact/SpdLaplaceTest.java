package dev.manifolddp.sampling.exact;

import static dev.manifolddp.sampling.StatisticalAssertions.assertFollows;
import static dev.manifolddp.sampling.StatisticalAssertions.assertSameLaw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.spd.SymmetricEigen;
import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.sampling.Allocation;
import dev.manifolddp.sampling.NumericalCdf;
import dev.manifolddp.sampling.StatisticalAssertions;
import dev.manifolddp.sampling.mcmc.LaplaceLogDensity;
import dev.manifolddp.sampling.mcmc.McmcResult;
import dev.manifolddp.sampling.mcmc.MetropolisHastings;
import dev.manifolddp.sampling.mcmc.TangentGaussianProposal;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exact Riemannian Laplace on affine-invariant SPD(k) ({@link SpectralLaplaceSampler}) against its law
 * {@code ∝ exp(-|r|/sigma) prod_(i<j) sinh(|r_i - r_j|/2)} (Hajri et al. 2016). Every test is seeded and runs at
 * alpha = 1e-3 ({@link StatisticalAssertions#ALPHA}): with a random seed each would fail with probability 1e-3 when the
 * sampler is right (about 1e-2 for the whole class).
 */
class SpdLaplaceTest {

    static final double[] CENTER2 = {2.0, 0.5, 0.5, 1.0};
    static final double[] CENTER3 = {1.5, 0.2, 0.1, 0.2, 1.0, -0.3, 0.1, -0.3, 2.0};

    static double limit(int k) {
        return 1 / SpectrumSampler.growthRate(k);
    }

    /** The exact CDF of rho(x, center) = |r| for k = 2: density t e^(-t/sigma) int_0^(pi/2) sinh(t cos(psi)/sqrt 2). */
    static NumericalCdf radiusCdf2(double sigma, double upper) {
        return new NumericalCdf(t -> t * Math.exp(-t / sigma) * angular2(t), upper, 20_000);
    }

    private static double angular2(double t) {
        int m = 64;
        double h = 0.5 * Math.PI / m;
        double sum = 0;
        for (int i = 0; i <= m; i++) {
            double w = i == 0 || i == m ? 1 : (i % 2 == 1 ? 4 : 2);
            sum += w * Math.sinh(t * Math.cos(i * h) / Math.sqrt(2));
        }
        return sum * h / 3;
    }

    /**
     * The exact CDF of |r| for k = 3. Writing the unit direction as {@code c 1/sqrt 3 + sqrt(1 - c^2) u(psi)} with
     * c uniform on [-1, 1] (Archimedes) and u a unit vector of the plane orthogonal to 1, the spacings see only
     * {@code s = t sqrt(1 - c^2)}: density {@code t^2 e^(-t/sigma) int_(-1)^1 g(t sqrt(1 - c^2)) dc} with
     * {@code g(s) = int_0^(2 pi) prod sinh(s |u_i - u_j| / 2) d psi}.
     */
    static NumericalCdf radiusCdf3(double sigma, double upper) {
        double[] e1 = {1 / Math.sqrt(2), -1 / Math.sqrt(2), 0};
        double[] e2 = {1 / Math.sqrt(6), 1 / Math.sqrt(6), -2 / Math.sqrt(6)};
        int angles = 256;
        DoubleUnaryOperator g = s -> {
            double sum = 0;
            for (int a = 0; a < angles; a++) {
                double psi = 2 * Math.PI * (a + 0.5) / angles;
                double[] u = new double[3];
                for (int i = 0; i < 3; i++) {
                    u[i] = Math.cos(psi) * e1[i] + Math.sin(psi) * e2[i];
                }
                double prod = 1;
                for (int i = 0; i < 3; i++) {
                    for (int j = i + 1; j < 3; j++) {
                        prod *= Math.sinh(s * Math.abs(u[i] - u[j]) / 2);
                    }
                }
                sum += prod;
            }
            return sum / angles;
        };
        // g tabulated on [0, upper] and interpolated linearly: the table's error is far below what KS can see
        int table = 4000;
        double[] gTable = new double[table + 1];
        for (int i = 0; i <= table; i++) {
            gTable[i] = g.applyAsDouble(upper * i / table);
        }
        int cells = 200;
        return new NumericalCdf(t -> {
            double sum = 0;
            for (int c = 0; c < cells; c++) {
                double x = -1 + 2 * (c + 0.5) / cells;
                double position = t * Math.sqrt(1 - x * x) / upper * table;
                int i = Math.min((int) position, table - 1);
                double f = position - i;
                sum += gTable[i] + f * (gTable[i + 1] - gTable[i]);
            }
            return t * t * Math.exp(-t / sigma) * sum / cells;
        }, upper, 4_000);
    }

    private static double[] radii(Geometry spd, double[] center, double sigma, int draws, ExactLaplaceSampler sampler,
            UniformRandomProvider rng) {
        double[] out = new double[center.length];
        double[] radii = new double[draws];
        for (int i = 0; i < draws; i++) {
            sampler.sample(center, sigma, rng, out);
            radii[i] = spd.distance(center, out);
        }
        return radii;
    }

    @Test
    void findReturnsTheSpectralSamplerOnAffineInvariantSpd() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=3");
        assertThat(ExactLaplaceSamplers.find(spd)).get().isInstanceOf(SpectralLaplaceSampler.class);
    }

    @Test
    void refusesScalesAtOrBeyondTheLimit() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        SpectralLaplaceSampler sampler = new SpectralLaplaceSampler(spd);
        assertThat(sampler.scaleLimit()).isCloseTo(Math.sqrt(2), org.assertj.core.data.Offset.offset(1e-15));
        UniformRandomProvider rng = RandomStreams.seeded(1L).stream(0, 0);
        assertThatThrownBy(() -> sampler.sample(CENTER2, 1.5, rng, new double[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Provided value: 1.5");
    }

    /** KS of rho(x, center) against the exact radial CDF, each envelope forced and the automatic choice. */
    @ParameterizedTest(name = "k = 2, sigma = {0} x limit, envelope {1}")
    @CsvSource({"0.05, VANDERMONDE", "0.5, VANDERMONDE", "0.5, BOOST", "0.9, BOOST", "0.2, AUTO", "0.5, AUTO"})
    void radiusFollowsTheExactLawK2(double fraction, String envelope) {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double sigma = fraction * limit(2);
        double[] radii = drawRadii(spd, CENTER2, sigma, envelope, 3000, 11L);
        double upper = 60 / (1 / sigma - 1 / limit(2));
        assertFollows("rho(x, xbar) on SPD(2), sigma = " + sigma, radii, radiusCdf2(sigma, upper));
    }

    @ParameterizedTest(name = "k = 3, sigma = {0} x limit, envelope {1}")
    @CsvSource({"0.1, VANDERMONDE", "0.6, BOOST", "0.4, AUTO"})
    void radiusFollowsTheExactLawK3(double fraction, String envelope) {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=3");
        double sigma = fraction * limit(3);
        double[] radii = drawRadii(spd, CENTER3, sigma, envelope, 2000, 12L);
        double upper = 50 / (1 / sigma - 1 / limit(3));
        assertFollows("rho(x, xbar) on SPD(3), sigma = " + sigma, radii, radiusCdf3(sigma, upper));
    }

    static double[] drawRadii(Geometry spd, double[] center, double sigma, String envelope, int draws,
            long seed) {
        UniformRandomProvider rng = RandomStreams.seeded(seed).stream(0, 0);
        if (envelope.equals("AUTO")) {
            return radii(spd, center, sigma, draws, new SpectralLaplaceSampler(spd), rng);
        }
        int k = (int) Math.round(Math.sqrt(center.length));
        SpectrumSampler spectrum = new SpectrumSampler(SymmetricEigen.jacobi(k), SpectrumSampler.Envelope.valueOf(envelope));
        double[] r = new double[k];
        double[] radii = new double[draws];
        for (int i = 0; i < draws; i++) {
            spectrum.sample(sigma, Double.POSITIVE_INFINITY, rng, r);
            double norm = 0;
            for (double v : r) {
                norm += v * v;
            }
            radii[i] = Math.sqrt(norm);
        }
        return radii;
    }

    /**
     * Chi-square on the eigenvalue spacing {@code delta = |r_1 - r_2|} for k = 2: with {@code v = delta/sqrt 2} and
     * the orthogonal coordinate u integrated out ({@code int exp(-sqrt(u^2 + v^2)/sigma) du = 2 v K_1(v/sigma)}),
     * v has density {@code ∝ v K_1(v/sigma) sinh(v/sqrt 2)}; 20 equiprobable bins under that law, alpha = 1e-3.
     */
    @Test
    void eigenvalueSpacingFollowsTheExactLawK2() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double sigma = 0.3 * limit(2);
        // the density of v by direct quadrature in u (no Bessel function needed)
        DoubleUnaryOperator density = v -> {
            int m = 4000;
            double top = 60 * sigma;
            double h = top / m;
            double sum = 0;
            for (int i = 0; i <= m; i++) {
                double w = i == 0 || i == m ? 1 : (i % 2 == 1 ? 4 : 2);
                double u = i * h;
                sum += w * Math.exp(-Math.sqrt(u * u + v * v) / sigma);
            }
            return sum * h / 3 * Math.sinh(v / Math.sqrt(2));
        };
        NumericalCdf cdf = new NumericalCdf(density, 60 * sigma / (1 - sigma / Math.sqrt(2) / sigma * 0.5), 4000);
        double[] edges = new double[19];
        for (int b = 0; b < 19; b++) {
            edges[b] = quantile(cdf, (b + 1) / 20.0, 100 * sigma);
        }
        SpectralLaplaceSampler sampler = new SpectralLaplaceSampler(spd);
        UniformRandomProvider rng = RandomStreams.seeded(13L).stream(0, 0);
        long[] counts = new long[20];
        double[] out = new double[4];
        int draws = 6000;
        double[] eig = new double[2];
        for (int i = 0; i < draws; i++) {
            sampler.sample(CENTER2, sigma, rng, out);
            whitenedLogEigenvalues2(CENTER2, out, eig);
            double v = Math.abs(eig[0] - eig[1]) / Math.sqrt(2);
            int bin = Arrays.binarySearch(edges, v);
            counts[bin >= 0 ? bin : -bin - 1]++;
        }
        double[] expected = new double[20];
        Arrays.fill(expected, 1.0);
        double p = ChiSquareTest.withDefaults().test(expected, counts).getPValue();
        assertThat(p).as("chi-square p-value of the eigenvalue spacing").isGreaterThanOrEqualTo(
                StatisticalAssertions.ALPHA);
    }

    private static double quantile(NumericalCdf cdf, double q, double upper) {
        double lo = 0;
        double hi = upper;
        for (int i = 0; i < 80; i++) {
            double mid = 0.5 * (lo + hi);
            if (cdf.applyAsDouble(mid) < q) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /** The log-eigenvalues of {@code p^-1 x} (the same as those of {@code p^-1/2 x p^-1/2}) for 2 x 2 matrices. */
    static void whitenedLogEigenvalues2(double[] p, double[] x, double[] out) {
        double det = p[0] * p[3] - p[1] * p[2];
        double[] inv = {p[3] / det, -p[1] / det, -p[2] / det, p[0] / det};
        double a = inv[0] * x[0] + inv[1] * x[2];
        double b = inv[0] * x[1] + inv[1] * x[3];
        double c = inv[2] * x[0] + inv[3] * x[2];
        double d = inv[2] * x[1] + inv[3] * x[3];
        double tr = a + d;
        double disc = Math.sqrt(Math.max(0, (a - d) * (a - d) + 4 * b * c));
        out[0] = Math.log(0.5 * (tr + disc));
        out[1] = Math.log(0.5 * (tr - disc));
    }

    /**
     * The two envelopes are different constructions of the same law: their draws must agree (k = 3 at half the
     * limit, where both accept a few per cent of their proposals).
     */
    @Test
    void envelopesAgreeK3() {
        int k = 3;
        double sigma = 0.5 * limit(k);
        int draws = 2000;
        double[][] byEnvelope = new double[2][];
        double[][] spacing = new double[2][];
        int e = 0;
        for (SpectrumSampler.Envelope envelope : SpectrumSampler.Envelope.values()) {
            SpectrumSampler spectrum = new SpectrumSampler(SymmetricEigen.jacobi(k), envelope);
            UniformRandomProvider rng = RandomStreams.seeded(14L).stream(e, 0);
            double[] r = new double[k];
            byEnvelope[e] = new double[draws];
            spacing[e] = new double[draws];
            for (int i = 0; i < draws; i++) {
                spectrum.sample(sigma, Double.POSITIVE_INFINITY, rng, r);
                double[] sorted = r.clone();
                Arrays.sort(sorted);
                double norm = 0;
                for (double v : r) {
                    norm += v * v;
                }
                byEnvelope[e][i] = Math.sqrt(norm);
                spacing[e][i] = sorted[1] - sorted[0];
            }
            e++;
        }
        assertSameLaw("|r| on SPD(3), Vandermonde vs boost envelope", byEnvelope[0], byEnvelope[1]);
        assertSameLaw("r_(2) - r_(1) on SPD(3), Vandermonde vs boost envelope", spacing[0], spacing[1]);
    }

    /** The ball-truncated law (the KNG envelope) beyond the whole-manifold limit: KS against the truncated CDF. */
    @Test
    void truncatedLawBeyondTheScaleLimitK2() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=2");
        double sigma = 2.5 * limit(2);
        double radius = 3.0;
        SpectralLaplaceSampler sampler = new SpectralLaplaceSampler(spd);
        UniformRandomProvider rng = RandomStreams.seeded(15L).stream(0, 0);
        double[] out = new double[4];
        double[] radii = new double[3000];
        for (int i = 0; i < radii.length; i++) {
            sampler.sampleWithin(CENTER2, sigma, radius, rng, out);
            radii[i] = spd.distance(CENTER2, out);
        }
        assertThat(Arrays.stream(radii).max().orElseThrow()).isLessThanOrEqualTo(radius * (1 + 1e-9));
        assertFollows("rho(x, xbar) of the ball-truncated Laplace, sigma beyond the limit", radii,
                radiusCdf2(sigma, radius));
    }

    /** A long Metropolis-Hastings chain on the Laplace density agrees with the exact draws (k = 2 and 3). */
    @ParameterizedTest(name = "k = {0}")
    @CsvSource({"2, 0.5", "3, 0.4"})
    @Tag("statistical")
    void exactDrawsMatchALongMetropolisHastingsChain(int k, double fraction) {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=" + k);
        double[] center = k == 2 ? CENTER2 : new double[] {1.5, 0.2, 0.1, 0.2, 1.0, -0.3, 0.1, -0.3, 2.0};
        double sigma = fraction * limit(k);
        int draws = 2000;
        McmcResult chain = MetropolisHastings.builder().geometry(spd)
                .target(new LaplaceLogDensity(spd, center, sigma)).proposal(new TangentGaussianProposal(spd))
                .step(sigma).adaptStep(0.3).burnIn(5000).thin(50).samples(draws).reference(center).build()
                .run(center, RandomStreams.seeded(16L).stream(k, 0));
        assertThat(chain.diagnostics().effectiveSampleSize()).as("ESS of the MH chain").isGreaterThan(1000);
        double[] mcmc = new double[draws];
        for (int i = 0; i < draws; i++) {
            mcmc[i] = spd.distance(center, chain.samples()[i]);
        }
        double[] exact = radii(spd, center, sigma, draws, new SpectralLaplaceSampler(spd),
                RandomStreams.seeded(16L).stream(k, 1));
        assertSameLaw("rho(x, xbar), exact vs MH, SPD(" + k + ")", exact, mcmc);
    }

    @Test
    void drawsAllocateNothingAfterWarmUp() {
        Geometry spd = Geometries.parse("spd/affine-invariant:k=3");
        double[] center = {1.5, 0.2, 0.1, 0.2, 1.0, -0.3, 0.1, -0.3, 2.0};
        SpectralLaplaceSampler sampler = new SpectralLaplaceSampler(spd);
        UniformRandomProvider rng = RandomStreams.seeded(17L).stream(0, 0);
        double[] out = new double[9];
        double sigma = 0.3 * limit(3);
        for (int i = 0; i < 2000; i++) {
            sampler.sample(center, sigma, rng, out);
        }
        if (!Allocation.supported()) {
            return;
        }
        long before = Allocation.allocatedBytes();
        for (int i = 0; i < 50_000; i++) {
            sampler.sample(center, sigma, rng, out);
        }
        assertThat((Allocation.allocatedBytes() - before) / 50_000.0).as("bytes allocated per draw").isLessThan(1.0);
    }
}
