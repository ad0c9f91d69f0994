package dev.manifolddp.experiments.plugins;

/** The five kinds of pluggable component, with the words used in listings and messages. */
public enum ProviderKind {
    GEOMETRY("geometry", "Geometries"),
    ESTIMATOR("estimator", "Estimators"),
    MECHANISM("mechanism", "Mechanisms"),
    DATA_GENERATOR("data generator", "Data generators"),
    UTILITY("utility measure", "Utility measures");

    private final String word;
    private final String heading;

    ProviderKind(String word, String heading) {
        this.word = word;
        this.heading = heading;
    }

    /** E.g. "data generator". */
    public String word() {
        return word;
    }

    /** E.g. "Data generators". */
    public String heading() {
        return heading;
    }
}
