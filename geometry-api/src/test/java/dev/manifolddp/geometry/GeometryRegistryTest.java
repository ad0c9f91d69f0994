package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.manifolddp.spi.Registry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeometryRegistryTest {

    private final Registry<GeometryProvider> geometries = Registry.of(GeometryProvider.KIND,
            List.of(new FlatProvider()));

    @Test
    void parsesNameAndParameters() {
        Geometry g = Geometries.parse(geometries, "flat:n=3");
        assertThat(g.name()).isEqualTo("flat");
        assertThat(g.dimension()).isEqualTo(3);
        assertThat(Geometries.parse(geometries, " flat : n = 4 ").dimension()).isEqualTo(4);
        assertThat(Geometries.parse(geometries, "euclidean:n=2").name()).as("alias").isEqualTo("flat");
        assertThat(geometries.provider("flat").create(Map.of("n", "5")).layout().length()).isEqualTo(5);
    }

    @Test
    void defaultsAreFilledIn() {
        assertThat(Geometries.parse(geometries, "flat").dimension()).isEqualTo(2);
    }

    @Test
    void unknownNamesListTheKnownOnes() {
        assertThatThrownBy(() -> Geometries.parse(geometries, "torus:n=2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown geometry 'torus'").hasMessageContaining("flat")
                .hasMessageContaining("euclidean");
    }

    @Test
    void unknownParametersListTheAcceptedOnes() {
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:n=2,radius=3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no parameter 'radius'").hasMessageContaining("n (default 2)");
    }

    @Test
    void malformedSpecificationsAreRejected() {
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key=value");
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:n=2,n=3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> Geometries.parse(geometries, " ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:n=two")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("integer");
        assertThatThrownBy(() -> Geometries.parse(geometries, "flat:n=0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, ");
    }

    @Test
    void duplicateNamesAreReportedWithTheirSources() {
        assertThatThrownBy(() -> Registry.of(GeometryProvider.KIND, List.of(new FlatProvider(), new FlatProvider())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("two geometry providers claim");
    }

    @Test
    void allocatingFormsValidateTheirArguments() {
        Geometry g = Geometries.parse(geometries, "flat:n=2");
        assertThatThrownBy(() -> g.exp(new double[] {0, 0}, new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("v[1] is NaN");
        assertThatThrownBy(() -> g.log(new double[] {0, 0}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length 1");
        assertThat(g.log(new double[] {1, 2}, new double[] {4, 6})).containsExactly(3, 4);
        assertThat(g.norm(new double[] {0, 0}, new double[] {3, 4})).isEqualTo(5.0);
    }

    @Test
    void validatingDecoratorChecksOutFormsAndResults() {
        Geometry broken = new FlatProvider.Flat(2) {
            @Override
            public void exp(double[] p, double[] v, double[] out) {
                out[0] = Double.NaN;
                out[1] = 0;
            }
        };
        ValidatingGeometry validating = ValidatingGeometry.wrap(broken);
        assertThatThrownBy(() -> validating.exp(new double[] {0, 0}, new double[] {1, 1}, new double[2]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("result check failed");
        assertThatThrownBy(() -> validating.exp(new double[] {0, 0}, new double[] {1, 1}, new double[3]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out has length 3").hasMessageContaining("array of length 2");
        assertThat(ValidatingGeometry.wrap(validating)).isSameAs(validating);
    }

    @Test
    void layoutsNamePrintAndParsePoints() {
        PointLayout matrix = PointLayout.symmetricMatrix(2);
        assertThat(matrix.length()).isEqualTo(4);
        assertThat(matrix.columnNames()).containsExactly("m0_0", "m0_1", "m1_0", "m1_1");
        assertThat(matrix.parse("1, 0.5; 0.5 2")).containsExactly(1, 0.5, 0.5, 2);
        assertThat(matrix.format(new double[] {1, 0, 0, 1})).isEqualTo("[[1.00000, 0.00000], [0.00000, 1.00000]]");
        PointLayout landmarks = PointLayout.landmarks(2);
        assertThat(landmarks.columnNames()).containsExactly("x1", "y1", "x2", "y2");
        assertThat(landmarks.format(new double[] {1, 2, 3, 4})).isEqualTo("[(1.00000, 2.00000), (3.00000, 4.00000)]");
        assertThatThrownBy(() -> matrix.parse("1,2,3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 4 numbers");
        assertThatThrownBy(() -> matrix.parse("1,2,x,4")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 3 (m1_0) is not a number");
    }
}
