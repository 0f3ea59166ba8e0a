package org.oltpbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.workload.Family;

/**
 * A repeat's resources and bottleneck as console lines:
 * <pre>
 * [Resources] client 0.41 of 2 cores (96 µs/txn); host 1.97 of 2 busy; net lo 9.1 MB/s in, 9.1 MB/s out
 * [Resources] server mariadbd 4242 (proc, localhost): 1.52 cores, 412 MB, read 0.0 MB/s, write 2.1 MB/s
 * [Resources] efficiency: 2,731 tps per server core
 * [Waits] 7.6 of 8 sessions in transactions: CPU 41%, row and table locks 38% (Lock:tuple; bmsql_district), ... (80 samples over 10.0 s)
 * [Bottleneck] server CPU 1.52 of the 1.59 cores the client left of this host's 2 (96%): the server is the limit
 * </pre>
 */
public final class ResourceLines {
    private ResourceLines() {
    }

    public static List<String> lines(RepeatResult r, Family family) {
        Usage u = r.usage();
        List<String> out = new ArrayList<>();
        boolean stallLine = u.stall().found() && !u.verdict().isTheStall();
        String undecided = u.stall().undecided().isEmpty() ? null : "[Stall] not judged: " + u.stall().undecided();
        if (!u.recorded()) {
            if (u.stall().found()) out.add("[Stall] " + u.stall().evidence());
            if (undecided != null) out.add(undecided);
            return out;
        }
        StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "[Resources] client %s of %d %s", Usage.cores(u.clientCores()),
                u.clientCoresAvailable(), u.clientCoresAvailable() == 1 ? "core" : "cores"));
        if (!Double.isNaN(u.clientMicrosPerTransaction())) {
            c.append(String.format(Locale.ROOT, " (%.0f µs/txn)", u.clientMicrosPerTransaction()));
        }
        if (u.clientHostCores() > 0) c.append(String.format(Locale.ROOT, "; host %.2f of %d busy", u.clientHostBusyCores(), u.clientHostCores()));
        if (u.netInMBps() >= 0) {
            c.append(String.format(Locale.ROOT, "; net %s %.1f MB/s in, %.1f MB/s out", u.netInterface(), u.netInMBps(), u.netOutMBps()));
        }
        out.add(c.toString());
        for (Usage.ServerCores s : u.servers()) out.add("[Resources] server " + server(s, u.seconds()));
        double perCore = org.oltpbench.result.judge.spread.Spreads.perServerCore(r);
        if (!Double.isNaN(perCore)) {
            out.add(String.format(Locale.ROOT, "[Resources] efficiency: %,.0f %s per server core", perCore,
                    family.headline() == Family.Headline.TPMC ? "tpmC" : "tps"));
        }
        if (stallLine) out.add("[Stall] " + u.stall().evidence());
        if (undecided != null) out.add(undecided);
        if (u.waits().sampled()) {
            out.add(String.format(Locale.ROOT, "[Waits] %s (%d samples over %.1f s)",
                    org.oltpbench.result.judge.usage.WaitRules.sessions(u.waits(), r.threads(), u.allServerCores(),
                            org.oltpbench.result.judge.usage.VerdictRules.serverFull(u)), u.waits().samples(),
                    u.seconds()));
        }
        out.add("[Bottleneck] " + u.verdict().evidence());
        return out;
    }

    /** One server's figures; when its source missed intervals, the share of the window they are over. */
    static String server(Usage.ServerCores s, double windowSeconds) {
        StringBuilder b = new StringBuilder(s.name()).append(": ").append(Usage.cores(s.cores())).append(" cores");
        if (s.hostCores() > 0 && s.source() == org.oltpbench.result.repeat.client.ResourceSource.NODE_EXPORTER) {
            b.append(" of ").append(s.hostCores());
        }
        if (s.rssBytes() >= 0) b.append(String.format(Locale.ROOT, ", %d MB", s.rssBytes() / 1_000_000));
        if (s.readMBps() >= 0) b.append(String.format(Locale.ROOT, ", read %.1f MB/s, write %.1f MB/s", s.readMBps(), s.writeMBps()));
        double seen = s.coverage(windowSeconds);
        if (seen < 0.9995) b.append(String.format(Locale.ROOT, " (over the %.1f s of %.1f its source answered, %.0f%%)",
                s.seconds(), windowSeconds, 100 * seen));
        return b.toString();
    }
}
