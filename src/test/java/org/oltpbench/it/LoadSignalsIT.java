package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.oltpbench.db.Database;
import org.oltpbench.workload.tpcc.TpccWorkload;

/**
 * Issue 43 §4: a signal during a load stops it within seconds, says the warehouses it kept, and a prepare again resumes
 * it. The real jar (under the launcher, as a user's java 17 runs it) loads 2 warehouses, one at a time, into a database
 * of its own on the shared embedded server. Once the server holds its first rows of ITEM it gets SIGINT to its process group (a terminal's
 * Ctrl-C); the prepare again reloads the partial ITEM and gets SIGTERM to its PID alone (docker stop) once the first
 * warehouse's row is in (written last, so the warehouse is complete); a third prepare keeps that warehouse, completes
 * and its checks pass. The signals follow the load's own progress as the server records it, never a sleep.
 */
class LoadSignalsIT {
    private static final Pattern KEPT = Pattern.compile("kept warehouse\\(s\\) ([0-9, -]+) and the items; incomplete: "
            + "warehouse\\(s\\) ([0-9, -]+); run the same command again to resume");
    private static final List<String> SETS = List.of("db=mariadb", "workload=tpcc", "warehouses=2", "loadWorkers=1");

    @Test
    void aSignalStopsTheLoadWithinSecondsAndPrepareAgainResumesIt() throws Exception {
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(LoadSignalsIT.class, "tpcc"))) {
            Stopped first = stopWhen(db, SETS, "SELECT COUNT(*) FROM bmsql_item", 1, "INT", true);
            assertEquals(130, first.code, first.out);
            assertTrue(first.out.contains("prepare interrupted (Ctrl-C) after"), first.out);
            assertTrue(first.out.contains("kept nothing complete; incomplete: warehouse(s) 1-2, the items; run the same "
                    + "command again to resume"), first.out);
            long items = Tools.count(db, "SELECT COUNT(*) FROM bmsql_item");
            assertTrue(items > 0 && items < 100_000 && warehouses(db) == 0, items + " items");

            Stopped second = stopWhen(db, SETS, "SELECT COUNT(*) FROM bmsql_warehouse", 1, "TERM", false);
            assertEquals(143, second.code, second.out);
            // the count said may exceed the one read here: a batch the server was running at the exit may commit after it
            assertTrue(second.out.contains("resuming a prepare: bmsql_item holds ") && second.out.contains(" of 100000 rows; "
                    + "loading it from clean"), second.out);
            assertTrue(second.out.contains("prepare interrupted (SIGTERM) after"), second.out);
            List<Integer> kept = keptAsSaid(second.out, db);
            assertTrue(!kept.isEmpty() && kept.size() < 2, kept.toString());

            Tools.Outcome again = prepareAgain(db, SETS);
            assertEquals(0, again.code(), again.out() + again.err());
            assertTrue(again.out().contains("resuming a prepare: kept warehouse(s) " + TpccWorkload.ranges(kept)), again.out());
            assertTrue(again.out().contains("check passed"), again.out());
            assertEquals(60_000, Tools.count(db, "SELECT COUNT(*) FROM bmsql_customer"));
            assertEquals(200_000, Tools.count(db, "SELECT COUNT(*) FROM bmsql_stock"));
            assertEquals(100_000, Tools.count(db, "SELECT COUNT(*) FROM bmsql_item"));
        }
    }

    /**
     * sysbench's tables, one chunk each and one worker: they load one after the other, and a table is complete with its
     * k index, made after its last row. SIGINT once the second table has rows keeps the first.
     */
    @Test
    void aStoppedSysbenchPrepareKeepsItsCompleteTables() throws Exception {
        List<String> sets = List.of("db=mariadb", "tables=3", "table_size=50000", "loadWorkers=1");
        try (Database db = SharedMariaDb.open(SharedMariaDb.database(LoadSignalsIT.class, "sysbench"))) {
            Stopped stopped = stopWhen(db, sets, "SELECT COUNT(*) FROM sbtest2", 1, "INT", true);
            assertEquals(130, stopped.code, stopped.out);
            Matcher m = Pattern.compile("kept ([a-z0-9, ]+); incomplete: ([a-z0-9, ]+); run the same command again to resume")
                    .matcher(stopped.out);
            assertTrue(m.find(), stopped.out);
            List<String> indexed = new ArrayList<>();
            try (Connection c = db.connect()) {
                for (int t = 1; t <= 3; t++) {
                    try (ResultSet rs = c.getMetaData().getIndexInfo(c.getCatalog(), null, "sbtest" + t, false, true)) {
                        while (rs.next()) if (("k_" + t).equalsIgnoreCase(rs.getString("INDEX_NAME"))) indexed.add("sbtest" + t);
                    }
                }
            }
            assertTrue(indexed.contains("sbtest1") && !indexed.contains("sbtest3"), indexed.toString());
            assertEquals(String.join(", ", indexed), m.group(1), "the kept tables are those the server holds complete");
            Tools.Outcome again = prepareAgain(db, sets);
            assertEquals(0, again.code(), again.out() + again.err());
            assertTrue(again.out().contains("resuming a prepare: kept " + String.join(", ", indexed) + "; reloading from clean"),
                    again.out());
            assertTrue(again.out().contains("check passed"), again.out());
        }
    }

    /** prepare with {@code sets} in this JVM. */
    private static Tools.Outcome prepareAgain(Database db, List<String> sets) {
        List<String> args = new ArrayList<>(List.of("--set", "conn=" + db.url()));
        for (String s : sets) args.addAll(List.of("--set", s));
        args.add("prepare");
        return Tools.cli(args.toArray(new String[0]));
    }

    /** What a stopped prepare printed and its exit code. */
    private record Stopped(int code, String out) {
    }

    /**
     * The jar's prepare, sent {@code signal} (to its process group when {@code group}, else to its PID) once the server
     * answers {@code progress} with at least {@code atLeast} (the load's own progress as committed); asserts that it exits
     * within 5 s of the signal and ran no checks.
     */
    private static Stopped stopWhen(Database db, List<String> sets, String progress, long atLeast, String signal, boolean group)
            throws Exception {
        Path jar = Path.of("target/oltpbench.jar");
        assertTrue(Files.exists(jar), "run through mvn verify: the jar is built in package");
        // its own process group (a terminal's job), with the signals at their defaults (see Tools.DEFAULT_SIGNALS)
        List<String> cmd = new ArrayList<>(List.of("python3", "-c", "import os\nos.setpgrp()\n" + Tools.DEFAULT_SIGNALS,
                Tools.oldJava(), "-jar", jar.toString(), "--set", "conn=" + db.url()));
        for (String s : sets) cmd.addAll(List.of("--set", s));
        cmd.add("prepare");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuffer out = new StringBuffer();
        Thread reader = Thread.ofPlatform().daemon().start(() -> drain(p, out));
        try {
            long deadline = System.nanoTime() + 180_000_000_000L;
            while (p.isAlive() && System.nanoTime() < deadline && counted(db, progress) < atLeast) Thread.sleep(20);
            assertTrue(p.isAlive(), "the prepare ended before " + progress + " reached " + atLeast + ":\n" + out);
            long sentAt = System.nanoTime();
            Process kill = new ProcessBuilder("kill", "-" + signal, "--", (group ? "-" : "") + p.pid()).inheritIO().start();
            assertEquals(0, kill.waitFor(), "kill -" + signal + " failed");
            boolean ended = p.waitFor(5, TimeUnit.SECONDS);
            double took = (System.nanoTime() - sentAt) / 1e9;
            assertTrue(ended, "still loading 5 s after SIG" + signal + ":\n" + out);
            reader.join(5000);
            assertTrue(took < 5, took + " s");
            assertTrue(!out.toString().contains("checking ") && !out.toString().contains("check passed"),
                    "the checks ran after a stopped load:\n" + out);
            return new Stopped(p.exitValue(), out.toString());
        } finally {
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /**
     * The warehouses the line says it kept, which must be exactly those whose row the server holds (a warehouse is
     * complete only with its row, written last), with the rest said to be incomplete.
     */
    private static List<Integer> keptAsSaid(String out, Database db) throws Exception {
        Matcher m = KEPT.matcher(out);
        assertTrue(m.find(), "no line of what was kept and how to resume:\n" + out);
        List<Integer> kept = numbers(m.group(1)), incomplete = numbers(m.group(2));
        List<Integer> onServer = new ArrayList<>();
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT w_id FROM bmsql_warehouse ORDER BY w_id")) {
            while (rs.next()) onServer.add(rs.getInt(1));
        }
        assertEquals(onServer, kept, out);
        List<Integer> all = new ArrayList<>(kept);
        all.addAll(incomplete);
        all.sort(null);
        assertEquals(List.of(1, 2), all, out);
        return kept;
    }

    /** "1-2, 4" as [1, 2, 4]. */
    private static List<Integer> numbers(String ranges) {
        List<Integer> out = new ArrayList<>();
        for (String r : ranges.split(", ")) {
            String[] ends = r.trim().split("-");
            for (int w = Integer.parseInt(ends[0]); w <= Integer.parseInt(ends[ends.length - 1]); w++) out.add(w);
        }
        return out;
    }

    private static void drain(Process p, StringBuffer out) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) out.append(line).append('\n');
        } catch (java.io.IOException e) {
            // the process ended
        }
    }

    private static long warehouses(Database db) throws Exception {
        return counted(db, "SELECT COUNT(*) FROM bmsql_warehouse");
    }

    /** {@code sql}'s count, 0 while its table is not created yet. */
    private static long counted(Database db, String sql) throws Exception {
        try {
            return Tools.count(db, sql);
        } catch (java.sql.SQLException notYet) {
            return 0;
        }
    }

}
