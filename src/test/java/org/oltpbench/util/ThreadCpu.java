package org.oltpbench.util;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time, for tests that bound the cost of work done on one thread: unlike the wall clock it
 * does not grow while other processes hold the cores (a loaded CI host made wall-clock bounds fail 1 run in 5).
 */
public final class ThreadCpu {
    private static final ThreadMXBean BEAN = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {
    }

    /** CPU nanoseconds this thread has used; the wall clock where the JVM cannot measure thread CPU time. */
    public static long nanos() {
        return BEAN.isCurrentThreadCpuTimeSupported() ? BEAN.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
