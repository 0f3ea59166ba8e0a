package org.oltpbench.driver;

import java.util.function.LongUnaryOperator;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.measure.resources.ResourceSampler;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.analytics.Analytics;
import org.oltpbench.workload.SideLoad;

/**
 * One level of {@link OneStatement} on a {@link FakeDriver} and a {@link SimClock}, for tests outside this package (the
 * properties): the calling thread is the reporter, every statement takes what {@code statementNanos} says of its start.
 */
public final class SimLevel {
    private SimLevel() {
    }

    /** Runs level {@code s} on one front end, with {@code side} beside the terminals, sampling with {@code sampler}. */
    public static RepeatResult run(SimClock clock, LevelRunner.Settings s, LongUnaryOperator statementNanos, SideLoad side,
                                   ResourceSampler sampler) throws InterruptedException {
        FakeDriver driver = new FakeDriver(clock, statementNanos.applyAsLong(0));
        driver.durations(statementNanos);
        OneStatement workload = new OneStatement();
        workload.side = side;
        Database db = Database.through(driver, Dialects.forName("tidb"), "jdbc:mysql://fe1:4000/db");
        return new LevelRunner(s, workload, db, RunListener.SILENT, new StopSignal(), StartGate.NOW, clock).resources(sampler)
                .run();
    }

    /**
     * A side load (CH's streams) whose stop takes {@code stopNanos} of the level's clock after the window's end: a query
     * the server does not cancel at once.
     */
    public static SideLoad slowToStop(SimClock clock, long stopNanos) {
        return new SideLoad() {
            @Override
            public void open() {
            }

            @Override
            public void start(long t0, long windowStart, java.util.function.LongSupplier deadline) {
            }

            @Override
            public Analytics stop(long windowEnd) throws InterruptedException {
                clock.parkUntil(clock.nanoTime() + stopNanos);
                return Analytics.NONE;
            }
        };
    }
}
