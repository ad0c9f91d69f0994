package dev.manifolddp.mechanisms;

/**
 * How a mechanism turns its sensitivity and budget into a noise scale. {@link Proven} applies the theorem that
 * proves the mechanism's guarantee and is the default. The others exist to reproduce a published figure; a release
 * made with them records the rule and states that its guarantee is not the proven one.
 */
public sealed interface SigmaRule {

    /** The proven calibration (e.g. sigma = 2 Delta / epsilon for KNG, Soto et al. 2022, Theorem 1). */
    record Proven() implements SigmaRule {
        @Override
        public String describe() {
            return "proven";
        }
    }

    /**
     * The calibration a paper used, as each mechanism documents (e.g. KNG on the sphere, Soto et al. 2022, suppl. §2.4.2:
     * sigma = Delta'/epsilon with Delta' = 2r(2 - h_max(r, kmax))/n). A mechanism without one rejects it.
     */
    record Paper() implements SigmaRule {
        @Override
        public String describe() {
            return "paper";
        }
    }

    /**
     * The proven sigma times {@code factor}; for KNG, Theorem 1's sigma on the data ball (Soto et al. 2022) times
     * factor, so {@code scaled:1} reproduces Theorem 1 where the proven rule decouples the density's domain.
     */
    record Scaled(double factor) implements SigmaRule {
        public Scaled {
            if (!(factor > 0) || !Double.isFinite(factor)) {
                throw new IllegalArgumentException("a sigma factor must be finite and > 0. Provided value: " + factor);
            }
        }

        @Override
        public String describe() {
            return "scaled:" + factor;
        }
    }

    /** A fixed sigma, whatever the sensitivity and budget. */
    record Fixed(double sigma) implements SigmaRule {
        public Fixed {
            if (!(sigma > 0) || !Double.isFinite(sigma)) {
                throw new IllegalArgumentException("a fixed sigma must be finite and > 0. Provided value: " + sigma);
            }
        }

        @Override
        public String describe() {
            return "fixed:" + sigma;
        }
    }

    /** The rule as written in configurations: {@code proven}, {@code paper}, {@code scaled:F}, {@code fixed:S}. */
    String describe();

    SigmaRule PROVEN = new Proven();
    SigmaRule PAPER = new Paper();

    /** Parses {@link #describe()}'s forms. */
    static SigmaRule parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.equals("proven")) {
                return PROVEN;
            }
            if (t.equals("paper")) {
                return PAPER;
            }
            if (t.startsWith("scaled:")) {
                return new Scaled(Double.parseDouble(t.substring("scaled:".length())));
            }
            if (t.startsWith("fixed:")) {
                return new Fixed(Double.parseDouble(t.substring("fixed:".length())));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the number in sigma rule '" + t + "' cannot be read", e);
        }
        throw new IllegalArgumentException(
                "unknown sigma rule; use proven, paper, scaled:FACTOR or fixed:SIGMA. Provided value: " + text);
    }

    /** True for the proven calibration. */
    default boolean isProven() {
        return this instanceof Proven;
    }
}
