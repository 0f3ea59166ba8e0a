package org.oltpbench.result.repeat.client;

/**
 * The client's share of the machine during a measured window. When the client uses more than half of the
 * host's cores the result may measure the client rather than the database, and the repeat is flagged.
 *
 * @param processSeconds CPU time (user + system) the oltpbench process used in the window
 * @param cores          {@code processSeconds / window seconds}: how many cores the client kept busy
 * @param hostCores      processors the JVM sees
 * @param hostBusy       share of all the host's CPU time that was busy in the window (0..1, from /proc/stat); -1 unknown
 */
public record ClientCpu(double processSeconds, double cores, int hostCores, double hostBusy) {

    /** The client saturation rule: more than half of the host's cores. */
    public boolean saturated() {
        return cores > hostCores / 2.0;
    }
}
