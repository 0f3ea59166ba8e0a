package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigException;
import org.oltpbench.report.LabeledRun;
import org.oltpbench.result.Fixtures;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.run.RunResult;
import org.oltpbench.result.workload.WorkloadInfo;

/** Tables and ratios against figures worked out by hand from the fixtures' counts. */
class ComparisonTest {

    /** A sysbench run whose levels 4 and 8 made {@code tx4} and {@code tx8} transactions in 10 s. */
    private static RunResult run(long tx4, long tx8, RepeatResult.Status status8, WorkloadInfo w) {
        return Fixtures.with(Fixtures.run(List.of(level(4, tx4, RepeatResult.COMPLETED), level(8, tx8, status8))), w);
    }

    private static LevelResult level(int threads, long tx, RepeatResult.Status status) {
        return new LevelResult(threads, Map.of(), status == RepeatResult.COMPLETED ? 0 : -1,
                List.of(Fixtures.sysbench(1, threads, tx, status)));
    }

    private static WorkloadInfo scale(int tables, int tableSize) {
        return Fixtures.sysbenchInfo(tables, tableSize);
    }

    private static Comparison twoRuns(String baseline) {
        LabeledRun ob = new LabeledRun("OB", Path.of("ob"), run(3000, 5000, RepeatResult.COMPLETED, scale(4, 1000)));
        LabeledRun my = new LabeledRun("MySQL", Path.of("my"), run(2000, 4000, RepeatResult.ABORTED, scale(4, 1000)));
        return new Comparison(List.of(ob, my), baseline, false);
    }

    @Test
    void rowsAreTheSeedsFiguresThenRatiosToTheFirstRun() {
        Comparison c = twoRuns(null);
        assertEquals(List.of(4, 8), c.levels());
        List<Comparison.Row> rows = c.rows(4);
        assertEquals(List.of("tps ↑", "qps ↑", "avg(ms) ↓", "max(ms) ↓", "95th percentile(ms) ↓", "tps / OB ↑", "qps / OB ↑",
                "95th percentile(ms) / OB ↓"), rows.stream().map(Comparison.Row::label).toList());
        // 3000 and 2000 transactions in 10 s; 20 statements each (14 reads, 4 writes, 2 other)
        assertEquals("300.00", rows.get(0).cells().get(0).text());
        assertEquals("200.00", rows.get(0).cells().get(1).text());
        assertEquals("6000.00", rows.get(1).cells().get(0).text());
        assertEquals("2.00", rows.get(2).cells().get(0).text(), "2 ms each, from the exact sum");
        assertEquals("1.00", rows.get(5).cells().get(0).text());
        assertEquals("0.67", rows.get(5).cells().get(1).text(), "200 / 300");
    }

    /**
     * CH's rows: QphH (a ratio row) and freshness p95 beside tpmC when a run at the level ran analytic streams; "-" for
     * the run without. 90 queries in 10 s = 32,400 an hour; freshness 20, 40, 60 ms: p95 0.06 s.
     */
    @Test
    void analyticStreamsAddQphHAndFreshnessRows() {
        var tpcc = Fixtures.tpccInfo(1);
        RepeatResult alone = Fixtures.tpcc(4, 10, 100, 1, 90, RepeatResult.COMPLETED);
        var q = new org.oltpbench.result.repeat.analytics.QueryMetrics("Q1", 90, 0, 0, 0, Fixtures.hist(100_000), 15);
        RepeatResult with = Fixtures.tpcc(4, 10, 60, 1, 50, RepeatResult.COMPLETED).withAnalytics(new org.oltpbench.result.repeat.analytics.Analytics(
                2, "the OLTP front end", 10.0, List.of(q), Fixtures.hist(20_000, 40_000, 60_000), 100, 0, List.of()));
        LabeledRun a = new LabeledRun("0streams", Path.of("a"), Fixtures.with(Fixtures.run(List.of(new LevelResult(4, java.util.Map.of(), 0,
                List.of(alone)))), tpcc));
        LabeledRun b = new LabeledRun("2streams", Path.of("b"), Fixtures.with(Fixtures.run(List.of(new LevelResult(4, java.util.Map.of(), 0,
                List.of(with)))), tpcc));
        List<Comparison.Row> rows = new Comparison(List.of(a, b), null, false).rows(4);
        Comparison.Row qphH = rows.stream().filter(r -> r.label().equals("QphH ↑")).findFirst().orElseThrow();
        assertEquals("-", qphH.cells().get(0).text());
        assertEquals("32400.00", qphH.cells().get(1).text());
        Comparison.Row fresh = rows.stream().filter(r -> r.label().equals("freshness p95(s) ↓")).findFirst().orElseThrow();
        assertEquals("0.06", fresh.cells().get(1).text());
        assertTrue(rows.stream().anyMatch(r -> r.label().equals("QphH / 0streams ↑")));
    }

