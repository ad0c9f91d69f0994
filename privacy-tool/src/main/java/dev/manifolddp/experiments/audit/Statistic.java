package dev.manifolddp.experiments.audit;

import java.util.Locale;

/**
 * A real statistic of a release's coordinates y, whose half-lines {T > t} and {T < t} are the candidate events.
 * Both need only public values and values measured on the selection half.
 */
public enum Statistic {
    /**
     * {@code T = <y, w>}: the signed coordinate along the public direction w from the far to the near boundary point.
     * It is the likelihood ratio's direction for Gaussian noise.
     */
    PROJECTION {
        @Override
        double value(double[] block, int offset, int dimension, double[] direction, double[] centre,
                double[] centreOther) {
            double sum = 0;
            for (int i = 0; i < dimension; i++) {
                sum += block[offset + i] * direction[i];
            }
            return sum;
        }
    },
    /**
     * {@code T = |y - m'| - |y - m|} with m and m' the coordinate-wise medians of the selection-half releases on D
     * and D': the log likelihood ratio (times sigma) of Laplace noise {@code exp(-|y - m|/sigma)}. Its upper
     * half-lines are the cones behind m pointing away from m', where that ratio is largest; a half-line of
     * {@link #PROJECTION} also holds releases far off the axis, where it is not.
     */
    LIKELIHOOD_RATIO {
        @Override
        double value(double[] block, int offset, int dimension, double[] direction, double[] centre,
                double[] centreOther) {
            double toCentre = 0;
            double toOther = 0;
            for (int i = 0; i < dimension; i++) {
                double y = block[offset + i];
                toCentre += (y - centre[i]) * (y - centre[i]);
                toOther += (y - centreOther[i]) * (y - centreOther[i]);
            }
            return Math.sqrt(toOther) - Math.sqrt(toCentre);
        }
    };

    /** T of the row at {@code offset} of {@code block} (NaN when the row is NaN). */
    abstract double value(double[] block, int offset, int dimension, double[] direction, double[] centre,
            double[] centreOther);

    /** The name written in audit.json. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
