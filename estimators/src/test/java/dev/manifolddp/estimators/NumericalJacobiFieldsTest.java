package dev.manifolddp.estimators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.HiddenCapabilities;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.ParallelTransport;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The numerical fallback against each geometry's closed-form Jacobi fields, for all four maps. */
class NumericalJacobiFieldsTest {

    @ParameterizedTest
    @ValueSource(strings = {"sphere:d=2", "sphere:d=3,radius=0.1", "kendall:landmarks=3", "kendall:landmarks=7",
            "spd/affine-invariant:k=3", "spd/log-euclidean:k=2"})
    void agreesWithTheClosedForms(String spec) {
        Geometry geometry = Geometries.parse(spec);
        JacobiFields closed = geometry.capability(JacobiFields.class).orElseThrow();
        NumericalJacobiFields numeric = new NumericalJacobiFields(new HiddenCapabilities(geometry,
                JacobiFields.class));
        double scale = NumericalJacobiFields.lengthScale(geometry);
        Random random = new Random(7);
        double[] base = RegressionFixtures.draw(geometry, 3L, 1, 0.1, 0.0, 0.0, 1.0).p();
        int length = base.length;
        double[] expected = new double[length];
        double[] actual = new double[length];
        for (int t = 0; t < 10; t++) {
            double[] p = geometry.exp(base, RegressionFixtures.tangent(geometry, base, random, 0.5 * scale));
            double[] v = RegressionFixtures.tangent(geometry, p, random, 1.2 * scale);
            double[] u = RegressionFixtures.tangent(geometry, p, random, scale);
            double[] w = RegressionFixtures.tangent(geometry, geometry.exp(p, v), random, scale);
            for (String map : MAPS) {
                boolean adjoint = map.endsWith("adjoint");
                apply(closed, map, p, v, adjoint ? w : u, expected);
                apply(numeric, map, p, v, adjoint ? w : u, actual);
                GeodesicRegressionOracleTest.assertClose(actual, expected, 1e-8 * scale, map);
            }
        }
        assertThat(NumericalJacobiFields.forGeometry(geometry)).isSameAs(closed);
    }

    private static final String[] MAPS = {"d_p Exp", "d_v Exp", "d_p Exp adjoint", "d_v Exp adjoint"};

    private static void apply(JacobiFields fields, String map, double[] p, double[] v, double[] x, double[] out) {
        switch (map) {
            case "d_p Exp" -> fields.dpExp(p, v, x, out);
            case "d_v Exp" -> fields.dvExp(p, v, x, out);
            case "d_p Exp adjoint" -> fields.dpExpAdjoint(p, v, x, out);
            default -> fields.dvExpAdjoint(p, v, x, out);
        }
    }

    @Test
    void refusesAGeometryWithoutTransport() {
        Geometry geometry = new HiddenCapabilities(Geometries.parse("sphere:d=2"), JacobiFields.class,
                ParallelTransport.class);
        assertThatThrownBy(() -> NumericalJacobiFields.forGeometry(geometry))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ParallelTransport")
                .hasMessageContaining("Provided value");
    }
}