    @Test
    void baselineNamesTheDivisor() {
        Comparison c = twoRuns("MySQL");
        Comparison.Row tps = c.rows(4).get(5);
        assertEquals("tps / MySQL ↑", tps.label());
        assertEquals("1.50", tps.cells().get(0).text(), "300 / 200");
        assertEquals(1.5, tps.cells().get(0).value(), 1e-12);
        assertThrows(ConfigException.class, () -> twoRuns("TiDB"));
    }

    @Test
    void anAbortedLevelIsFlaggedInEveryTable() {
        Comparison c = twoRuns(null);
        assertEquals("400.00 *", c.rows(8).get(0).cells().get(1).text());
        assertEquals("500.00", c.rows(8).get(0).cells().get(0).text(), "the completed run's figure carries no flag");
        assertEquals("0.80 *", c.rows(8).get(5).cells().get(1).text(), "a ratio with an aborted side is flagged too");
        String md = CompareTables.markdown(c);
        assertTrue(md.contains("| tps ↑ | 500.00 | 400.00 * |"), md);
        assertTrue(md.contains("\\* aborted"), md);
        assertTrue(CompareTables.csv(c).contains("8,tps / OB ↑,1.00,0.80 *"), CompareTables.csv(c));
        assertTrue(CompareTables.html(c).contains("<td>400.00 *</td>"));
    }

