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

    /**
     * Bytes allocated per call of {@code body}, averaged over {@code calls} calls after as many warm-up calls (so
     * that one-time allocations such as thread-local workspaces are not counted).
     */
    public static double bytesPerCall(Runnable body, int calls) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < calls; i++) {
            body.run();
        }
        long before = bean.getThreadAllocatedBytes(thread);
        for (int i = 0; i < calls; i++) {
            body.run();
        }
        long after = bean.getThreadAllocatedBytes(thread);
        return (after - before) / (double) calls;
    }
}
