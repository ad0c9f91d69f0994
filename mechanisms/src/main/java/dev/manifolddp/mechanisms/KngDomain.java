package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.DensityDomain;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.SensitivityBounds;
import dev.manifolddp.geometry.Geometry;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a proven KNG release puts its density: on the data ball with Theorem 1's {@code sigma = 2 Delta / epsilon}
 * (Soto et al. 2022), or on a larger concentric public ball of radius R where the estimator proves a bound psi on
 * the normaliser's change ({@link Estimator#densityDomain}; docs/kng-normaliser.md), with the smallest sigma such
 * that {@code Delta_R / sigma + psi(sigma) <= epsilon}. The larger ball is chosen only when its sigma is smaller;
 * R ranges over a public grid, so the choice reads n, epsilon, the radius and the geometry, never a record.
 *
 * @param radius          the density's domain radius (the data radius when not decoupled)
 * @param sigma           the proven scale on that domain
 * @param sensitivity     Delta on that domain
 * @param normaliserShift psi(sigma), 0 when not decoupled (Theorem 1 pays the normaliser with a second Delta/sigma)
 * @param decoupled       true when the domain is larger than the data ball
 */
record KngDomain(double radius, double sigma, double sensitivity, double normaliserShift, boolean decoupled) {

    /** Domain radii tried between the data radius and the largest one the estimator's proof admits. */
    static final int CANDIDATES = 24;
    /** Fixed-point steps of {@code sigma = Delta_R / (epsilon - psi(sigma))}. */
    private static final int STEPS = 60;

    /** The data ball with Theorem 1's scale. */
    static KngDomain dataBall(double radius, double sigma, double sensitivity) {
        return new KngDomain(radius, sigma, sensitivity, 0, false);
    }

    /**
     * The best proven domain: {@code classic} (the data ball at {@code 2 Delta / epsilon}) unless a larger public
     * ball gives a smaller certified sigma.
     */
    static KngDomain choose(Estimator estimator, Geometry geometry, double radius, int n, double epsilon,
            KngDomain classic) {
        // a pure function of public values, and a run calibrates every replicate of a cell with the same ones
        Key key = new Key(estimator, geometry.spec(), radius, n, epsilon, classic);
        KngDomain known = CHOSEN.get(key);
        if (known == null) {
            known = search(estimator, geometry, radius, n, epsilon, classic);
            CHOSEN.put(key, known);
        }
        return known;
    }

    /** The public values a choice depends on (the estimator by identity: its proof may depend on its settings). */
    private record Key(Estimator estimator, String geometry, double radius, int n, double epsilon,
            KngDomain classic) {
    }

    /** Recent choices: each search costs milliseconds, and runs calibrate every replicate. */
    private static final Map<Key, KngDomain> CHOSEN = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Key, KngDomain> eldest) {
                    return size() > 256;
                }
            });

    private static KngDomain search(Estimator estimator, Geometry geometry, double radius, int n, double epsilon,
            KngDomain classic) {
        double limit = SensitivityBounds.assumption1RadiusLimit(geometry);
        // gaps R - r from a fraction of the classic sigma to the proof's limit, at most 400 sigma and 64 r: a domain
        // many times the data ball only helps where the noise is as large, and its draws leave some geometries'
        // representable range (SPD's exp at radius 1e300)
        double smallest = 0.5 * classic.sigma();
        double largest = Math.min(Math.min(limit * (1 - 1e-9) - radius, 400 * classic.sigma()), 64 * radius);
        KngDomain best = classic;
        if (!(largest > smallest) || !Double.isFinite(radius + largest)) {
            return best;
        }
        // a geometric grid of gaps, then a finer one between the best gap's neighbours
        double ratio = Math.pow(largest / smallest, 1 / (CANDIDATES - 1.0));
        double bestGap = Double.NaN;
        for (int j = 0; j < CANDIDATES; j++) {
            double gap = smallest * Math.pow(ratio, j);
            KngDomain candidate = candidate(estimator, geometry, radius, gap, n, epsilon);
            if (candidate != null && candidate.sigma() < best.sigma()) {
                best = candidate;
                bestGap = gap;
            }
        }
        if (best.decoupled()) {
            for (int j = -REFINE; j <= REFINE; j++) {
                double gap = Math.min(largest, bestGap * Math.pow(ratio, (double) j / (REFINE + 1)));
                KngDomain candidate = candidate(estimator, geometry, radius, gap, n, epsilon);
                if (candidate != null && candidate.sigma() < best.sigma()) {
                    best = candidate;
                }
            }
        }
        // where the noise's typical radius (d sigma, the mean of a Laplace radius in flat space) reaches the data
        // ball, both laws are dominated by their domains, and projecting a draw from the larger ball piles releases
        // on the data ball's boundary, farther from the mean than Theorem 1's draws inside it (measured:
        // docs/kng-normaliser.md §7): keep the data ball there
        if (best.decoupled() && geometry.dimension() * best.sigma() >= radius) {
            return classic;
        }
        return best;
    }

    /** Steps of the finer grid on each side of the best coarse gap. */
    private static final int REFINE = 6;

    /** The domain of radius {@code radius + gap} with its certified sigma, or null when the proof gives none. */
    private static KngDomain candidate(Estimator estimator, Geometry geometry, double radius, double gap, int n,
            double epsilon) {
        Optional<DensityDomain> domain = estimator.densityDomain(geometry, radius, radius + gap, n);
        if (domain.isEmpty()) {
            return null;
        }
        double sigma = certifiedSigma(domain.get(), epsilon);
        return Double.isFinite(sigma) ? new KngDomain(domain.get().radius(), sigma, domain.get().sensitivity(),
                domain.get().normaliserShift().at(sigma), true) : null;
    }

    /**
     * The fixed point of {@code sigma = Delta_R / (epsilon - psi(sigma))} from {@code Delta_R / epsilon} (psi grows
     * with sigma here, so the iteration climbs to the smallest fixed point), nudged up and then checked:
     * {@code Delta_R / sigma + psi(sigma) <= epsilon} must hold at the returned sigma, which is what the proof needs
     * whatever the iteration did. Infinity when no sigma is certified.
     */
    static double certifiedSigma(DensityDomain domain, double epsilon) {
        double sigma = domain.sensitivity() / epsilon;
        for (int step = 0; step < STEPS; step++) {
            double psi = domain.normaliserShift().at(sigma);
            if (!(psi < epsilon)) {
                return Double.POSITIVE_INFINITY;
            }
            double next = domain.sensitivity() / (epsilon - psi);
            boolean settled = Math.abs(next - sigma) <= 1e-9 * sigma;
            sigma = next;
            if (settled) {
                break;
            }
        }
        sigma *= 1 + 1e-6;
        return domain.privacyLoss(sigma) <= epsilon && sigma >= Double.MIN_NORMAL && Double.isFinite(sigma)
                ? sigma : Double.POSITIVE_INFINITY;
    }
}
