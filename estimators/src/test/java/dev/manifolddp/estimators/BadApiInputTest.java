package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.GeometryProvider;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.ValidatingGeometry;
import dev.manifolddp.geometry.kendall.KendallShapeSpace;
import dev.manifolddp.geometry.spd.AffineInvariantSpd;
import dev.manifolddp.geometry.spd.LogEuclideanSpd;
import dev.manifolddp.geometry.sphere.SphereGeometry;
import dev.manifolddp.geometry.sphere.SphereProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile and malformed input at the public API of the geometries, the Frechet mean and the sensitivity bounds:
 * each call must fail with an {@link IllegalArgumentException} (never a NullPointerException, an index error or a
 * silent NaN) whose message names the argument, key or parameter at fault. Lives in the estimators module because
 * it has every concrete geometry as a test dependency.
 */
class BadApiInputTest {

    private static final SphereGeometry S2 = (SphereGeometry) Geometries.parse("sphere:d=2");
    private static final double[] P = {0, 0, 1};
    private static final double[] Q = {0, 1, 0};
    private static final double[] V = {0.5, -0.25, 0};
    private static final double[] OFF_SPHERE = {0, 0, 1.5};
    private static final double[] NOT_TANGENT = {0, 0, 0.5};
    private static final double[] SHORT = {0, 1};
    private static final double[] LONG = {0, 0, 1, 0};

    private static final AffineInvariantSpd AI = new AffineInvariantSpd(2);
    private static final LogEuclideanSpd LE = new LogEuclideanSpd(2);
    private static final double[] SPD_P = {2, 0.5, 0.5, 1};
    private static final double[] SPD_Q = {1, 0, 0, 1};
    private static final double[] SPD_V = {1, 0.2, 0.2, -1};
    private static final double[] NON_SYMMETRIC = {2, 0.5, -0.5, 1};
    private static final double[] INDEFINITE = {1, 2, 2, 1};

