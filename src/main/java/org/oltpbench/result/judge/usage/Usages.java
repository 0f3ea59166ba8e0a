package org.oltpbench.result.judge.usage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.client.Resources.ServerUse;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Usage.ServerCores;
import org.oltpbench.result.repeat.usage.Verdict;

/** A repeat's {@link Usage}, derived from its window's intervals, with the verdict {@link VerdictRules} draws. */
public final class Usages {
    private Usages() {
    }

    /**
     * Sums the window's intervals (warm-up excluded) into the level's figures, and draws the verdict from them and from
     * the intervals the level stalled in (what held the host then).
     */
    public static Usage of(List<IntervalResult> intervals, long transactions, int clientCoresAvailable,
                           VerdictRules.Inputs in) {
        Usage u = sum(intervals, transactions, clientCoresAvailable, in.stall());
        if (!u.recorded()) return u;
        List<IntervalResult> quiet = in.stall().quietIn(intervals);
        Usage during = quiet.isEmpty() ? u : sum(quiet, quiet.stream().mapToLong(IntervalResult::transactions).sum(),
                clientCoresAvailable, Stall.NONE);
        return u.with(VerdictRules.of(u, in, during.recorded() ? during : u));
    }

    /** The intervals' figures summed, without a verdict. */
    private static Usage sum(List<IntervalResult> intervals, long transactions, int clientCoresAvailable, Stall stall) {
        double secs = 0, client = 0, hostBusy = 0, wait = 0, waitSeen = 0;
        int hostCores = 0;
        long netIn = 0, netOut = 0;
        boolean netKnown = false;
        String iface = "";
        Map<String, double[]> sums = new LinkedHashMap<>(); // cpu, read, write, seconds seen
        Map<String, ServerUse> last = new LinkedHashMap<>();
        Waits waits = Waits.NONE;
        for (IntervalResult i : intervals) {
            if (!i.warmup()) waits = waits.plus(i.waits());
            if (i.warmup() || i.resources() == Resources.NONE) continue;
            Resources r = i.resources();
            double f = r.client().host().toSeconds(i.seconds());
            secs += i.seconds();
            client += r.clientCpuSeconds(i.seconds());
            hostBusy += f * r.client().host().busy();
            if (r.client().cpuWait().threadsSeconds() >= 0) {
                wait += r.client().cpuWait().threadsSeconds();
                waitSeen += i.seconds();
            }
            hostCores = Math.max(hostCores, r.client().host().cores());
            iface = r.client().netInterface();
            if (r.client().netInBytes() >= 0) {
                netKnown = true;
                netIn += r.client().netInBytes();
                netOut += r.client().netOutBytes();
            }
            for (ServerUse s : r.servers()) {
                double[] sum = sums.computeIfAbsent(s.key(), k -> new double[4]);
                sum[0] += r.serverCpuSeconds(s, i.seconds());
                sum[1] += Math.max(0, s.readBytes());
                sum[2] += Math.max(0, s.writeBytes());
                sum[3] += i.seconds();
                last.put(s.key(), s);
            }
        }
        if (secs <= 0) { // no resources recorded; the waits, sampled apart from them, are kept
            return new Usage(0, 0, 0, 0, 0, List.of(), "", -1, -1, 0, Verdict.NOT_RECORDED, stall, 0, waits);
        }
        List<ServerCores> servers = new ArrayList<>();
        for (var e : sums.entrySet()) {
            ServerUse s = last.get(e.getKey());
            int cores = s.hostCpu().known() ? s.hostCpu().cores() : s.source() == ResourceSource.PROC ? hostCores : 0;
            double[] v = e.getValue();
            double seen = v[3];
            servers.add(new ServerCores(s.source(), s.host(), s.component(), v[0] / seen, cores, s.rssBytes(),
                    s.readBytes() < 0 ? -1 : v[1] / seen / 1e6, s.writeBytes() < 0 ? -1 : v[2] / seen / 1e6, seen, s.cpus()));
        }
        return new Usage(secs, client / secs, clientCoresAvailable, hostCores, hostBusy / secs, servers, iface,
                netKnown ? netIn / secs / 1e6 : -1, netKnown ? netOut / secs / 1e6 : -1, transactions, Verdict.NOT_RECORDED,
                stall, waitSeen > 0 ? wait / waitSeen : 0, waits);
    }

    /**
     * {@code u}, a level's usage, beside the level before it: when its throughput fell below that level's, a verdict
     * that would advise more threads says instead that they did not help.
     */
    public static Usage after(Usage u, int previousThreads, double previousTps, double tps) {
        return tps < previousTps && u.verdict().limit() == Verdict.Limit.NONE
                ? u.with(VerdictRules.fellFrom(u.verdict(), previousThreads, previousTps, tps)) : u;
    }

    /**
     * A merged repeat's usage: no resources or verdict (the clients' hosts differ), but the window's waits, which add
     * over the clients interval by interval ({@link Waits#alongside}), so that report.html's table and compare's rows
     * say where the time went as the chart's band does (they read the usage; with Usage.NONE compare said "not sampled").
     * file/'s Merge is given it by its caller.
     */
    public static Usage waitsOnly(List<IntervalResult> intervals) {
        // the merged intervals hold no resources: Usages.of gives the window's waits and no verdict
        return of(intervals, 0, 0, VerdictRules.Inputs.NONE);
    }
}