    @Test
    void aLevelOnlyOneRunHasShowsADash() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        RunResult one = Fixtures.run(List.of(level(4, 1000, RepeatResult.COMPLETED)));
        LabeledRun b = new LabeledRun("b", Path.of("b"), Fixtures.with(one, scale(1, 10)));
        Comparison c = new Comparison(List.of(a, b), null, false);
        assertEquals("-", c.rows(8).get(0).cells().get(1).text());
        assertEquals("-", c.rows(8).get(5).cells().get(1).text());
    }

    @Test
    void differentScalesOrWorkloadsAreRefusedUnlessForced() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(4, 1000)));
        LabeledRun b = new LabeledRun("b", Path.of("b"), run(1000, 2000, RepeatResult.COMPLETED, scale(4, 5000)));
        ConfigException e = assertThrows(ConfigException.class, () -> new Comparison(List.of(a, b), null, false));
        assertEquals("the runs differ in scale: 4 tables x 1000 rows in a and 4 tables x 5000 rows in b; compare runs of "
                + "one workload and scale, or add --force", e.getMessage());
        new Comparison(List.of(a, b), null, true);
        RunResult t = Fixtures.run(List.of());
        LabeledRun tpcc = new LabeledRun("t", Path.of("t"), Fixtures.with(t, Fixtures.tpccInfo(4)));
        assertTrue(assertThrows(ConfigException.class, () -> new Comparison(List.of(a, tpcc), null, false)).getMessage()
                .startsWith("the runs differ in workload: a ran oltp_read_write, t ran tpcc"));
        assertThrows(ConfigException.class, () -> new Comparison(List.of(a, a), null, true), "one label twice");
    }

    /** Runs on equal terms list no difference; a protocol that differs is named, and the ratios carry a mark. */
    @Test
    void differencesAreListedAndUnequalRatiosMarked() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        LabeledRun b = new LabeledRun("b", Path.of("b"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        Comparison same = new Comparison(List.of(a, b), null, false);
        assertEquals(List.of(), same.differences());
        assertEquals("tps / a ↑", same.rows(4).get(5).label());

        var t = Fixtures.terms();
        RunResult text = Fixtures.with(b.run(), new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(),
                org.oltpbench.result.run.Terms.Protocol.CLIENT_TEXT, t.isolation(), "", Map.of("ob_query_timeout", "5000000"), Map.of(), "off"));
        Comparison unequal = new Comparison(List.of(a, new LabeledRun("b", Path.of("b"), text)), null, false);
        assertEquals(List.of("statement protocol: a server-side prepared; b client-side text",
                "session variables: a {}; b {ob_query_timeout=5000000}"), unequal.differences());
        assertEquals("tps / a ↑ †", unequal.rows(4).get(5).label());
        String md = CompareTables.markdown(unequal);
        assertTrue(md.indexOf("### Differences between the runs") < md.indexOf("| threads 4 |"), md);
        assertTrue(md.contains("† the runs differ in statement protocol, isolation, tuning or TLS"), md);
    }

    /**
     * Issue 47: runs whose driver properties differ list only the properties that differ, each run's value; a file
     * without them (before 3.14) lists none, and they are no unequal term for the ratios (the driver is named apart).
     */
    @Test
    void differentDriverPropertiesAreListedByName() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        var t = Fixtures.terms();
        java.util.function.Function<Map<String, String>, RunResult> with = p -> Fixtures.with(a.run(),
                new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(), t.protocol(), t.isolation(),
                        t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls(), p));
        Comparison c = new Comparison(List.of(
                new LabeledRun("x", Path.of("x"), with.apply(Map.of("cachePrepStmts", "true", "useConfigs", "maxPerformance"))),
                new LabeledRun("y", Path.of("y"), with.apply(Map.of("cachePrepStmts", "true", "useConfigs", org.oltpbench.result.run.Terms.BY_URL))),
                new LabeledRun("z", Path.of("z"), with.apply(Map.of("cachePrepStmts", "true", "useConfigs", "maxPerformance", "tcpNoDelay", "true")))),
                null, false);
        assertEquals(List.of("driver properties: x tcpNoDelay=(unset) useConfigs=maxPerformance; "
                + "y tcpNoDelay=(unset) useConfigs=(the URL's); z tcpNoDelay=true useConfigs=maxPerformance"), c.differences());
        assertEquals("tps / x ↑", c.rows(4).get(5).label());
        Comparison old = new Comparison(List.of(new LabeledRun("old", Path.of("o"), with.apply(Map.of())),
                new LabeledRun("new", Path.of("n"), with.apply(Map.of("useConfigs", "maxPerformance")))), null, false);
        assertEquals(List.of(), old.differences());
        // a file before 3.14 first: the two that recorded them are still compared, and it says it did not record them
        Comparison oldFirst = new Comparison(List.of(new LabeledRun("old", Path.of("o"), with.apply(Map.of())),
                new LabeledRun("p", Path.of("p"), with.apply(Map.of("useServerPrepStmts", "true"))),
                new LabeledRun("t", Path.of("t"), with.apply(Map.of("useServerPrepStmts", "false")))), null, false);
        assertEquals(List.of("driver properties: old (not recorded); p useServerPrepStmts=true; t useServerPrepStmts=false"),
                oldFirst.differences());
        // another driver: its own line says so, not a list of every property
        RunResult other = Fixtures.with(a.run(), new org.oltpbench.result.run.Terms("mysql-connector-j", "26.10.0",
                t.protocol(), t.isolation(), t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls(),
                Map.of("useConfigs", "maxPerformance")));
        Comparison drivers = new Comparison(List.of(new LabeledRun("m", Path.of("m"), with.apply(Map.of("sslMode", "disable"))),
                new LabeledRun("j", Path.of("j"), other)), null, false);
        assertEquals(List.of("driver: m MariaDB Connector/J 3.5.1; j mysql-connector-j 26.10.0"), drivers.differences());
    }

    /** Issue 27: runs at different isolation (seekdb's READ-COMMITTED against MariaDB's REPEATABLE-READ) carry the mark. */
    @Test
    void ratiosAcrossIsolationLevelsAreMarked() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        var t = Fixtures.terms();
        RunResult rc = Fixtures.with(a.run(), new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(), t.protocol(),
                "READ-COMMITTED", t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls()));
        RunResult rr = Fixtures.with(a.run(), new org.oltpbench.result.run.Terms(t.driver(), t.driverVersion(), t.protocol(),
                "REPEATABLE-READ", t.transactionMode(), t.sessionVariables(), t.tuning(), t.tls()));
        Comparison c = new Comparison(List.of(new LabeledRun("rr", Path.of("rr"), rr), new LabeledRun("rc", Path.of("rc"), rc)),
                null, false);
        assertEquals(List.of("isolation: rr REPEATABLE-READ; rc READ-COMMITTED"), c.differences());
        assertEquals("tps / rr ↑ †", c.rows(4).get(5).label());
    }

    /**
     * Issue 36: one run encrypted (MariaDB Connector/J 4's default) and one in clear (sysbench's) differ in TLS, and
     * their ratios carry the mark; a file without the field (before 3.6) is not marked against either.
     */
    @Test
    void ratiosAcrossTlsAreMarked() {
        LabeledRun a = new LabeledRun("a", Path.of("a"), run(1000, 2000, RepeatResult.COMPLETED, scale(1, 10)));
        var t = Fixtures.terms();
        java.util.function.Function<String, RunResult> with = tls -> Fixtures.with(a.run(), new org.oltpbench.result.run.Terms(
                t.driver(), t.driverVersion(), t.protocol(), t.isolation(), t.transactionMode(), t.sessionVariables(),
                t.tuning(), tls));
        Comparison c = new Comparison(List.of(new LabeledRun("clear", Path.of("c"), with.apply("off")),
                new LabeledRun("tls", Path.of("t"), with.apply("TLSv1.3 TLS_AES_256_GCM_SHA384"))), null, false);
        assertEquals(List.of("TLS: clear off; tls TLSv1.3 TLS_AES_256_GCM_SHA384"), c.differences());
        assertEquals("tps / clear ↑ †", c.rows(4).get(5).label());
        Comparison old = new Comparison(List.of(new LabeledRun("old", Path.of("o"), with.apply("")),
                new LabeledRun("clear", Path.of("c"), with.apply("off"))), null, false);
        assertEquals("tps / old ↑", old.rows(4).get(5).label());
    }

    /**
     * TPC-C runs: each level's block ends with one row of the run rules per run: counts by verdict and the failed
     * clauses (issue 36 §2; the table of rules is report.html's). A's consistency was checked (3.3.2 PASS), B's not
     * (n/a): the same rules otherwise.
     */
    @Test
    void tpccBlocksEndWithEachRunsVerdictPerRule() {
        RepeatResult checked = Fixtures.tpcc(10, 60, 450, 5, 430, RepeatResult.COMPLETED).withConsistency(true);
        RepeatResult unchecked = Fixtures.tpcc(10, 60, 450, 5, 430, RepeatResult.COMPLETED);
        LabeledRun a = new LabeledRun("A", Path.of("a"), Fixtures.with(Fixtures.run(List.of(
                new LevelResult(10, Map.of(), 0, List.of(checked)))), Fixtures.tpccInfo(4)));
        LabeledRun b = new LabeledRun("B", Path.of("b"), Fixtures.with(Fixtures.run(List.of(
                new LevelResult(10, Map.of(), 0, List.of(unchecked)))), Fixtures.tpccInfo(4)));
        String md = CompareTables.markdown(new Comparison(List.of(a, b), null, false));
        String row = md.lines().filter(l -> l.startsWith("| TPC-C rules |")).findFirst().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\| TPC-C rules \\| (\\d+) pass, (\\d+) fail \\(([^)]*)\\), "
                + "(\\d+) n/a \\| (\\d+) pass, (\\d+) fail \\(([^)]*)\\), (\\d+) n/a \\|").matcher(row);
        assertTrue(m.matches(), row);
        assertEquals(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(5)) + 1, "3.3.2 passes in A only: " + row);
        assertEquals(Integer.parseInt(m.group(4)) + 1, Integer.parseInt(m.group(8)), "and is n/a in B: " + row);
        // only New-Order and Payment ran: Order-Status, Delivery and Stock-Level are 0% of the mix
        assertTrue(m.group(3).contains("5.2.3") && m.group(3).contains("5.5"), row);
        assertEquals(m.group(3), m.group(7), row);
        assertEquals(1, md.lines().filter(l -> l.startsWith("| TPC-C")).count(), "one row of rules per level");
    }

    /**
     * An interval cell names the figure its limits belong to (issue 43 §5): "mean" over repeats, the figure itself for
     * one run's batch means, which is centred on it.
     */
    @Test
    void anIntervalCellNamesItsCentre() {
        var repeats = new org.oltpbench.stats.Interval(200, 150, 250, 10, 3, org.oltpbench.stats.Interval.Method.REPEATS);
        var batches = new org.oltpbench.stats.Interval(200, 190, 210, 5, 8, org.oltpbench.stats.Interval.Method.BATCH_MEANS);
        assertEquals("mean 200.00 [150.00, 250.00]",
                new Comparison.Cell(200.0, false, false, false, repeats, Comparison.Show.INTERVAL).text());
        assertEquals("200.00 [190.00, 210.00]",
                new Comparison.Cell(200.0, false, false, false, batches, Comparison.Show.INTERVAL).text());
    }

    /** PostgreSQL's errors have no vendor code (0): named by their SQLState, "23505", not "0 (23505)". */
    @Test
    void anErrorWithoutAVendorCodeIsNamedByItsSqlState() {
        var pg = new org.oltpbench.result.repeat.counted.ErrorCount(org.oltpbench.result.repeat.counted.ErrorCount.Kind.IGNORED, "event", 0, "23505", 3, "dup");
        var my = new org.oltpbench.result.repeat.counted.ErrorCount(org.oltpbench.result.repeat.counted.ErrorCount.Kind.IGNORED, "event", 1205, "HY000", 3, "x");
        assertEquals("23505", pg.codeName());
        assertEquals("1205 (HY000)", my.codeName());
    }
}