    private static final KendallShapeSpace K4 = new KendallShapeSpace(4);
    private static final double[] SQUARE = K4.preshape(new double[] {1, 0, 0, 1, -1, 0, 0, -1});
    private static final double[] KITE = K4.preshape(new double[] {1, 0, 0, 0.5, -1, 0, 0, -1});
    private static final double[] HORIZONTAL = K4.projectToTangent(SQUARE, new double[] {0.1, 0.2, -0.3, 0, 0, 0.1,
            0.2, 0});

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        specifications(all);
        sphereCalls(all);
        spdCalls(all);
        kendallCalls(all);
        estimatorCalls(all);
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedWithAMessageNamingTheProblem(String name, ThrowingCallable call, List<String> words) {
        // an IllegalArgumentException, or a refusal that names its key or public input; never a NumberFormatException
        var thrown = assertThatThrownBy(call).as(name).isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getClass()).isIn(IllegalArgumentException.class,
                        dev.manifolddp.geometry.ParameterException.class, dev.manifolddp.spi.PublicInputException.class));
        for (String word : words) {
            thrown.hasMessageContaining(word);
        }
    }

    @Test
    void thereAreAtLeastSeventyDistinctCases() {
        assertThat(cases().map(arguments -> (String) arguments.get()[0]).distinct().count()).isGreaterThanOrEqualTo(70);
    }

    private static void add(List<Arguments> all, String name, ThrowingCallable call, String... words) {
        all.add(Arguments.of(name, call, List.of(words)));
    }

    private static void spec(List<Arguments> all, String spec, String... words) {
        add(all, "spec " + spec, () -> Geometries.parse(spec), words);
    }

    private static void specifications(List<Arguments> all) {
        spec(all, "sphere:d=-1", "'d'", "[1, 9999999]", "-1");
        spec(all, "sphere:d=0", "'d'", "[1, 9999999]");
        spec(all, "sphere:d=2,d=3", "'d'", "twice");
        spec(all, "sphere:d=2.5", "'d'", "integer", "2.5");
        spec(all, "sphere:d=two", "'d'", "integer", "two");
        spec(all, "sphere:d=1000000000", "'d'", "[1, 9999999]", "1000000000");
        spec(all, "sphere:d=2147483648", "'d'", "integer");
        spec(all, "sphere:d=2,radius=NaN", "'radius'", "[1.0E-100, 1.0E100]", "NaN");
        spec(all, "sphere:d=2,radius=Infinity", "'radius'", "Infinity");
        spec(all, "sphere:d=2,radius=-1", "'radius'", "-1");
        spec(all, "sphere:d=2,radius=0", "'radius'", "[1.0E-100, 1.0E100]");
        spec(all, "sphere:d=2,radius=1e300", "'radius'", "[1.0E-100, 1.0E100]", "1e300");
        spec(all, "sphere:d=2,radius=1e-300", "'radius'", "[1.0E-100, 1.0E100]", "1e-300");
        spec(all, "sphere:d=2,radius=big", "'radius'", "number", "big");
        spec(all, "sphere:d=2,colour=red", "'colour'", "accepts");
        spec(all, "sphere", "'d'", "needs");
        spec(all, "sphere:d", "key=value", "'d'");
        spec(all, "sphere:=2", "key=value");
        spec(all, "sphere:d=2,,radius=1", "key=value");
        spec(all, "", "specification");
        spec(all, "   ", "specification");
        spec(all, "torus:d=2", "unknown geometry 'torus'", "sphere");
        spec(all, "spd:k=0", "'k'", "[1, 64]");
        spec(all, "spd:k=1000000", "'k'", "[1, 64]", "1000000");
        spec(all, "spd:k=-3", "'k'", "-3");
        spec(all, "spd:k=", "'k'", "has no value");
        spec(all, "spd/log-euclidean:k=65", "'k'", "[1, 64]");
        spec(all, "spd:k=2,metric=bures", "'metric'");
        spec(all, "kendall:landmarks=2", "'landmarks'", "[3, 5000000]", "2");
        spec(all, "kendall:landmarks=1000000000", "'landmarks'", "[3, 5000000]");
        spec(all, "kendall:landmarks=0", "'landmarks'");
        spec(all, "kendall", "'landmarks'", "needs");
        add(all, "spec null", () -> Geometries.parse(null), "specification");
        add(all, "create with a null name", () -> Geometries.create(null, Map.of()), "name", "null");
        add(all, "create with null parameters", () -> Geometries.create("sphere", null), "parameters", "null");
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("d", null);
        add(all, "create with a null value for a required key", () -> Geometries.create("sphere", nullValue), "'d'");
        add(all, "new SphereGeometry(2, 1e300)", () -> new SphereGeometry(2, 1e300), "radius", "1.0E100");
        add(all, "new SphereGeometry(2, 1e-300)", () -> new SphereGeometry(2, 1e-300), "radius", "1.0E-100");
        add(all, "new SphereGeometry(0, 1)", () -> new SphereGeometry(0, 1), "dimension d", "[1, 9999999]");
        add(all, "new KendallShapeSpace(2)", () -> new KendallShapeSpace(2), "landmarks");
        add(all, "new AffineInvariantSpd(0)", () -> new AffineInvariantSpd(0), "k", "[1, 64]");
        add(all, "ValidatingGeometry.wrap(null)", () -> ValidatingGeometry.wrap(null), "null geometry");
        add(all, "capability(null)", () -> S2.capability(null), "capability type is null");
        add(all, "validating capability(null)", () -> ValidatingGeometry.wrap(S2).capability(null),
                "capability type is null");
        add(all, "Registry.of(null)", () -> dev.manifolddp.spi.Registry.of(GeometryProvider.KIND, null), "providers");
        add(all, "Registry.of with a null provider",
                () -> dev.manifolddp.spi.Registry.of(GeometryProvider.KIND,
                        java.util.Arrays.asList(new SphereProvider(), null)), "null entries");
        add(all, "ValidatingGeometry.wrap tolerance 0", () -> ValidatingGeometry.wrap(S2, 0), "tolerance");
    }

    private static void sphereCalls(List<Arguments> all) {
        double[] out = new double[3];
        add(all, "sphere exp out-form short p", () -> S2.exp(SHORT, V, out), "p has length 2", "length 3");
        add(all, "sphere exp out-form long v", () -> S2.exp(P, LONG, out), "v has length 4", "length 3");
        add(all, "sphere exp out-form short out", () -> S2.exp(P, V, new double[2]), "out has length 2");
        add(all, "sphere exp out-form null p", () -> S2.exp(null, V, out), "p is null", "3 numbers");
        add(all, "sphere log out-form null q", () -> S2.log(P, null, out), "q is null");
        add(all, "sphere log out-form null out", () -> S2.log(P, Q, null), "out is null");
        add(all, "sphere log out-form long out", () -> S2.log(P, Q, new double[4]), "out has length 4");
        add(all, "sphere distance short q", () -> S2.distance(P, SHORT), "q has length 2");
        add(all, "sphere distance null p", () -> S2.distance(null, P), "p is null");
        add(all, "sphere inner null u", () -> S2.inner(P, null, V), "u is null");
        add(all, "sphere inner long v", () -> S2.inner(P, V, LONG), "v has length 4");
        add(all, "sphere projectToTangent short ambient", () -> S2.projectToTangent(P, SHORT, out), "ambient");
        add(all, "sphere transport short out", () -> S2.transport(P, Q, V, new double[2]), "out has length 2");
        add(all, "sphere basis too few rows", () -> S2.basis(P, new double[1][3]), "2 basis vectors");
        add(all, "sphere basis short rows", () -> S2.basis(P, new double[2][2]), "out[0] has length 2");
        add(all, "sphere toAmbient short out", () -> S2.toAmbient(P, new double[2]), "out has length 2");
        add(all, "sphere project short y", () -> S2.project(SHORT, out), "y has length 2");
        add(all, "sphere pointViolation null", () -> S2.pointViolation(null, 1e-8), "p is null");
        add(all, "sphere tangentViolation short v", () -> S2.tangentViolation(P, SHORT, 1e-8), "v has length 2");
        add(all, "sphere ambientRadius null center", () -> S2.ambientRadius(null, 0.5), "center is null");
        add(all, "sphere ambientRadius negative", () -> S2.ambientRadius(P, -1), "geodesic radius", "-1");
        add(all, "sphere exp off-sphere p", () -> S2.exp(OFF_SPHERE, V), "p is not a point", "1.5");
        add(all, "sphere log off-sphere q", () -> S2.log(P, OFF_SPHERE), "q is not a point", "norm");
        add(all, "sphere exp non-tangent v", () -> S2.exp(P, NOT_TANGENT), "v is not a tangent vector");
        add(all, "sphere log NaN q", () -> S2.log(P, new double[] {Double.NaN, 0, 1}), "q[0] is NaN");
        add(all, "sphere exp infinite v", () -> S2.exp(P, new double[] {0, Double.POSITIVE_INFINITY, 0}),
                "v[1] is Infinity");
        add(all, "sphere projectToTangent NaN ambient", () -> S2.projectToTangent(P, new double[] {Double.NaN, 0,
                0}), "ambient[0] is NaN");
        add(all, "sphere transport non-tangent v", () -> S2.transport(P, Q, NOT_TANGENT), "v is not a tangent");
        add(all, "sphere log antipode", () -> S2.log(P, new double[] {0, 0, -1}), "cut locus");
        add(all, "sphere basis off-sphere p", () -> S2.basis(OFF_SPHERE), "p is not a point");
        add(all, "sphere toAmbient NaN", () -> S2.toAmbient(new double[] {Double.NaN, 0, 1}), "p[0] is NaN");
        add(all, "sphere exp out-form NaN v", () -> S2.exp(P, new double[] {Double.NaN, 0, 0}, out), "NaN");
        add(all, "sphere distance out-form NaN", () -> S2.distance(P, new double[] {0, Double.NaN, 1}), "NaN");
        add(all, "validating sphere distance off-sphere", () -> ValidatingGeometry.wrap(S2).distance(P, OFF_SPHERE),
                "q is not a point");
    }

    private static void spdCalls(List<Arguments> all) {
        double[] out = new double[4];
        add(all, "spd log non-symmetric q", () -> AI.log(SPD_P, NON_SYMMETRIC), "q is not a point",
                "not symmetric");
        add(all, "spd exp non-symmetric p", () -> AI.exp(NON_SYMMETRIC, SPD_V), "p is not a point", "not symmetric");
        add(all, "spd exp non-symmetric v", () -> AI.exp(SPD_P, NON_SYMMETRIC), "v is not a tangent vector");
        add(all, "spd distance short q", () -> AI.distance(SPD_P, SHORT), "q has length 2", "4 numbers");
        add(all, "spd inner NaN v", () -> AI.inner(SPD_P, SPD_V, new double[] {1, Double.NaN, 0, 1}), "v",
                "non-finite");
        add(all, "spd exp out-form short out", () -> AI.exp(SPD_P, SPD_V, new double[3]), "out has length 3");
        add(all, "spd transport null out", () -> AI.transport(SPD_P, SPD_Q, SPD_V, null), "out is null");
        add(all, "spd projectToTangent NaN ambient", () -> AI.projectToTangent(SPD_P, new double[] {Double.NaN, 0,
                0, 1}, out), "ambient", "non-finite");
        add(all, "spd ambientRadius NaN", () -> AI.ambientRadius(SPD_P, Double.NaN), "geodesic radius");
        add(all, "spd pointViolation long p", () -> AI.pointViolation(new double[9], 1e-8), "p has length 9");
        add(all, "log-euclidean log indefinite q", () -> LE.log(SPD_P, INDEFINITE), "q is not a point",
                "not positive definite");
        add(all, "log-euclidean toChart short out", () -> LE.toChart(SPD_P, new double[2]), "out", "length 3");
        add(all, "log-euclidean fromChart short y", () -> LE.fromChart(new double[2], out), "y", "length 3");
        add(all, "log-euclidean fromChart null y", () -> LE.fromChart(null, 4), "y", "null");
        add(all, "log-euclidean fromChart wrong point length", () -> LE.fromChart(new double[3], 5), "pointLength",
                "5");
        add(all, "log-euclidean mean short out", () -> LE.mean(new double[][] {SPD_P}, new double[3]),
                "out has length 3");
        add(all, "log-euclidean mean null row", () -> LE.mean(new double[][] {SPD_P, null}), "points[1] is null");
        add(all, "log-euclidean mean no rows", () -> LE.mean(new double[0][]), "at least one point");
        add(all, "spd basis too few rows", () -> LE.basis(SPD_P, new double[2][4]), "3 basis vectors");
    }

    private static void kendallCalls(List<Arguments> all) {
        double[] out = new double[8];
        double[] uncentred = SQUARE.clone();
        uncentred[0] += 0.5;
        add(all, "kendall log non-pre-shape q", () -> K4.log(SQUARE, uncentred), "q is not a point", "centred");
        add(all, "kendall exp unit-norm violation", () -> K4.exp(scaled(SQUARE, 2), HORIZONTAL), "p is not a point",
                "norm");
        add(all, "kendall exp non-horizontal v", () -> K4.exp(SQUARE, scaled(SQUARE, 0.5)),
                "v is not a tangent vector");
        add(all, "kendall distance short q", () -> K4.distance(SQUARE, SHORT), "q has length 2", "8 numbers");
        add(all, "kendall exp out-form NaN p", () -> K4.exp(withNaN(SQUARE), HORIZONTAL, out), "NaN");
        add(all, "kendall inner NaN u", () -> K4.inner(SQUARE, withNaN(HORIZONTAL), HORIZONTAL), "NaN");
        add(all, "kendall distance NaN", () -> K4.distance(SQUARE, withNaN(KITE)), "NaN");
        add(all, "kendall projectToTangent NaN", () -> K4.projectToTangent(SQUARE, withNaN(HORIZONTAL), out),
                "NaN");
        add(all, "kendall preshape coincident landmarks", () -> K4.preshape(new double[] {1, 1, 1, 1, 1, 1, 1, 1}),
                "no shape");
        add(all, "kendall preshape short configuration", () -> K4.preshape(SHORT), "configuration");
        add(all, "kendall align null reference", () -> ((LandmarkShapes) K4).align(SQUARE, null), "reference");
        add(all, "kendall align short out", () -> K4.align(SQUARE, KITE, new double[6]), "out has length 6");
        add(all, "kendall alignmentAngle short reference", () -> K4.alignmentAngle(SQUARE, SHORT), "reference");
        add(all, "kendall basis too few rows", () -> K4.basis(SQUARE, new double[3][8]), "4 basis vectors");
        add(all, "kendall transport short v", () -> K4.transport(SQUARE, KITE, SHORT, out), "v has length 2");
    }

    private static void estimatorCalls(List<Arguments> all) {
        add(all, "FrechetMean geometry null", () -> FrechetMean.builder().geometry(null), "geometry is null");
        add(all, "FrechetMean no geometry", () -> FrechetMean.builder().build(), "geometry is required");
        add(all, "FrechetMean step 0", () -> FrechetMean.builder().step(0), "step", "0.0");
        add(all, "FrechetMean step NaN", () -> FrechetMean.builder().step(Double.NaN), "step", "NaN");
        add(all, "FrechetMean step 2", () -> FrechetMean.builder().step(2), "step", "2.0");
        add(all, "FrechetMean tolerance -1", () -> FrechetMean.builder().tolerance(-1), "tolerance", "-1");
        add(all, "FrechetMean tolerance infinite", () -> FrechetMean.builder().tolerance(Double.POSITIVE_INFINITY),
                "tolerance", "Infinity");
        add(all, "FrechetMean maxIterations 0", () -> FrechetMean.builder().maxIterations(0), "maxIterations");
        add(all, "FrechetMean stopRule null", () -> FrechetMean.builder().stopRule(null), "stopRule");
        add(all, "FrechetMean start off the sphere", () -> FrechetMean.builder().geometry(S2).start(OFF_SPHERE)
                .build(), "start is not a point");
        add(all, "FrechetMean start short", () -> FrechetMean.builder().geometry(S2).start(SHORT).build(),
                "start has length 2");
        FrechetMean mean = FrechetMean.builder().geometry(S2).build();
        add(all, "FrechetMean fit null", () -> mean.fit((double[][]) null), "data is null");
        add(all, "FrechetMean fit empty", () -> mean.fit(new double[0][]), "data is empty");
        add(all, "FrechetMean fit null row", () -> mean.fit(new double[][] {P, null}), "data[1] is null");
        add(all, "FrechetMean fit short row", () -> mean.fit(new double[][] {P, SHORT}), "data[1] has length 2");
        add(all, "FrechetMean fit NaN row", () -> mean.fit(new double[][] {P, {Double.NaN, 0, 1}}),
                "data[1][0] is NaN");
        add(all, "FrechetMean fit off-sphere row", () -> mean.fit(new double[][] {P, OFF_SPHERE}),
                "data[1] is not a point");
        add(all, "FrechetMean fit antipodal data", () -> mean.fit(new double[][] {P, {0, 0, -1}}),
                "injectivity radius", "Assumption 1");
        add(all, "SensitivityBounds radius beyond Assumption 1", () -> SensitivityBounds.requireAssumption1(S2, 1.0),
                "Assumption 1", "Provided value: 1.0");
        add(all, "SensitivityBounds n = 0", () -> SensitivityBounds.kngMean(S2, 0.1, 0), "sample size n");
        add(all, "SensitivityBounds r NaN", () -> SensitivityBounds.kngMean(S2, Double.NaN, 10), "r must be",
                "NaN");
        add(all, "SensitivityBounds null geometry", () -> SensitivityBounds.laplaceMean(null, 0.1, 10),
                "geometry is null");
        add(all, "SensitivityBounds negative ambient radius",
                () -> SensitivityBounds.ambientEuclideanMean(-1, 10), "ambientRadius", "-1");
        FrechetMeanEstimatorProvider provider = new FrechetMeanEstimatorProvider();
        add(all, "frechet-mean estimator step=abc", () -> provider.create(Map.of("step", "abc")), "'step'", "abc");
        add(all, "frechet-mean estimator stop-rule=sometimes", () -> provider.create(Map.of("stop-rule",
                "sometimes")), "'stop-rule'", "sometimes");
        add(all, "frechet-mean estimator method=bfgs", () -> provider.create(Map.of("method", "bfgs")), "'method'",
                "bfgs");
        add(all, "frechet-mean estimator unknown key", () -> provider.create(Map.of("learning-rate", "0.1")),
                "'learning-rate'");
        add(all, "frechet-mean estimator max-iterations=0", () -> provider.create(Map.of("max-iterations", "0")),
                "'max-iterations'");
        add(all, "frechet-mean estimator null parameters", () -> provider.create(null), "null");
    }

    private static double[] scaled(double[] x, double factor) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] *= factor;
        }
        return y;
    }

    private static double[] withNaN(double[] x) {
        double[] y = x.clone();
        y[1] = Double.NaN;
        return y;
    }
}
