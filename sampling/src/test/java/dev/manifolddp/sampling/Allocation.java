package dev.manifolddp.sampling;

import java.lang.management.ManagementFactory;

/** Heap bytes allocated by the current thread, through HotSpot's ThreadMXBean. */
public final class Allocation {

    private Allocation() {
    }

    /** True when the JVM counts allocated bytes per thread. */
    public static boolean supported() {
        return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled();
    }

    /** Bytes the current thread allocated so far. */
    public static long allocatedBytes() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return bean.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
