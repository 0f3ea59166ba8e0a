package org.oltpbench.workload.pgbench;

import org.oltpbench.measure.ThreadStats;

/**
 * Per-command latency (pgbench's -r), kept in the terminal's tallies without allocation: command k of the run's
 * commands (every script's, in order) adds its nanoseconds to tally {@code 2k} and one to tally {@code 2k + 1}, named
 * by WorkloadInfo.Script#tallies(); they are published with the transaction as every tally is. {@link #NONE} never reads the
 * clock.
 */
class CommandTimes {
    /** Times nothing: a run without -r. */
    static final CommandTimes NONE = new CommandTimes() {
        @Override
        long start() {
            return 0;
        }

        @Override
        void end(ThreadStats stats, int command, long start) {
        }
    };

    long start() {
        return System.nanoTime();
    }

    /** Command {@code command} (its index among all the run's commands) ended. */
    void end(ThreadStats stats, int command, long start) {
        stats.tally(2 * command, System.nanoTime() - start);
        stats.tally(2 * command + 1, 1);
    }

}
