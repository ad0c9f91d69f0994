package dev.manifolddp.estimators;

import dev.manifolddp.geometry.Geometry;

/** A fixed, well-inside point of each test geometry, to centre data balls on. */
final class TestPoints {

    private TestPoints() {
    }

    static double[] base(Geometry geometry) {
        int length = geometry.layout().length();
        return switch (geometry.name()) {
            case "sphere" -> {
                double[] north = new double[length];
                north[length - 1] = 1;
                yield north;
            }
            case "spd/affine-invariant", "spd/log-euclidean" -> {
                int k = geometry.layout().size();
                double[] identity = new double[length];
                for (int i = 0; i < k; i++) {
                    identity[i * k + i] = 1;
                }
                yield identity;
            }
            case "kendall" -> ellipsePreshape(geometry.layout().size());
            default -> throw new AssertionError("no base point for " + geometry.spec());
        };
    }

    /** Landmarks on an ellipse with semi-axes 2 and 1 (centred by symmetry), scaled to unit norm. */
    private static double[] ellipsePreshape(int landmarks) {
        double[] z = new double[2 * landmarks];
        double squared = 0;
        for (int j = 0; j < landmarks; j++) {
            double angle = 2 * Math.PI * j / landmarks;
            z[2 * j] = 2 * Math.cos(angle);
            z[2 * j + 1] = Math.sin(angle);
            squared += z[2 * j] * z[2 * j] + z[2 * j + 1] * z[2 * j + 1];
        }
        double norm = Math.sqrt(squared);
        for (int i = 0; i < z.length; i++) {
            z[i] /= norm;
        }
        return z;
    }
}
