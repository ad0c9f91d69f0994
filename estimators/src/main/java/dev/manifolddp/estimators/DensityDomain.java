package dev.manifolddp.estimators;

/**
 * A public domain for a gradient density {@code exp(-|grad U(x; D)|/sigma)} that is larger than the data's ball: x
 * ranges over the ball of radius {@link #radius()} while the records stay in the data ball of radius r, concentric
 * ({@code docs/kng-normaliser.md}). Decoupling the two lets the boundary cut the density far from where its mass is,
 * so the normalising constant barely depends on the data: for adjacent data sets the privacy loss is at most
 * {@code sensitivity / sigma + normaliserShift(sigma)} instead of Theorem 1's {@code 2 sensitivity / sigma}
 * (Soto et al. 2022).
 *
 * @param radius          the domain's radius R (public, at least the data radius)
 * @param sensitivity     a bound on {@code |grad U(x; D) - grad U(x; D')|_x} over x in the domain and adjacent data
 *                        sets in the data ball
 * @param normaliserShift a bound on {@code |ln Z(D') - ln Z(D)|} as a function of sigma
 */
public record DensityDomain(double radius, double sensitivity, NormaliserShift normaliserShift) {

    public DensityDomain {
        if (!(radius > 0) || !Double.isFinite(radius) || !(sensitivity > 0) || !Double.isFinite(sensitivity)
                || normaliserShift == null) {
            throw new IllegalArgumentException("a density domain needs a finite radius and sensitivity > 0 and a "
                    + "normaliser bound. Provided value: radius = " + radius + ", sensitivity = " + sensitivity);
        }
    }

    /** The privacy loss bound of a draw at scale sigma: {@code sensitivity / sigma + normaliserShift(sigma)}. */
    public double privacyLoss(double sigma) {
        return sensitivity / sigma + normaliserShift.at(sigma);
    }

    /** A public bound on how much the log normalising constant moves between adjacent data sets. */
    @FunctionalInterface
    public interface NormaliserShift {

        /** The bound at scale sigma ({@code +infinity} where the proof gives none). */
        double at(double sigma);
    }
}
