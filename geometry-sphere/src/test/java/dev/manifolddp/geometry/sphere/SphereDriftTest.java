package dev.manifolddp.geometry.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import dev.manifolddp.geometry.Geometries;
import dev.manifolddp.geometry.Geometry;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Repeated updates {@code x <- exp(x, t log(x, q))} (a Frechet-mean iteration, an MCMC chain) must stay on the
 * sphere: rounding must not compound into a drift of |x|.
 */
class SphereDriftTest {

    @Test
    void iteratesStayOnTheSphereOverManyUpdates() {
        for (String spec : new String[] {"sphere:d=2", "sphere:d=5,radius=2.5"}) {
            Geometry g = Geometries.parse(spec);
            double radius = ((SphereGeometry) g).radius();
            Random random = new Random(3);
            int n = g.layout().length();
            double[] x = new double[n];
            x[0] = radius;
            double[] target = new double[n];
            double[] step = new double[n];
            double[] next = new double[n];
            double worst = 0;
            for (int iteration = 0; iteration < 2000; iteration++) {
                double norm = 0;
                for (int i = 0; i < n; i++) {
                    target[i] = x[i] + 0.3 * radius * random.nextGaussian();
                    norm += target[i] * target[i];
                }
                for (int i = 0; i < n; i++) {
                    target[i] *= radius / Math.sqrt(norm);
                }
                if (g.distance(x, target) > 0.9 * Math.PI * radius) {
                    continue;
                }
                g.log(x, target, step);
                for (int i = 0; i < n; i++) {
                    step[i] *= 0.5;
                }
                g.exp(x, step, next);
                System.arraycopy(next, 0, x, 0, n);
                double size = 0;
                for (double value : x) {
                    size += value * value;
                }
                worst = Math.max(worst, Math.abs(Math.sqrt(size) - radius) / radius);
            }
            assertThat(worst).as("largest relative deviation of |x| from the radius on %s", spec).isLessThan(1e-14);
        }
    }
}
