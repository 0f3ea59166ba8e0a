package org.oltpbench.result.repeat.client;

/**
 * The client's share of the machine during a measured window. When the client uses more than half of the cores it
 * may use (the processors its JVM sees: the host's, or fewer when it is pinned) the result may measure the client
 * rather than the database, and the repeat is flagged.
 *
 * @param processSeconds CPU time (user + system) the oltpbench process used in the window
 * @param cores          {@code processSeconds / window seconds}: how many cores the client kept busy
 * @param hostCores      processors the JVM sees
 * @param hostBusy       share of all the host's CPU time that was busy in the window (0..1, from /proc/stat); -1 unknown
 * @param jitSeconds     the JVM's JIT compilers' time in the window (its CompilationMXBean; schema 3.17: 0 and absent in
 *                       older files and where the JVM does not say)
 * @param gcSeconds      its collectors' time in the window (GarbageCollectorMXBeans; 3.17)
 */
public record ClientCpu(double processSeconds, double cores, int hostCores, double hostBusy,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                        double jitSeconds,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                        double gcSeconds) {

    /** Without the JVM's counts (results before 3.17, merged runs). */
    public ClientCpu(double processSeconds, double cores, int hostCores, double hostBusy) {
        this(processSeconds, cores, hostCores, hostBusy, 0, 0);
    }

    /** What the flag (!) means, as every output says it. */
    public static final String SATURATED_NOTE = "the client used more than half of the cores it may use; the figures "
            + "may measure the client";

    /** The client saturation rule: more than half of the cores it may use. */
    public boolean saturated() {
        return cores > hostCores / 2.0;
    }

    /** "the 2 cores", "the 1 core": the cores it may use, for a sentence. */
    public String mayUse() {
        return "the " + hostCores + (hostCores == 1 ? " core" : " cores") + " it may use";
    }
}
