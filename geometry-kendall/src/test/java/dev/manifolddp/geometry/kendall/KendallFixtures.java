package dev.manifolddp.geometry.kendall;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.LandmarkShapes;
import java.util.Random;

/** Random inputs shared by the Kendall tests. */
final class KendallFixtures {

    private KendallFixtures() {
    }

    /** A configuration with independent standard Gaussian coordinates. */
    static double[] gaussianConfiguration(int landmarks, Random random) {
        double[] configuration = new double[2 * landmarks];
        for (int i = 0; i < configuration.length; i++) {
            configuration[i] = random.nextGaussian();
        }
        return configuration;
    }

    /** The pre-shape of a Gaussian configuration. */
    static double[] randomPreshape(Geometry geometry, Random random) {
        LandmarkShapes shapes = geometry.capability(LandmarkShapes.class).orElseThrow();
        return shapes.preshape(gaussianConfiguration(shapes.landmarks(), random));
    }

    /** {@code e^(i angle) z}: every landmark rotated counter-clockwise by {@code angle}. */
    static double[] rotate(double[] z, double angle) {
        double[] out = new double[z.length];
        ComplexLandmarks.rotate(z, Math.cos(angle), Math.sin(angle), out);
        return out;
    }

    /** A horizontal tangent vector at p of the given length in a random direction. */
    static double[] tangent(Geometry geometry, double[] p, Random random, double length) {
        double[] ambient = new double[p.length];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = random.nextGaussian();
        }
        double[] v = geometry.projectToTangent(p, ambient);
        double norm = geometry.norm(p, v);
        for (int i = 0; i < v.length; i++) {
            v[i] *= length / norm;
        }
        return v;
    }

    static double dot(double[] a, double[] b) {
        return ComplexLandmarks.dot(a, b);
    }

    static double maxAbsDifference(double[] a, double[] b) {
        double worst = 0;
        for (int i = 0; i < a.length; i++) {
            worst = Math.max(worst, Math.abs(a[i] - b[i]));
        }
        return worst;
    }
}
