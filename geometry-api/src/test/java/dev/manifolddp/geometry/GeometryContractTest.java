package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The properties every {@link Geometry} must have (DESIGN §8). A geometry module extends this class once per metric
 * and supplies the geometry, a way to draw random points, and the capabilities it claims; every property is then
 * checked on seeded random inputs.
 *
 * <p>A check of a capability the geometry lacks is skipped through a JUnit assumption and reported as skipped
 * ({@link #present}), never passed. A geometry module with several specifications runs this class once for each,
 * e.g. with JUnit's {@code @ParameterizedClass} and a constructor taking the specification.
 *
 * <p>Random tangent vectors are ambient Gaussian vectors projected onto the tangent space and rescaled to a random
 * length up to {@link #propertyRadius()}, so that exp and log stay inside the injectivity radius.
 */
public abstract class GeometryContractTest {

    /**
     * Every capability interface this API defines, with the test of this class that checks its promise (a test that
     * starts with {@link #present}, so that it is skipped for a geometry without the capability). A geometry must
     * claim exactly the ones it has, and may claim no other API interface ({@link CapabilityCatalog}); a new
     * capability is added here together with its check, or the API module's {@code CapabilityCatalogTest} fails.
     */
    public static final Map<Class<?>, String> CAPABILITY_CHECKS = capabilityChecks();

    /** The capabilities of {@link #CAPABILITY_CHECKS}, in the order listed there. */
    public static final List<Class<?>> KNOWN_CAPABILITIES = List.copyOf(CAPABILITY_CHECKS.keySet());

    private static Map<Class<?>, String> capabilityChecks() {
        Map<Class<?>, String> checks = new LinkedHashMap<>();
        checks.put(ParallelTransport.class, "parallelTransportIsALinearIsometryIntoTheTargetTangentSpace");
        checks.put(TangentBasis.class, "tangentBasisIsOrthonormalAndSpansTheTangentSpace");
        checks.put(AmbientEmbedding.class, "ambientRadiusContainsTheGeodesicBall");
        checks.put(IsometricChart.class, "isometricChartPreservesDistances");
        checks.put(ClosedFormMean.class, "closedFormMeanZeroesTheFrechetGradient");
        checks.put(LandmarkShapes.class, "landmarkShapesAlignToTheNearestRotation");
        checks.put(RadialVolume.class, "radialVolumeRatioIsTheJacobianOfExp");
        checks.put(AmbientMetric.class, "ambientMetricIsTheDotProductWithAnOrthogonalProjection");
        checks.put(HomogeneousSpace.class, "homogeneousSpaceHasTheSameVolumeAboutEveryPoint");
        checks.put(JacobiFields.class, "jacobiFieldsMatchFiniteDifferencesAndSatisfyTheAdjointIdentity");
        checks.put(SquaredDistanceHessian.class, "squaredDistanceHessianMatchesFiniteDifferencesOfTheGradient");
        checks.put(LogSums.class, "logSumsKernelAgreesWithTheGenericLoop");
        checks.put(HessianSums.class, "hessianSumsKernelAgreesWithThePerRecordHessians");
        checks.put(ExactLaplaceSampler.class, "exactLaplaceSamplerDrawsTheLaplaceLaw");
        checks.put(FrechetGradientBound.class, "frechetGradientBoundHoldsOnEveryBall");
        checks.put(VolumeGrowth.class, "volumeGrowthRateIsTheGrowthOfTheVolumeOfExp");
        checks.put(SpectralVolume.class, "spectralCoordinatesHaveTheStatedDistanceAndVolume");
        checks.put(SymmetricEigensolvers.class, "symmetricEigensolversDecomposeSymmetricMatrices");
        checks.put(LogDifferenceBound.class, "logDifferenceBoundHoldsOnEveryBall");
        return Collections.unmodifiableMap(checks);
    }

    protected static final int TRIALS = 200;

    /** The geometry under test (the undecorated one from its provider). */
    protected abstract Geometry geometry();

    /** A random point of the manifold, drawn from {@code random}. */
    protected abstract double[] randomPoint(Random random);

    /** The capabilities this geometry must expose; the others must be absent. */
    protected abstract Set<Class<?>> expectedCapabilities();

    /** The specification {@link Geometries#parse} must turn into an equivalent geometry. */
    protected abstract String spec();

    /** The largest tangent-vector length used in property checks. */
    protected double propertyRadius() {
        return Math.min(1.0, 0.45 * geometry().injectivityRadius());
    }

    /** Absolute tolerance of the property checks, scaled by the magnitude of the values compared. */
    protected double tolerance() {
        return 1e-9;
    }

    protected double[] randomTangent(double[] p, Random random, double maxLength) {
        Geometry g = geometry();
        double[] ambient = new double[p.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = new double[p.length];
        g.projectToTangent(p, ambient, v);
        double norm = g.norm(p, v);
        double length = maxLength * random.nextDouble();
        for (int i = 0; i < v.length; i++) {
            v[i] *= length / norm;
        }
        return v;
    }

    /**
     * A finite array of the right length that is not a point of the manifold, made from the point {@code p}; null
     * when every finite array is a point. The default scales p by 1.5 and shifts its first entry.
     */
    protected double[] offManifoldPoint(double[] p) {
        double[] off = p.clone();
        for (int i = 0; i < off.length; i++) {
            off[i] *= 1.5;
        }
        off[0] += 0.25;
        return off;
    }

    /** A random point within {@link #propertyRadius()} of {@code p}. */
    protected double[] nearbyPoint(double[] p, Random random) {
        return geometry().exp(p, randomTangent(p, random, propertyRadius()));
    }

    /**
     * The geometry's capability of this type; when it is absent the calling check is skipped (JUnit reports it as
     * skipped, with the reason), never passed: that the absence is intended is checked once, by
     * {@link #capabilitiesAreExactlyTheClaimedOnes}.
     */
    protected <C> C present(Class<C> type) {
        java.util.Optional<C> found = geometry().capability(type);
        Assumptions.assumeTrue(found.isPresent(), () -> geometry().spec() + " has no " + type.getSimpleName()
                + " capability");
        return found.get();
    }

    @Test
    void specParsesToTheSameGeometry() {
        Geometry parsed = Geometries.parse(spec());
        assertThat(parsed.name()).isEqualTo(geometry().name());
        assertThat(parsed.layout()).isEqualTo(geometry().layout());
        assertThat(parsed.dimension()).isEqualTo(geometry().dimension());
        assertThat(Geometries.parse(parsed.spec()).spec()).isEqualTo(parsed.spec());
    }

    @Test
    void randomPointsAreOnTheManifold() {
        Random random = new Random(1);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            assertThat(geometry().pointViolation(p, 1e-12)).as("violation of a random point").isEmpty();
        }
    }

    @Test
    void expOfLogIsIdentity() {
        Random random = new Random(2);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] q = nearbyPoint(p, random);
            double[] back = geometry().exp(p, geometry().log(p, q));
            assertThat(geometry().distance(back, q)).as("rho(exp(p, log(p, q)), q)")
                    .isLessThan(tolerance() * scale(p, q));
        }
    }

    @Test
    void logOfExpIsIdentity() {
        Random random = new Random(3);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] v = randomTangent(p, random, propertyRadius());
            double[] back = geometry().log(p, geometry().exp(p, v));
            assertClose(back, v, "log(p, exp(p, v))");
        }
    }

    @Test
    void distanceIsTheNormOfLog() {
        Random random = new Random(4);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] v = randomTangent(p, random, propertyRadius());
            double[] q = geometry().exp(p, v);
            double d = geometry().distance(p, q);
            assertThat(d).isCloseTo(geometry().norm(p, v), scaledTolerance(d));
            assertThat(d).isCloseTo(geometry().norm(p, geometry().log(p, q)), scaledTolerance(d));
        }
    }

    @Test
    void distanceIsSymmetricNonNegativeAndZeroOnTheDiagonal() {
        Random random = new Random(5);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] q = randomPoint(random);
            double d = geometry().distance(p, q);
            assertThat(d).isGreaterThanOrEqualTo(0.0);
            assertThat(geometry().distance(q, p)).isCloseTo(d, scaledTolerance(d));
            assertThat(geometry().distance(p, p)).isLessThan(tolerance());
        }
    }

    @Test
    void triangleInequalityHolds() {
        Random random = new Random(6);
        for (int t = 0; t < TRIALS; t++) {
            double[] a = randomPoint(random);
            double[] b = randomPoint(random);
            double[] c = randomPoint(random);
            Geometry g = geometry();
            assertThat(g.distance(a, c)).isLessThanOrEqualTo(g.distance(a, b) + g.distance(b, c)
                    + tolerance() * (1 + g.distance(a, c)));
        }
    }

    @Test
    void innerProductIsSymmetricAndPositive() {
        Random random = new Random(7);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] u = randomTangent(p, random, 1.0);
            double[] v = randomTangent(p, random, 1.0);
            double uv = geometry().inner(p, u, v);
            assertThat(geometry().inner(p, v, u)).isCloseTo(uv, scaledTolerance(1.0));
            assertThat(geometry().inner(p, u, u)).isGreaterThanOrEqualTo(0.0);
        }
    }

    @Test
    void tangentProjectionIsIdempotentAndLandsInTheTangentSpace() {
        Random random = new Random(8);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] ambient = new double[p.length];
            for (int i = 0; i < ambient.length; i++) {
                ambient[i] = random.nextGaussian();
            }
            double[] once = geometry().projectToTangent(p, ambient);
            double[] twice = geometry().projectToTangent(p, once);
            assertClose(twice, once, "projection of a projection");
            assertThat(geometry().tangentViolation(p, once, 1e-10)).isEmpty();
        }
    }

    @Test
    void inPlaceFormsEqualAllocatingForms() {
        Random random = new Random(9);
        Geometry g = geometry();
        double[] out = new double[g.layout().length()];
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] v = randomTangent(p, random, propertyRadius());
            g.exp(p, v, out);
            assertThat(out).containsExactly(g.exp(p, v));
            double[] q = nearbyPoint(p, random);
            g.log(p, q, out);
            assertThat(out).containsExactly(g.log(p, q));
        }
    }

    @Test
    void expAtZeroIsTheBasePointAndLogAtTheBasePointIsZero() {
        Random random = new Random(10);
        double[] p = randomPoint(random);
        double[] zero = new double[p.length];
        assertClose(geometry().exp(p, zero), p, "exp(p, 0)");
        assertClose(geometry().log(p, p), zero, "log(p, p)");
        assertThat(geometry().distance(p, geometry().exp(p, zero))).isLessThan(tolerance());
    }

    @Test
    void geodesicsHaveConstantSpeed() {
        Random random = new Random(11);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] v = randomTangent(p, random, propertyRadius());
            double[] half = v.clone();
            for (int i = 0; i < half.length; i++) {
                half[i] *= 0.5;
            }
            double[] mid = geometry().exp(p, half);
            double[] end = geometry().exp(p, v);
            double total = geometry().norm(p, v);
            assertThat(geometry().distance(p, mid)).isCloseTo(total / 2, scaledTolerance(total));
            assertThat(geometry().distance(mid, end)).isCloseTo(total / 2, scaledTolerance(total));
        }
    }

    @Test
    void capabilitiesAreExactlyTheClaimedOnes() {
        assertThat(expectedCapabilities()).as("capabilities %s expects that the contract does not check", spec())
                .isSubsetOf(KNOWN_CAPABILITIES);
        for (Class<?> capability : KNOWN_CAPABILITIES) {
            boolean expected = expectedCapabilities().contains(capability);
            assertThat(geometry().capability(capability).isPresent()).as(capability.getSimpleName())
                    .isEqualTo(expected);
            assertThat(ValidatingGeometry.wrap(geometry()).capability(capability).isPresent())
                    .as("%s through the validating decorator", capability.getSimpleName()).isEqualTo(expected);
        }
    }

    /**
     * A geometry may claim no API interface whose promise the contract does not check: found by asking it for every
     * public interface of the API package ({@link CapabilityCatalog}), so a capability added to the API and claimed
     * by a geometry fails here until it has a check in {@link #CAPABILITY_CHECKS}.
     */
    @Test
    void claimsNoCapabilityTheContractDoesNotCheck() {
        List<Class<?>> interfaces = CapabilityCatalog.apiInterfaces();
        assertThat(CapabilityCatalog.uncheckedClaims(geometry(), interfaces)).as("%s claims these API interfaces as "
                + "capabilities, but GeometryContractTest has no check of their promise; add one to "
                + "CAPABILITY_CHECKS", spec()).isEmpty();
        assertThat(CapabilityCatalog.uncheckedClaims(ValidatingGeometry.wrap(geometry()), interfaces))
                .as("through the validating decorator").isEmpty();
    }

    /** Skipped (and reported as skipped) without the capability; see {@link JacobiFieldsContract}. */
    @Test
    void jacobiFieldsMatchFiniteDifferencesAndSatisfyTheAdjointIdentity() {
        present(JacobiFields.class);
        JacobiFieldsContract.check(geometry(), this::randomPoint, Math.min(2.0, 0.9 * geometry().injectivityRadius()),
                1e-7);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link SquaredDistanceHessianContract}. */
    @Test
    void squaredDistanceHessianMatchesFiniteDifferencesOfTheGradient() {
        present(SquaredDistanceHessian.class);
        SquaredDistanceHessianContract.check(geometry(), this::randomPoint, 0.9 * Math.min(Math.PI,
                geometry().injectivityRadius()), 1e-6);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link LogSumsContract}. */
    @Test
    void logSumsKernelAgreesWithTheGenericLoop() {
        present(LogSums.class);
        LogSumsContract.check(geometry(), this::randomPoint, 0.9 * Math.min(Math.PI, geometry().injectivityRadius()));
    }

    /** Skipped (and reported as skipped) without the capability; see {@link HessianSumsContract}. */
    @Test
    void hessianSumsKernelAgreesWithThePerRecordHessians() {
        present(HessianSums.class);
        HessianSumsContract.check(geometry(), this::randomPoint,
                0.9 * Math.min(Math.PI, geometry().injectivityRadius()));
    }

    /** Skipped (and reported as skipped) without the capability; see {@link HomogeneousSpaceContract}. */
    @Test
    void homogeneousSpaceHasTheSameVolumeAboutEveryPoint() {
        present(HomogeneousSpace.class);
        HomogeneousSpaceContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link LandmarkShapesContract}. */
    @Test
    void landmarkShapesAlignToTheNearestRotation() {
        present(LandmarkShapes.class);
        LandmarkShapesContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link ExactLaplaceSamplerContract}. */
    @Test
    void exactLaplaceSamplerDrawsTheLaplaceLaw() {
        present(ExactLaplaceSampler.class);
        ExactLaplaceSamplerContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link FrechetGradientBoundContract}. */
    @Test
    void frechetGradientBoundHoldsOnEveryBall() {
        present(FrechetGradientBound.class);
        FrechetGradientBoundContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link LogDifferenceBoundContract}. */
    @Test
    void logDifferenceBoundHoldsOnEveryBall() {
        present(LogDifferenceBound.class);
        LogDifferenceBoundContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link VolumeGrowthContract}. */
    @Test
    void volumeGrowthRateIsTheGrowthOfTheVolumeOfExp() {
        present(VolumeGrowth.class);
        VolumeGrowthContract.check(geometry(), this::randomPoint);
    }

    /** Skipped (and reported as skipped) without the capability; see {@link SpectralVolumeContract}. */
    @Test
    void spectralCoordinatesHaveTheStatedDistanceAndVolume() {
        present(SpectralVolume.class);
        SpectralVolumeContract.check(geometry(), this::randomPoint);
    }

    /**
     * Skipped without the capability. Both solvers, at several sizes, rebuild random symmetric matrices from their
     * eigenvalues and orthonormal eigenvectors, and leave the input unchanged.
     */
    @Test
    void symmetricEigensolversDecomposeSymmetricMatrices() {
        SymmetricEigensolvers solvers = present(SymmetricEigensolvers.class);
        Random random = new Random(24);
        for (int k : new int[] {1, 2, 3, 5}) {
            for (SymmetricEigensolver solver : new SymmetricEigensolver[] {solvers.eigensolver(k),
                solvers.jacobiEigensolver(k)}) {
                assertThat(solver.size()).isEqualTo(k);
                for (int t = 0; t < TRIALS; t++) {
                    double[] a = new double[k * k];
                    for (int i = 0; i < k; i++) {
                        for (int j = i; j < k; j++) {
                            a[i * k + j] = random.nextGaussian();
                            a[j * k + i] = a[i * k + j];
                        }
                    }
                    double[] input = a.clone();
                    double[] values = new double[k];
                    double[] vectors = new double[k * k];
                    solver.decompose(a, values, vectors, "a");
                    assertThat(a).containsExactly(input);
                    for (int r = 0; r < k; r++) {
                        for (int c = 0; c < k; c++) {
                            double rebuilt = 0;
                            double gram = 0;
                            for (int i = 0; i < k; i++) {
                                rebuilt += vectors[r * k + i] * values[i] * vectors[c * k + i];
                                gram += vectors[i * k + r] * vectors[i * k + c];
                            }
                            assertThat(rebuilt).as("(V diag V^T)[%d][%d], k = %d", r, c, k)
                                    .isCloseTo(a[r * k + c], org.assertj.core.api.Assertions.within(1e-12));
                            assertThat(gram).as("(V^T V)[%d][%d], k = %d", r, c, k)
                                    .isCloseTo(r == c ? 1 : 0, org.assertj.core.api.Assertions.within(1e-12));
                        }
                    }
                }
            }
        }
    }

    @Test
    void parallelTransportIsALinearIsometryIntoTheTargetTangentSpace() {
        ParallelTransport transport = present(ParallelTransport.class);
        Random random = new Random(12);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] q = nearbyPoint(p, random);
            double[] u = randomTangent(p, random, 1.0);
            double[] v = randomTangent(p, random, 1.0);
            double[] tu = transport.transport(p, q, u);
            double[] tv = transport.transport(p, q, v);
            assertThat(geometry().tangentViolation(q, tu, 1e-9)).isEmpty();
            assertThat(geometry().inner(q, tu, tv)).isCloseTo(geometry().inner(p, u, v), scaledTolerance(1.0));
            double[] sum = new double[u.length];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = 2 * u[i] - 3 * v[i];
            }
            double[] tsum = transport.transport(p, q, sum);
            double[] expected = new double[u.length];
            for (int i = 0; i < sum.length; i++) {
                expected[i] = 2 * tu[i] - 3 * tv[i];
            }
            assertClose(tsum, expected, "transport of 2u - 3v");
            // The geodesic's own velocity is transported to the velocity at the end point: -log(q, p).
            double[] velocity = transport.transport(p, q, geometry().log(p, q));
            double[] back = geometry().log(q, p);
            for (int i = 0; i < back.length; i++) {
                back[i] = -back[i];
            }
            assertClose(velocity, back, "transport of log(p, q)");
        }
    }

    @Test
    void tangentBasisIsOrthonormalAndSpansTheTangentSpace() {
        TangentBasis basis = present(TangentBasis.class);
        assertThat(basis.basisSize()).isEqualTo(geometry().dimension());
        Random random = new Random(13);
        for (int t = 0; t < 20; t++) {
            double[] p = randomPoint(random);
            double[][] e = basis.basis(p);
            for (int i = 0; i < e.length; i++) {
                assertThat(geometry().tangentViolation(p, e[i], 1e-9)).isEmpty();
                for (int j = 0; j < e.length; j++) {
                    assertThat(geometry().inner(p, e[i], e[j])).as("<e%d, e%d>", i, j)
                            .isCloseTo(i == j ? 1.0 : 0.0, scaledTolerance(1.0));
                }
            }
            // A tangent vector is recovered from its coordinates in the basis.
            double[] v = randomTangent(p, random, 1.0);
            double[] coordinates = new double[e.length];
            for (int i = 0; i < e.length; i++) {
                coordinates[i] = geometry().inner(p, v, e[i]);
            }
            double[] rebuilt = new double[v.length];
            TangentBasis.combine(e, coordinates, rebuilt);
            assertClose(rebuilt, v, "v rebuilt from its basis coordinates");
        }
    }

    @Test
    void ambientMetricIsTheDotProductWithAnOrthogonalProjection() {
        present(AmbientMetric.class);
        Random random = new Random(21);
        for (int t = 0; t < 50; t++) {
            double[] p = randomPoint(random);
            double[] u = randomTangent(p, random, 1.0);
            double[] v = randomTangent(p, random, 1.0);
            double dot = 0;
            for (int i = 0; i < u.length; i++) {
                dot += u[i] * v[i];
            }
            assertThat(geometry().inner(p, u, v)).isCloseTo(dot, scaledTolerance(1.0));
            // Orthogonal projection: the residual a - P(a) is orthogonal to every tangent vector.
            double[] a = new double[p.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = random.nextGaussian();
            }
            double[] projected = geometry().projectToTangent(p, a);
            double residualDot = 0;
            for (int i = 0; i < a.length; i++) {
                residualDot += (a[i] - projected[i]) * v[i];
            }
            assertThat(residualDot).isCloseTo(0.0, scaledTolerance(1.0));
        }
    }

    @Test
    void isometricChartPreservesDistances() {
        IsometricChart chart = present(IsometricChart.class);
        assertThat(chart.chartDimension()).isEqualTo(geometry().dimension());
        Random random = new Random(14);
        for (int t = 0; t < TRIALS; t++) {
            double[] p = randomPoint(random);
            double[] q = randomPoint(random);
            double[] x = chart.toChart(p);
            double[] y = chart.toChart(q);
            double euclidean = 0;
            for (int i = 0; i < x.length; i++) {
                euclidean += (x[i] - y[i]) * (x[i] - y[i]);
            }
            double d = geometry().distance(p, q);
            assertThat(Math.sqrt(euclidean)).isCloseTo(d, scaledTolerance(d));
            assertClose(chart.fromChart(x, p.length), p, "fromChart(toChart(p))");
        }
    }

    @Test
    void ambientRadiusContainsTheGeodesicBall() {
        AmbientEmbedding embedding = present(AmbientEmbedding.class);
        Random random = new Random(15);
        for (int t = 0; t < TRIALS; t++) {
            double[] center = randomPoint(random);
            double[] q = nearbyPoint(center, random);
            double r = geometry().distance(center, q);
            double[] a = embedding.toAmbient(center);
            double[] b = embedding.toAmbient(q);
            double euclidean = 0;
            for (int i = 0; i < a.length; i++) {
                euclidean += (a[i] - b[i]) * (a[i] - b[i]);
            }
            assertThat(Math.sqrt(euclidean)).isLessThanOrEqualTo(
                    embedding.ambientRadius(center, r) * (1 + 1e-9) + 1e-12);
            double[] back = new double[q.length];
            embedding.fromAmbient(b, back);
            assertClose(back, q, "fromAmbient(toAmbient(q))");
            double[] projected = new double[q.length];
            assertThat(embedding.project(b, projected)).isTrue();
            assertThat(geometry().distance(projected, q)).isLessThan(tolerance());
        }
    }

    @Test
    void closedFormMeanZeroesTheFrechetGradient() {
        ClosedFormMean closedForm = present(ClosedFormMean.class);
        Random random = new Random(16);
        double[] center = randomPoint(random);
        double[][] points = new double[25][];
        for (int i = 0; i < points.length; i++) {
            points[i] = nearbyPoint(center, random);
        }
        double[] mean = closedForm.mean(points);
        double[] gradient = new double[mean.length];
        for (double[] x : points) {
            double[] v = geometry().log(mean, x);
            for (int i = 0; i < v.length; i++) {
                gradient[i] += v[i] / points.length;
            }
        }
        assertThat(geometry().norm(mean, gradient)).isLessThan(1e-9);
    }

    /**
     * The declared radial volume ratio equals the Jacobian of exp: the square root of the Gram determinant, in the
     * metric at {@code x = exp(p, theta u)}, of the derivatives of exp along an orthonormal basis of T_p (the radial
     * derivative has unit length; each transverse one has the length of its Jacobi field divided by theta).
     */
    @Test
    void radialVolumeRatioIsTheJacobianOfExp() {
        RadialVolume radial = present(RadialVolume.class);
        TangentBasis tangentBasis = geometry().capability(TangentBasis.class).orElseThrow(
                () -> new AssertionError("RadialVolume is checked through a TangentBasis, which is absent"));
        assertThat(radial.volumeRatio(0)).isCloseTo(1.0, scaledTolerance(1.0));
        assertThat(radial.ratioGrowthRate()).isGreaterThanOrEqualTo(0.0);
        // a finite cut locus ends the volume; an infinite one (Hadamard manifolds) is probed up to radius 4
        double reach = Math.min(radial.maxRadius(), 4.0);
        if (Double.isFinite(radial.maxRadius())) {
            assertThat(radial.volumeRatio(radial.maxRadius() * 1.01)).isEqualTo(0.0);
        }
        Random random = new Random(20);
        Geometry g = geometry();
        int d = g.dimension();
        for (int t = 0; t < 10; t++) {
            double[] p = randomPoint(random);
            double[][] e = tangentBasis.basis(p);
            double theta = reach * (0.05 + 0.85 * random.nextDouble());
            double[] u = randomTangent(p, random, 1.0);
            double un = g.norm(p, u);
            double[] v = new double[p.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = theta * u[i] / un;
            }
            double[] x = g.exp(p, v);
            double h = 1e-6;
            double[][] columns = new double[d][p.length];
            double[] plus = new double[p.length];
            double[] minus = new double[p.length];
            double[] shifted = new double[p.length];
            for (int c = 0; c < d; c++) {
                for (int i = 0; i < v.length; i++) {
                    shifted[i] = v[i] + h * e[c][i];
                }
                g.exp(p, shifted, plus);
                for (int i = 0; i < v.length; i++) {
                    shifted[i] = v[i] - h * e[c][i];
                }
                g.exp(p, shifted, minus);
                double[] derivative = new double[p.length];
                for (int i = 0; i < v.length; i++) {
                    derivative[i] = (plus[i] - minus[i]) / (2 * h);
                }
                g.projectToTangent(x, derivative, columns[c]);
            }
            double[][] gram = new double[d][d];
            for (int a = 0; a < d; a++) {
                for (int b = 0; b < d; b++) {
                    gram[a][b] = g.inner(x, columns[a], columns[b]);
                }
            }
            // |det d(exp_p)_v| in orthonormal frames is already J(theta) / theta^(d-1).
            double jacobian = Math.sqrt(Math.abs(determinant(gram)));
            assertThat(radial.volumeRatio(theta)).as("volume ratio at theta = %.4f", theta)
                    .isCloseTo(jacobian, org.assertj.core.data.Offset.offset(1e-6 * Math.max(1, jacobian)));
            assertThat(radial.volumeRatio(theta)).as("volume ratio at theta = %.4f within exp(gamma theta)", theta)
                    .isLessThanOrEqualTo(Math.exp(radial.ratioGrowthRate() * theta) * (1 + 1e-12));
        }
    }

    private static double determinant(double[][] matrix) {
        int n = matrix.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = matrix[i].clone();
        }
        double det = 1;
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int row = col + 1; row < n; row++) {
                if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
                    pivot = row;
                }
            }
            if (a[pivot][col] == 0) {
                return 0;
            }
            if (pivot != col) {
                double[] tmp = a[pivot];
                a[pivot] = a[col];
                a[col] = tmp;
                det = -det;
            }
            det *= a[col][col];
            for (int row = col + 1; row < n; row++) {
                double factor = a[row][col] / a[col][col];
                for (int k = col; k < n; k++) {
                    a[row][k] -= factor * a[col][k];
                }
            }
        }
        return det;
    }

    @Test
    void wrongLengthsNaNsAndOffManifoldPointsAreRejected() {
        Random random = new Random(17);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] v = randomTangent(p, random, propertyRadius());
        double[] shorter = Arrays.copyOf(p, p.length - 1);
        assertThatThrownBy(() -> g.exp(shorter, v)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("length");
        assertThatThrownBy(() -> g.log(p, Arrays.copyOf(p, p.length + 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
        double[] withNaN = p.clone();
        withNaN[0] = Double.NaN;
        assertThatThrownBy(() -> g.log(p, withNaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN");
    }

    /**
     * Issue 22: exp of a finite tangent vector of any length, from a subnormal one to one of norm near the largest
     * double, is a point of the manifold with finite entries, or one refusal that names the vector's norm and the
     * lengths that work (never "an entry is NaN or infinite" for a finite vector, never another exception type). Where
     * exp answers, log and distance from the base point to the answer answer too (finite and non-negative).
     */
    @Test
    void expOfExtremeLengthsIsAPointOrRefusedByTheVectorsNorm() {
        Random random = new Random(22);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] unit = randomTangent(p, random, 1);
        double unitNorm = g.norm(p, unit);
        for (int i = 0; i < unit.length; i++) {
            unit[i] /= unitNorm;
        }
        double largestEntry = Arrays.stream(unit).map(Math::abs).max().orElseThrow();
        List<Double> lengths = new java.util.ArrayList<>(HostileNumbers.POSITIVE);
        lengths.addAll(List.of(0.0, 10.0, 800.0, 1e5, 1e10, 1e154, 1e200));
        for (double length : lengths) {
            // keep every entry finite: the largest entry of length * unit is at most MAX_VALUE
            double scale = Math.min(length, Double.MAX_VALUE / Math.max(1, largestEntry));
            double[] v = new double[unit.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = scale * unit[i];
            }
            String what = g.spec() + ": exp of a tangent vector of norm " + scale;
            double[] q;
            try {
                q = Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> g.exp(p, v));
            } catch (IllegalArgumentException refusal) {
                String message = String.valueOf(refusal.getMessage());
                assertThat(message).as("%s: the refusal names the vector's norm", what)
                        .containsAnyOf("norm", "length", "|v|");
                assertThat(message).as("%s: the refusal is not about non-finite entries", what)
                        .doesNotContain("NaN or infinite");
                HostileNumbers.assertStatesRange(refusal, what);
                continue;
            }
            assertThat(Arrays.stream(q).allMatch(Double::isFinite)).as("%s: finite entries", what).isTrue();
            assertThat(g.pointViolation(q, 1e-6)).as("%s: a point", what).isEmpty();
            double distance;
            try {
                distance = g.distance(p, q);
            } catch (IllegalArgumentException tooFar) {
                continue; // e.g. an SPD answer too ill-conditioned to be a numerical point (issue 22 follow-up)
            }
            assertThat(distance).as("%s: distance", what).isFinite().isGreaterThanOrEqualTo(0);
        }
    }

    /** Skipped when every finite array is a point ({@link #offManifoldPoint} returns null). */
    @Test
    void offManifoldPointsAreRejected() {
        Random random = new Random(17);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] v = randomTangent(p, random, propertyRadius());
        double[] withNaN = p.clone();
        withNaN[0] = Double.NaN;
        double[] offManifold = offManifoldPoint(p);
        Assumptions.assumeTrue(offManifold != null, () -> "every finite array is a point of " + g.spec());
        assertThatThrownBy(() -> g.log(p, offManifold)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a point");
        assertThatThrownBy(() -> g.exp(offManifold, v)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a point");
        ValidatingGeometry validating = ValidatingGeometry.wrap(g);
        double[] out = new double[p.length];
        assertThatThrownBy(() -> validating.log(p, offManifold, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a point");
        assertThatThrownBy(() -> validating.distance(withNaN, p)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The hot-path forms check what costs an int comparison (DESIGN: the {@code out} forms skip membership tests, not
     * length tests): a null, short or long array in any position fails with an {@link IllegalArgumentException}
     * whose message starts with the argument's name (or an element of it, {@code out[0]}), never with an index error, a NullPointerException or a result
     * computed from the wrong number of entries.
     */
    @Test
    void outFormsRefuseNullAndWrongLengthArrays() {
        Random random = new Random(20);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] q = nearbyPoint(p, random);
        double[] v = randomTangent(p, random, propertyRadius());
        double[] out = new double[p.length];
        for (double[] bad : new double[][] {null, new double[p.length - 1], new double[p.length + 1]}) {
            refuses("p", () -> g.exp(bad, v, out));
            refuses("v", () -> g.exp(p, bad, out));
            refuses("out", () -> g.exp(p, v, bad));
            refuses("p", () -> g.log(bad, q, out));
            refuses("q", () -> g.log(p, bad, out));
            refuses("out", () -> g.log(p, q, bad));
            refuses("p", () -> g.distance(bad, q));
            refuses("q", () -> g.distance(p, bad));
            refuses("p", () -> g.inner(bad, v, v));
            refuses("u", () -> g.inner(p, bad, v));
            refuses("v", () -> g.inner(p, v, bad));
            refuses("p", () -> g.projectToTangent(bad, v, out));
            refuses("ambient", () -> g.projectToTangent(p, bad, out));
            refuses("out", () -> g.projectToTangent(p, v, bad));
            refuses("p", () -> g.pointViolation(bad, Geometry.DEFAULT_TOLERANCE));
            refuses("v", () -> g.tangentViolation(p, bad, Geometry.DEFAULT_TOLERANCE));
            g.capability(ParallelTransport.class).ifPresent(transport -> {
                refuses("p", () -> transport.transport(bad, q, v, out));
                refuses("q", () -> transport.transport(p, bad, v, out));
                refuses("v", () -> transport.transport(p, q, bad, out));
                refuses("out", () -> transport.transport(p, q, v, bad));
            });
            g.capability(TangentBasis.class).ifPresent(basis -> {
                refuses("p", () -> basis.basis(bad, new double[basis.basisSize()][p.length]));
                refuses("out", () -> basis.basis(p, new double[basis.basisSize()][bad == null ? 0 : bad.length]));
            });
            g.capability(AmbientEmbedding.class).ifPresent(ambient -> {
                refuses("p", () -> ambient.toAmbient(bad, new double[ambient.ambientDimension()]));
            });
            g.capability(IsometricChart.class).ifPresent(chart -> {
                refuses("p", () -> chart.toChart(bad, new double[chart.chartDimension()]));
            });
        }
        g.capability(TangentBasis.class).ifPresent(basis -> {
            refuses("out", () -> basis.basis(p, null));
            refuses("out", () -> basis.basis(p, new double[basis.basisSize() - 1][p.length]));
        });
        g.capability(AmbientEmbedding.class).ifPresent(ambient -> {
            refuses("out", () -> ambient.toAmbient(p, new double[ambient.ambientDimension() + 1]));
        });
        g.capability(IsometricChart.class).ifPresent(chart -> {
            refuses("out", () -> chart.toChart(p, new double[chart.chartDimension() + 1]));
        });
    }

    private static void refuses(String argument, org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageMatching("(?s)" + java.util.regex.Pattern.quote(argument) + "[ \\[].*");
    }

    @Test
    void validatingDecoratorAgreesWithTheGeometryOnValidInput() {
        Random random = new Random(18);
        Geometry g = geometry();
        ValidatingGeometry validating = ValidatingGeometry.wrap(g);
        double[] out = new double[g.layout().length()];
        for (int t = 0; t < 20; t++) {
            double[] p = randomPoint(random);
            double[] q = nearbyPoint(p, random);
            validating.log(p, q, out);
            assertThat(out).containsExactly(g.log(p, q));
            assertThat(validating.distance(p, q)).isEqualTo(g.distance(p, q));
        }
    }

    @Test
    void outFormsAllocateNothingPerCall() {
        Assumptions.assumeTrue(Allocations.supported(), "this JVM cannot count allocated bytes per thread");
        Random random = new Random(19);
        Geometry g = geometry();
        double[] p = randomPoint(random);
        double[] q = nearbyPoint(p, random);
        double[] v = randomTangent(p, random, propertyRadius());
        double[] out = new double[g.layout().length()];
        double[] sink = new double[1];
        Runnable body = () -> {
            g.exp(p, v, out);
            g.log(p, q, out);
            g.projectToTangent(p, v, out);
            sink[0] += g.distance(p, q) + g.inner(p, v, v);
        };
        assertThat(Allocations.bytesPerCall(body, 20_000)).as("bytes allocated per call of the out forms")
                .isLessThan(1.0);
        ParallelTransport transport = g.capability(ParallelTransport.class).orElse(null);
        if (transport != null) {
            assertThat(Allocations.bytesPerCall(() -> transport.transport(p, q, v, out), 20_000))
                    .as("bytes allocated per transport").isLessThan(1.0);
        }
    }

    protected void assertClose(double[] actual, double[] expected, String what) {
        assertThat(actual).hasSameSizeAs(expected);
        double scale = 1;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        double worst = 0;
        for (int i = 0; i < actual.length; i++) {
            worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
        }
        assertThat(worst).as("%s: max abs difference (scale %.3g)", what, scale)
                .isLessThanOrEqualTo(tolerance() * scale);
    }

    /** The property checks' offset for values of size {@code magnitude}: {@link #tolerance()} times max(1, |magnitude|). */
    protected org.assertj.core.data.Offset<Double> scaledTolerance(double magnitude) {
        return org.assertj.core.data.Offset.offset(tolerance() * Math.max(1.0, Math.abs(magnitude)));
    }

    private double scale(double[] p, double[] q) {
        double s = 1;
        for (int i = 0; i < p.length; i++) {
            s = Math.max(s, Math.max(Math.abs(p[i]), Math.abs(q[i])));
        }
        return s;
    }
}
