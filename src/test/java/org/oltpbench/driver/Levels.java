package org.oltpbench.driver;

import java.util.List;
import org.oltpbench.config.ClientShare;
import org.oltpbench.config.FaultPlan;
import org.oltpbench.config.SweepParams;
import org.oltpbench.config.ThreadModel;

/**
 * One level's settings for tests, through the same parameters a job resolves: a sweep of that one level, everything
 * at its default (no warm-up, no report interval, untimed, unlimited, platform threads, own connections, no fault)
 * unless a call says otherwise.
 */
public final class Levels {
    private final int threads;
    private int repeat = 1, warmupSecs, secs, reportIntervalSecs, connections;
    private long events, seed, perTerminal;
    private double rate, latencyLimitMs;
    private boolean virtual;
    private IgnoreList ignore = new IgnoreList(List.of());
    private FaultPlan fault = FaultPlan.NONE;

    private Levels(int threads) {
        this.threads = threads;
    }

    public static Levels threads(int n) {
        return new Levels(n);
    }

    public Levels repeat(int n) {
        repeat = n;
        return this;
    }

    public Levels warmup(int s) {
        warmupSecs = s;
        return this;
    }

    public Levels time(int s) {
        secs = s;
        return this;
    }

    public Levels events(long n) {
        events = n;
        return this;
    }

    public Levels rate(double tps) {
        rate = tps;
        return this;
    }

    public Levels latencyLimitMs(double ms) {
        latencyLimitMs = ms;
        return this;
    }

    public Levels interval(int s) {
        reportIntervalSecs = s;
        return this;
    }

    public Levels seed(long s) {
        seed = s;
        return this;
    }

    public Levels ignore(IgnoreList i) {
        ignore = i;
        return this;
    }

    public Levels virtual(boolean v) {
        virtual = v;
        return this;
    }

    public Levels connections(int n) {
        connections = n;
        return this;
    }

    public Levels perTerminal(long n) {
        perTerminal = n;
        return this;
    }

    public Levels fault(FaultPlan f) {
        fault = f;
        return this;
    }

    public LevelRunner.Settings build() {
        var level = new SweepParams.LevelParams(threads, threads, secs, events, rate,
                virtual ? ThreadModel.VIRTUAL : ThreadModel.PLATFORM, connections, perTerminal);
        var sweep = new SweepParams(List.of(level), 1, "max", warmupSecs, reportIntervalSecs, reportIntervalSecs, null, 0, seed, List.of(), false,
                ClientShare.ALONE, fault, org.oltpbench.config.SearchParams.NONE, latencyLimitMs);
        return new LevelRunner.Settings(sweep, level, repeat, seed, ignore);
    }
}
