package dev.manifolddp.experiments.data;

import java.util.Locale;

/**
 * What a message about memory tells the user: the Java heap's maximum, sizes in megabytes, and how to give Java more.
 * The {@code mdp} script passes {@code MDP_JAVA_OPTS} to Java; {@code JAVA_TOOL_OPTIONS} reaches any launcher.
 */
public final class JavaHeap {

    private static final long MB = 1L << 20;
    /** Heaps are suggested in steps of this many megabytes. */
    private static final long STEP = 256;

    private JavaHeap() {
    }

    /** The most this Java runtime's heap may grow to, in bytes. */
    public static long max() {
        return Runtime.getRuntime().maxMemory();
    }

    /** {@code bytes} as megabytes with one decimal, e.g. {@code 61.2 MB}. */
    public static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (double) MB);
    }

    /**
     * How to run with a heap of at least {@code bytes}, rounded up to a step of 256 MB, e.g.
     * {@code MDP_JAVA_OPTS=-Xmx512m ./mdp ... (java -Xmx512m, or JAVA_TOOL_OPTIONS=-Xmx512m with another launcher)}.
     */
    public static String howToGive(long bytes) {
        long megabytes = Math.max(1, (bytes + STEP * MB - 1) / (STEP * MB)) * STEP;
        String size = megabytes % 1024 == 0 ? megabytes / 1024 + "g" : megabytes + "m";
        return String.format(Locale.ROOT, "MDP_JAVA_OPTS=-Xmx%s ./mdp ... (java -Xmx%s, or JAVA_TOOL_OPTIONS=-Xmx%s "
                + "with another launcher)", size, size, size);
    }
}
