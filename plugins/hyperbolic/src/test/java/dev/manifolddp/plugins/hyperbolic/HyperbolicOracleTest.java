package dev.manifolddp.plugins.hyperbolic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParallelTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Distance, log, exp and parallel transport against 50-digit evaluations of the closed forms
 * ({@code src/test/resources/oracles/generate.py}), including two right triangles at the origin checked against
 * hyperbolic Pythagoras {@code cosh rho = cosh a cosh b} and two points 2.2e-9 apart (where {@code acosh(-<p, q>_L)}
 * would return 0). Relative tolerance 1e-11 of the largest entry: the far case (a point at distance 3.5 from the
 * origin, tangent entries near 85) is conditioned like x0^2 ~ 300, and its exp differs from the 50-digit value by
 * 1.0e-12 relative because the double tangent vector is tangent only up to its rounding; the other cases agree to
 * about 1e-15.
 */
class HyperbolicOracleTest {

    private static final double TOLERANCE = 1e-11;

    record Case(String name, int d, double[] p, double[] q, double[] v, double rho, double[] log, double[] exp,
            double[] transport, Double pythagoras) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() throws IOException {
        List<String[]> rows = new ArrayList<>();
        Map<String, Double> expected = new HashMap<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                HyperbolicOracleTest.class.getResourceAsStream("/oracles/hyperbolic.txt")), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("# ") && line.contains(" expects ")) {
                    String name = line.substring(2, line.indexOf(' ', 2));
                    expected.put(name, Double.parseDouble(line.substring(line.lastIndexOf('=') + 1).trim()));
                } else if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(line.split(";"));
                }
            }
        }
        assertThat(rows).hasSize(6);
        return rows.stream().map(f -> new Case(f[0], Integer.parseInt(f[1]), vector(f[2]), vector(f[3]), vector(f[4]),
                Double.parseDouble(f[5]), vector(f[6]), vector(f[7]), vector(f[8]), expected.get(f[0])));
    }

    private static double[] vector(String field) {
        return Arrays.stream(field.split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void operationsMatchTheClosedForms(Case c) {
        Geometry h = Geometries.parse("hyperbolic:d=" + c.d());
        double[] out = new double[c.d() + 1];
        assertThat(h.distance(c.p(), c.q())).as("rho").isCloseTo(c.rho(), Offset.offset(TOLERANCE * c.rho()));
        h.log(c.p(), c.q(), out);
        assertClose(out, c.log(), "log(p, q)");
        h.exp(c.p(), c.v(), out);
        assertClose(out, c.exp(), "exp(p, v)");
        h.capability(ParallelTransport.class).orElseThrow().transport(c.p(), c.q(), c.v(), out);
        assertClose(out, c.transport(), "transport(p, q, v)");
        if (c.pythagoras() != null) {
            assertThat(h.distance(c.p(), c.q())).as("hyperbolic Pythagoras").isCloseTo(c.pythagoras(),
                    Offset.offset(1e-14 * c.pythagoras()));
        }
    }

    private static void assertClose(double[] actual, double[] expected, String what) {
        double scale = 0;
        for (double e : expected) {
            scale = Math.max(scale, Math.abs(e));
        }
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).as("%s[%d]", what, i).isCloseTo(expected[i], Offset.offset(TOLERANCE * scale));
        }
    }
}
