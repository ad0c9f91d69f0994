package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The trig-free distance (within angle pi/3) against the half-chord {@code atan2} form it replaces, which the test
 * evaluates itself: the same function of p and q to 1e-15 relative (a few ulps: both forms round), on random pairs at angles from 1e-12 to pi/3 and
 * just past it (where the atan2 form takes over), with q off the sphere by up to 1e-8 relative (the data checks'
 * tolerance: the identity used holds for any p and q), on radii from 1e-100 to 1e100.
 */
class SphereDistanceTest {

    private static double halfChordForm(double radius, double[] p, double[] q) {
        double a = 0;
        double b = 0;
        for (int i = 0; i < p.length; i++) {
            a += (q[i] - p[i]) * (q[i] - p[i]);
            b += (q[i] + p[i]) * (q[i] + p[i]);
        }
        return radius * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(b));
    }

    @Test
    void agreesWithTheHalfChordFormOnAndOffTheSphere() {
        Random random = new Random(53);
        int polynomial = 0;
        for (double radius : new double[] {1e-100, 1.0, 2.5, 1e100}) {
            for (int d : new int[] {1, 2, 5}) {
                SphereGeometry sphere = new SphereGeometry(d, radius);
                for (int trial = 0; trial < 2000; trial++) {
                    double[] p = randomPoint(random, d + 1, radius);
                    double angle = trial % 10 == 0 ? Math.PI / 3 * (1 + 1e-3 * random.nextGaussian())
                            : Math.PI / 3 * Math.pow(1e-12, random.nextDouble());
                    double[] q = pointAtAngle(random, p, radius, angle);
                    if (trial % 2 == 1) {
                        double off = 1 + 1e-8 * (2 * random.nextDouble() - 1);
                        for (int i = 0; i < q.length; i++) {
                            q[i] *= off;
                        }
                    }
                    double expected = halfChordForm(radius, p, q);
                    assertThat(sphere.distance(p, q)).as("R = %s, d = %d, angle %s", radius, d, angle)
                            .isCloseTo(expected, Offset.offset(1e-15 * expected));
                    if (expected / radius <= Math.PI / 3) {
                        polynomial++;
                    }
                }
            }
        }
        assertThat(polynomial).as("pairs on the polynomial path").isGreaterThan(20_000);
    }

    @Test
    void coincidentPointsAreAtDistanceZero() {
        SphereGeometry sphere = new SphereGeometry(2, 1.0);
        double[] p = {0.6, 0.0, 0.8};
        assertThat(sphere.distance(p, p.clone())).isZero();
    }

    private static double[] randomPoint(Random random, int length, double radius) {
        double[] p = new double[length];
        double norm = 0;
        for (int i = 0; i < length; i++) {
            p[i] = random.nextGaussian();
            norm += p[i] * p[i];
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < length; i++) {
            p[i] *= radius / norm;
        }
        return p;
    }

    /** {@code cos(angle) p + sin(angle) R u} for a random unit u orthogonal to p. */
    private static double[] pointAtAngle(Random random, double[] p, double radius, double angle) {
        double[] u = randomPoint(random, p.length, 1.0);
        double dot = 0;
        for (int i = 0; i < p.length; i++) {
            dot += u[i] * p[i] / radius;
        }
        double norm = 0;
        for (int i = 0; i < p.length; i++) {
            u[i] -= dot * p[i] / radius;
            norm += u[i] * u[i];
        }
        norm = Math.sqrt(norm);
        double[] q = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            q[i] = Math.cos(angle) * p[i] + Math.sin(angle) * radius * u[i] / norm;
        }
        return q;
    }
}
