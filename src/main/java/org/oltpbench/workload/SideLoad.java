package org.oltpbench.workload;

import org.oltpbench.result.repeat.analytics.Analytics;

/**
 * Work that runs beside a level's terminals on connections of its own, and is measured apart from them: CH-benCHmark's
 * analytic streams. The level drives it: {@link #open} once the terminals are ready, {@link #start} when they are
 * released, {@link #stop} at the deadline. Times are the level's clock's nanoseconds.
 */
public interface SideLoad extends AutoCloseable {
    /** None: the level runs its terminals alone. */
    SideLoad NONE = new SideLoad() {
        @Override
        public void open() {
        }

        @Override
        public void start(long t0, long windowStart, java.util.function.LongSupplier deadline) {
        }

        @Override
        public Analytics stop(long windowEnd) {
            return Analytics.NONE;
        }
    };

    /**
     * What it committed on the server between {@link #start} and the end of {@link #stop}, as the server's commit counter
     * sees it: explicit commits, and autocommitted statements (counted where the dialect's counter counts them). The
     * level adds them to the client's count it checks the server's against.
     */
    record Commits(long explicit, long autocommitted) {
        public static final Commits NONE = new Commits(0, 0);
    }

    /** Read after {@link #stop}. */
    default Commits commits() {
        return Commits.NONE;
    }

    /**
     * Opens its connections.
     *
     * @throws java.sql.SQLException when it cannot connect; the level does not start
     */
    void open() throws java.sql.SQLException;

    /**
     * Starts at once; counts only what ends at or after {@code windowStart} and by {@code deadline} (as it stands when
     * asked: Ctrl-C moves it); {@code t0} is the level's start, which the recorded intervals' times count from.
     */
    void start(long t0, long windowStart, java.util.function.LongSupplier deadline);

    /**
     * Ends the window at {@code windowEnd}: what still runs is cancelled and counted as cancelled; returns when every
     * connection is closed.
     */
    Analytics stop(long windowEnd) throws InterruptedException;

    /**
     * Called once the level is over, however it ended: closes what {@link #open} opened when the level never started it,
     * and stops what {@link #start} started when the level failed before {@link #stop}; nothing after a stop.
     */
    @Override
    default void close() {
    }
}
