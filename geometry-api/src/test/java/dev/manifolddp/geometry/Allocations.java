package dev.manifolddp.geometry;

import java.lang.management.ManagementFactory;

/**
 * Measures the heap bytes the current thread allocates while running a piece of code, through HotSpot's
 * {@code com.sun.management.ThreadMXBean}. Used to hold hot paths to "allocates nothing per call".
 */
public final class Allocations {

    private Allocations() {
    }

    /** True when this JVM can count allocated bytes per thread. */
    public static boolean supported() {
        return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled();
    }

    /** Measurement rounds; the smallest is reported. */
    private static final int ROUNDS = 5;

    /**
     * Bytes allocated per call of {@code body}, averaged over {@code calls} calls after as many warm-up calls (so
     * that one-time allocations such as thread-local workspaces are not counted). The smallest of a few rounds is
     * returned: a genuine per-call allocation shows in every round, while the interpreter's allocations before the
     * JIT has compiled the body (which a loaded machine delays) show in the first rounds only.
     */
    public static double bytesPerCall(Runnable body, int calls) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < calls; i++) {
            body.run();
        }
        double smallest = Double.POSITIVE_INFINITY;
        for (int round = 0; round < ROUNDS && smallest > 0; round++) {
            long before = bean.getThreadAllocatedBytes(thread);
            for (int i = 0; i < calls; i++) {
                body.run();
            }
            long after = bean.getThreadAllocatedBytes(thread);
            smallest = Math.min(smallest, (after - before) / (double) calls);
        }
        return smallest;
    }
}
