package org.oltpbench.measure.resources;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.oltpbench.it.PgServer;

/**
 * PostgreSQL runs a process per connection: the server's CPU is the postmaster's tree, not the postmaster. Four
 * connections burn CPU in their backends for 5 s; LocalProcess (found by the port) must agree within 5% with a plain
 * sum of utime + stime over every process under the postmaster, read by this test from /proc, while the postmaster
 * alone (what was read before) saw almost nothing.
 */
class PostgresTreeIT {

    @Test
    void theServersCpuIsThePostmastersTree() throws Exception {
        PgServer.Target pg = PgServer.get();
        int port = URI.create(pg.url().substring(5)).getPort();
        LocalProcess probe = new LocalProcess(Path.of("/proc"), port);
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> load = new ArrayList<>();
        List<Connection> open = new ArrayList<>();
        for (int i = 0; i < 4; i++) open.add(DriverManager.getConnection(pg.url(), pg.user(), ""));
        try {
            // both readings with these backends idle (connected, no statement running); the server is shared with other
            // IT classes, whose backends run meanwhile, so each LocalProcess reading is bracketed by two of the tree's
            // by hand: what LocalProcess saw lies between the inner and the outer difference of the brackets
            long postmaster = postmaster(probe);
            double treeA1 = tree(postmaster), topA = own(postmaster);
            double seenA = probe.read().get(0).cpuSeconds();
            double treeA2 = tree(postmaster);
            for (Connection c : open) {
                Thread t = new Thread(() -> burn(c, stop));
                t.start();
                load.add(t);
            }
            // until the backends ran 1.2 CPU-s (5 s on an idle host; longer beside a CPU burner and another IT JVM,
            // where 5 s once gave them 1.0), or a minute
            for (long end = System.nanoTime() + 60_000_000_000L; tree(postmaster) - treeA2 < 1.2 && System.nanoTime() < end; ) {
                Thread.sleep(500);
            }
            stop.set(true);
            for (Thread t : load) t.join();
            double treeB1 = tree(postmaster);
            double seenB = probe.read().get(0).cpuSeconds();
            double treeB2 = tree(postmaster), topB = own(postmaster);
            double seen = seenB - seenA, inner = treeB1 - treeA2, outer = treeB2 - treeA1, top = topB - topA, tree = inner;
            System.out.printf("postgres tree: LocalProcess %.2f CPU-s, the tree by hand %.2f to %.2f, the postmaster alone %.2f%n",
                    seen, inner, outer, top);
            assertTrue(tree > 1.0, "4 busy backends within a minute: " + tree);
            assertTrue(seen >= 0.95 * inner && seen <= 1.05 * outer, "LocalProcess " + seen + " CPU-s, the tree " + inner
                    + " to " + outer);
            assertTrue(top < 0.05 * tree, "the postmaster alone " + top);
        } finally {
            stop.set(true);
            for (Thread t : load) t.join();
            for (Connection c : open) c.close();
        }
    }

    private static void burn(Connection c, AtomicBoolean stop) {
        try (Statement s = c.createStatement()) {
            while (!stop.get()) s.execute("SELECT count(*) FROM generate_series(1, 200000)");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The pid LocalProcess found: its component is "NAME :PORT", so find the listener the same way ss would. */
    private static long postmaster(LocalProcess probe) throws Exception {
        probe.read();
        java.lang.reflect.Field f = LocalProcess.class.getDeclaredField("pid");
        f.setAccessible(true);
        return (long) f.get(probe);
    }

    /** utime + stime + cutime + cstime of one process, in seconds (fields 14-17 of /proc/PID/stat); 0 once it ended. */
    private static double withReaped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;
        } catch (Exception e) {
            return 0;
        }
    }

    /** utime + stime of one process, in seconds (fields 14 and 15 of /proc/PID/stat). */
    private static double own(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    }

    /**
     * utime + stime + the reaped children's cutime + cstime (fields 14-17), summed over the process and every process
     * under it: a backend whose connection closed (another class's, on the shared server) leaves its time in the
     * postmaster's cutime, as LocalProcess counts it.
     */
    private static double tree(long root) throws Exception {
        Map<Long, Long> parent = new HashMap<>();
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d : dirs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(d.resolve("stat"));
                    parent.put(Long.parseLong(d.getFileName().toString()),
                            Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]));
                } catch (Exception e) {
                    // ended
                }
            }
        }
        double sum = 0;
        for (long pid : parent.keySet()) {
            long p = pid;
            while (p > 1 && p != root) p = parent.getOrDefault(p, 0L);
            if (p == root) sum += withReaped(pid);
        }
        return sum;
    }
}
