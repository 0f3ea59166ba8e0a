package org.oltpbench.properties;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.oltpbench.result.repeat.counted.Histograms;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.IntervalResult.TerminalTime;
import org.oltpbench.result.repeat.client.Resources;

/**
 * A level's intervals built from the transactions its terminals ran, as the level loop records them: per 1 s interval,
 * the transactions that ended in it and the terminals' due time (each transaction's span from when it was due to its
 * end, cut at the edges) and paused time (the rest of each terminal's interval: waiting for an arrival, keying,
 * thinking). The transactions are drawn on a seeded generator, so a scenario is a pure function of its parameters.
 */
final class Offered {
    /** One transaction: due from {@code due} (its arrival, or the end of its keying), ended at {@code end}, seconds. */
    record Txn(double due, double end) {
    }

    final int terminals, seconds;
    final List<Txn> txns = new ArrayList<>();

    private Offered(int terminals, int seconds) {
        this.terminals = terminals;
        this.seconds = seconds;
    }

    /**
     * Poisson arrivals at {@code perSecond} over {@code seconds}, each served by a free terminal (of {@code terminals})
     * in a service time drawn uniformly from [serviceMs / 2, serviceMs]; with a stall from {@code stallFrom} for
     * {@code stallSecs} (0: none), every transaction in service then ends only when it ends (the server answers
     * nothing), and one arrives at its start.
     */
    static Offered poisson(long seed, double perSecond, int terminals, int seconds, double serviceMs, int stallFrom,
                           int stallSecs) {
        Offered o = new Offered(terminals, seconds);
        Random r = new Random(seed);
        double[] free = new double[terminals];
        List<Double> arrivals = new ArrayList<>();
        for (double t = Windows.exponential(r, 1 / perSecond); t < seconds; t += Windows.exponential(r, 1 / perSecond)) {
            arrivals.add(t);
        }
        if (stallSecs > 0) arrivals.add((double) stallFrom);
        arrivals.sort(null);
        double stallEnd = stallFrom + stallSecs;
        for (double a : arrivals) {
            int k = 0;
            for (int i = 1; i < terminals; i++) if (free[i] < free[k]) k = i;
            double start = Math.max(a, free[k]), service = serviceMs / 1e3 * (0.5 + r.nextDouble() / 2);
            double end = stallSecs > 0 && start < stallEnd && start + service > stallFrom ? stallEnd + service : start + service;
            free[k] = end;
            o.txns.add(new Txn(a, end));
        }
        return o;
    }

    /**
     * Paced terminals, TPC-C's way: each keys and thinks for a time drawn from an exponential of mean {@code pauseSecs}
     * (5.2.5.4's negative exponential), then runs a transaction of [serviceMs / 2, serviceMs]; each starts at a random
     * point of its cycle.
     */
    static Offered paced(long seed, int terminals, int seconds, double pauseSecs, double serviceMs) {
        Offered o = new Offered(terminals, seconds);
        Random r = new Random(seed);
        for (int k = 0; k < terminals; k++) {
            double t = -r.nextDouble() * pauseSecs;
            while (t < seconds) {
                double due = t + Windows.exponential(r, pauseSecs);
                double end = due + serviceMs / 1e3 * (0.5 + r.nextDouble() / 2);
                if (due >= 0 && due < seconds) o.txns.add(new Txn(due, end));
                t = end;
            }
        }
        return o;
    }

    /** The window's 1 s intervals, transactions counted where they ended (those ending after it in the last). */
    List<IntervalResult> intervals(Resources each) {
        long[] ended = new long[seconds];
        double[] due = new double[seconds];
        for (Txn t : txns) {
            ended[Math.min(seconds - 1, (int) Math.floor(t.end()))]++;
            for (int k = (int) Math.floor(t.due()); k < seconds && k < t.end(); k++) {
                due[k] += Math.max(0, Math.min(k + 1, t.end()) - Math.max(k, t.due()));
            }
        }
        List<IntervalResult> out = new ArrayList<>();
        for (int k = 0; k < seconds; k++) {
            TerminalTime time = new TerminalTime(due[k], Math.max(0, terminals - due[k]));
            out.add(Windows.second(k, terminals, ended[k], each, time));
        }
        return out;
    }

    /** The window's latencies, µs, from when each transaction was due. */
    Histogram latency() {
        Histogram h = Histograms.empty();
        for (Txn t : txns) h.recordValue(Math.max(1, Math.round((t.end() - t.due()) * 1e6)));
        return h;
    }
}
