package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The built-in shapes keep their exact text (output files depend on it), and a plugin can declare its own. */
class PointLayoutTest {

    /** A plugin's shape: a point of the hyperboloid in R^(1,d), time coordinate first. */
    private enum Hyperboloid implements PointLayout.Kind {
        INSTANCE;

        @Override
        public int length(int size) {
            return size + 1;
        }

        @Override
        public int maxSize() {
            return PointLayout.MAX_LENGTH - 1;
        }

        @Override
        public List<String> columnNames(int size) {
            List<String> names = new ArrayList<>();
            names.add("t");
            for (int i = 1; i <= size; i++) {
                names.add("x" + i);
            }
            return names;
        }

        @Override
        public String format(double[] point, int size) {
            return "(t=" + point[0] + ")";
        }

        @Override
        public String describe(int size) {
            return "point of H^" + size;
        }
    }

    @Test
    void builtInShapesKeepTheirText() {
        PointLayout vector = PointLayout.vector(3);
        assertThat(vector.columnNames()).containsExactly("x0", "x1", "x2");
        assertThat(vector.format(new double[] {1, 0.5, -2})).isEqualTo("[1.00000, 0.500000, -2.00000]");
        assertThat(vector.describe()).isEqualTo("vector in R^3");
        PointLayout matrix = PointLayout.symmetricMatrix(2);
        assertThat(matrix.columnNames()).containsExactly("m0_0", "m0_1", "m1_0", "m1_1");
        assertThat(matrix.format(new double[] {1, 2, 2, 3})).isEqualTo("[[1.00000, 2.00000], [2.00000, 3.00000]]");
        assertThat(matrix.describe()).isEqualTo("2x2 symmetric matrix");
        PointLayout landmarks = PointLayout.landmarks(2);
        assertThat(landmarks.columnNames()).containsExactly("x1", "y1", "x2", "y2");
        assertThat(landmarks.format(new double[] {1, 2, 3, 4}))
                .isEqualTo("[(1.00000, 2.00000), (3.00000, 4.00000)]");
        assertThat(landmarks.describe()).isEqualTo("2 planar landmarks");
        assertThat(landmarks.kind()).isSameAs(PointLayout.Kind.LANDMARKS);
        assertThatThrownBy(() -> PointLayout.symmetricMatrix(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("k must lie in [1, 3162]");
    }

    @Test
    void aPluginDeclaresItsOwnShape() {
        PointLayout layout = PointLayout.of(Hyperboloid.INSTANCE, 2);
        assertThat(layout.length()).isEqualTo(3);
        assertThat(layout.columnNames()).containsExactly("t", "x1", "x2");
        assertThat(layout.format(new double[] {1, 0, 0})).isEqualTo("(t=1.0)");
        assertThat(layout.parse("1.5, 1, 0.5")).containsExactly(1.5, 1, 0.5);
        assertThat(layout).isEqualTo(PointLayout.of(Hyperboloid.INSTANCE, 2)).isNotEqualTo(PointLayout.vector(3));
        assertThatThrownBy(() -> layout.parse("1, 2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a point of H^2 point needs 3 numbers (t,x1,x2)");
        assertThatThrownBy(() -> PointLayout.of(null, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kind is null");
    }
}
