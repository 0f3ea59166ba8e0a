package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The resolved parameters: each level's bounds, the workload's record, and every check that spans keys. */
class RunParamsTest {
    private static final ZonedDateTime T0 = ZonedDateTime.of(2026, 11, 24, 9, 5, 7, 0, ZoneOffset.UTC);

    private static RunParams params(String... sets) {
        return RunParams.of(ConfigLoader.load(null, List.of(sets), Map.of()), T0);
    }

    private static String refused(String... sets) {
        return assertThrows(ConfigException.class, () -> params(sets)).getMessage();
    }

    /** threads=0 is CH's analytics-only end: run where streams run, dropped where none do, refused elsewhere. */
    @Test
    void zeroTerminalsAreChsAnalyticsAlone() {
        var threads = (java.util.function.Function<RunParams, List<Integer>>) p -> p.sweep().levels().stream()
                .map(SweepParams.LevelParams::threads).toList();
        assertEquals(List.of(0, 4), threads.apply(params("workload=ch", "threads=0,4", "analyticStreams=2")));
        assertEquals(List.of(4), threads.apply(params("workload=ch", "threads=0,4", "analyticStreams=0")),
                "the 0-streams job of a sweep has no analytics-only level");
        assertEquals(List.of(0, 4), threads.apply(params("workload=ch", "threads=0,4", "analyticStreams=2,0")),
                "a streams list resolves with its first value; each value's job resolves on its own");
        assertEquals("threads=0 runs no terminal, and oltp_read_write has nothing else to run: remove 0 from threads (only "
                + "workload=ch runs its analytic streams alone at 0)", refused("threads=0,4"));
        assertEquals("threads=0 with analyticStreams=0 runs nothing: give analyticStreams a value above 0, or threads a "
                + "level above 0", refused("workload=ch", "threads=0", "analyticStreams=0"));
        assertEquals("threads=0 has no terminal to spend a transaction count: give the levels a time (time=...)",
                refused("workload=ch", "threads=0", "runTxnsPerTerminal=10"));
        assertEquals(List.of(0, 2), threads.apply(params("workload=ch", "warehouses=2", "threads=0,4", "clientCount=2",
                "clientIndex=1")), "0 is split as 0 over clients, 4 as 2 each");
    }

    /** activeWarehouses drives 1..N of the loaded warehouses: refused above them, beside warehouseRange, below the clients. */
    @Test
    void activeWarehousesAreASliceOfTheLoadedOnes() {
        TpccParams t = (TpccParams) params("workload=tpcc", "warehouses=10", "activeWarehouses=4").workload();
        assertEquals(10, t.warehouses(), "the data set's scale is unchanged");
        assertEquals(List.of(1, 4), List.of(t.driven()[0], t.driven()[1]));
        assertEquals(4, t.remoteWarehouses());
        assertEquals(List.of(3, 4), java.util.Arrays.stream(((TpccParams) params("workload=tpcc", "warehouses=10",
                "activeWarehouses=4", "threads=2", "clientCount=2", "clientIndex=1").workload()).driven()).boxed().toList(),
                "client 1's half");
        assertEquals("activeWarehouses=12 is more than the 10 warehouses loaded: set it to 10 or less, or load more with "
                + "warehouses=12", refused("workload=tpcc", "warehouses=10", "activeWarehouses=12"));
        assertEquals("activeWarehouses and warehouseRange both say which warehouses the terminals drive; keep one "
                + "(activeWarehouses=N drives 1..N of the loaded data set)", refused("workload=tpcc", "warehouses=10",
                "activeWarehouses=4", "warehouseRange=1-5"));
    }

    /** threads=search: the search's settings, its first probe as the one level, and each refusal in one line. */
    @Test
    void threadsSearchIsReadWithItsLimitAndRefusedWhereItCannotRun() {
        SweepParams s = params("threads=search", "searchLimit=p99<=20ms", "searchFrom=2").sweep();
        assertEquals(new SearchParams(2, 4096, 0.10, 0.03, 5, new SearchParams.LatencyLimit(99, 20), ThreadModel.AUTO), s.search());
        assertEquals(List.of(2), s.totalThreads(), "the first probe");
        assertEquals(5, s.repeat(), "repeats up to searchMaxRepeats");
        assertEquals(4096, s.maxThreads(), "server limits are checked against searchMax");
        assertEquals(new SearchParams.LatencyLimit(99.9, 50), SearchParams.LatencyLimit.parse("p99.9<=0.05s"));
        assertEquals(SearchParams.NONE, params("threads=4").sweep().search());
        assertEquals("threads=search runs on one client (each probe's level depends on the last): remove clientCount",
                refused("threads=search", "searchFrom=4", "clientCount=2", "clientIndex=0"));
        assertEquals("threads=search repeats each probe until its interval is narrow: remove repeat (searchHalfWidth and "
                + "searchMaxRepeats say how)", refused("threads=search", "repeat=3"));
        assertEquals("searchLimit=p99<20: write a latency percentile's ceiling, e.g. p99<=20ms or p95<=0.05s",
                refused("threads=search", "searchLimit=p99<20"));
        assertEquals("searchLimit bounds a search; these levels are listed: set threads=search (or rate= or warehouses=search), "
                + "or remove searchLimit", refused("threads=4", "searchLimit=p99<=20ms"));
        assertTrue(refused("threads=lots").endsWith("or search (find the peak: searchLimit, searchFrom)"), refused("threads=lots"));
    }

    /** Issue 38: rate=search and warehouses=search, each on its axis, and each refusal in one line. */
    @Test
    void rateAndWarehouseSearchesAreReadOnTheirAxis() {
        SweepParams r = params("threads=4", "rate=search", "searchLimit=p99<=5ms", "searchFrom=250").sweep();
        assertEquals(SearchParams.Axis.RATE, r.search().axis());
        assertEquals(250, r.search().from());
        assertEquals(1_000_000_000, r.search().max(), "a rate search is unbounded unless searchMax is set");
        assertEquals(0.0, r.levels().get(0).rate(), "the probes set the rate");
        assertEquals(4, r.maxThreads());
        assertEquals("rate=search needs searchLimit, e.g. searchLimit=p99<=20ms: the capacity is the highest rate whose "
                + "latency from the scheduled start keeps within it", refused("threads=4", "rate=search"));
        assertEquals("rate=search runs its probes at one thread level: set threads to one number",
                refused("threads=4,8", "rate=search", "searchLimit=p99<=5ms"));
        assertEquals("threads=search and rate=search: a search varies one key; give the others a value",
                refused("threads=search", "rate=search", "searchLimit=p99<=5ms"));
        var w = params("workload=tpcc", "warehouses=search", "searchMax=10", "keyingTime=true", "thinkTime=true",
                "keyingTimeMultiplier=0.01", "thinkTimeMultiplier=0.01");
        assertEquals(SearchParams.Axis.WAREHOUSES, w.sweep().search().axis());
        assertEquals(10, ((TpccParams) w.workload()).warehouses(), "searchMax warehouses are loaded");
        assertEquals(100, w.sweep().maxThreads(), "ten terminals per warehouse at the most");
        assertEquals("warehouses=search loads searchMax warehouses and searches 1..searchMax: set searchMax (the warehouses to "
                + "load, e.g. searchMax=10)", refused("workload=tpcc", "warehouses=search", "keyingTime=true", "thinkTime=true"));
        assertTrue(refused("workload=tpcc", "warehouses=search", "searchMax=4").startsWith("warehouses=search judges each probe "
                + "by TPC-C's efficiency, which needs the spec's pacing"), refused("workload=tpcc", "warehouses=search", "searchMax=4"));
        assertEquals("warehouses=search runs 10 terminals per warehouse of each probe, each on its own connection (TPC-C 4.2.2): "
                + "remove connections", refused("workload=tpcc", "warehouses=search", "searchMax=4", "connections=8",
                "keyingTime=true", "thinkTime=true"));
        assertEquals(SearchParams.Axis.WAREHOUSES, params("workload=tpcc", "warehouses=search", "searchMax=4", "terminals=1,4",
                "keyingTime=true", "thinkTime=true").sweep().search().axis(), "a props file's terminals give way to the search");
        assertEquals("warehouses=search searches TPC-C's warehouses: set workload=tpcc", refused("workload=oltp_read_only",
                "warehouses=search", "searchMax=4"));
        assertTrue(refused("rate=fast").endsWith("or search (the highest rate within searchLimit)"), refused("rate=fast"));
        assertEquals("threads=search on bulk_insert would prepare a table for each of searchMax=4096 threads; set searchMax to "
                + "the most threads worth probing, e.g. searchMax=64", refused("workload=bulk_insert", "threads=search"));
        assertEquals(SearchParams.Axis.THREADS, params("workload=bulk_insert", "threads=search", "searchMax=16").sweep().search()
                .axis());
    }

    @Test
    void benchmarkSqlKeysBoundEachLevel() {
        var levels = params("warehouses=2", "threads=4,8", "runTxnsPerTerminal=100", "limitTxnsPerMin=600").sweep().levels();
        assertEquals(List.of(400L, 800L), levels.stream().map(SweepParams.LevelParams::events).toList(), "100 per terminal");
        assertEquals(0, levels.get(0).secs(), "a transaction count alone bounds the level");
        assertEquals(10.0, levels.get(0).rate(), 1e-12, "600 per minute = 10 per second");
        assertEquals(120, params("runMins=2").sweep().levels().get(0).secs());
        assertEquals(10, params().sweep().levels().get(0).secs(), "time's default");
    }

    /** Issue 36 §3: intervals are recorded every second whatever the console prints; its lines span whole steps. */
    @Test
    void intervalsAreRecordedWhateverTheConsolePrints() {
        assertEquals(1, params().sweep().intervalSecs());
        assertEquals(10, params().sweep().reportIntervalSecs());
        assertEquals(1, params("reportIntervalSecs=0").sweep().intervalSecs());
        assertEquals(5, params("intervalSecs=5", "reportIntervalSecs=10").sweep().intervalSecs());
        assertEquals("reportIntervalSecs=10 is not a whole number of recorded intervals (intervalSecs=3); each printed line "
                + "sums recorded ones: set intervalSecs=1, or a divisor of 10", refused("intervalSecs=3"));
        assertTrue(refused("intervalSecs=0").startsWith("reportIntervalSecs=10 is not a whole number"));
    }

    /** sysbench's --mysql-ssl=on|off names the same key; unset is each protocol's peer's default. */
    @Test
    void tlsByItsOwnNameAndSysbenchs() {
        assertEquals(Tls.DEFAULT, params().target().tls());
        assertEquals(Tls.ON, params("mysql-ssl=on").target().tls());
        assertEquals(Tls.OFF, params("ssl=off").target().tls());
        assertTrue(refused("ssl=maybe").contains("ssl"), refused("ssl=maybe"));
    }

    @Test
    void aBenchmarkSqlPropsFileMeansTpcc() {
        TpccParams t = assertInstanceOf(TpccParams.class, params("warehouses=10", "warehouseRange=3-6").workload());
        assertEquals(3, t.firstWarehouse());
        assertEquals(6, t.lastWarehouse());
        assertEquals(4, t.warehouseCount());
        assertInstanceOf(SysbenchParams.class, params().workload());
        assertInstanceOf(SqlParams.class, params("workload=sql", "query=SELECT 1").workload());
    }

    /** keyingTime/thinkTime switch the spec's pacing on; BenchmarkSQL 6's multipliers scale it, and alone turn it on. */
    @Test
    void pacingSwitchesAndMultipliers() {
        TpccParams off = (TpccParams) params("warehouses=1").workload();
        assertEquals(0.0, off.keyingScale());
        assertEquals(0.0, off.thinkScale());
        TpccParams spec = (TpccParams) params("warehouses=1", "keyingTime=true", "thinkTime=true").workload();
        assertEquals(1.0, spec.keyingScale());
        assertEquals(1.0, spec.thinkScale());
        TpccParams bsql6 = (TpccParams) params("warehouses=1", "keyingTimeMultiplier=0.01", "thinkTimeMultiplier=0.1").workload();
        assertEquals(0.01, bsql6.keyingScale(), "a BenchmarkSQL 6 file paces with its multipliers");
        assertEquals(0.1, bsql6.thinkScale());
        TpccParams vetoed = (TpccParams) params("warehouses=1", "keyingTime=false", "keyingTimeMultiplier=0.5").workload();
        assertEquals(0.0, vetoed.keyingScale(), "an explicit keyingTime=false wins");
        assertEquals(0.0, ((TpccParams) params("warehouses=1", "thinkTimeMultiplier=0").workload()).thinkScale());
    }

    @Test
    void clientsSplitThreadsAndWarehouses() {
        RunParams p = params("warehouses=10", "threads=5,9", "clientCount=2", "clientIndex=1");
        assertEquals(List.of(2, 4), p.sweep().levels().stream().map(SweepParams.LevelParams::threads).toList(),
                "client 1 of 2 takes 5/2 and 9/2 (the remainder goes to client 0)");
        assertEquals(List.of(5, 9), p.sweep().totalThreads());
        assertEquals(6, ((TpccParams) p.workload()).mine()[0], "client 1 of 2 takes warehouses 6-10");
    }

    @Test
    void eachLevelRunsOnTheThreadModelItsSizeNeeds() {
        var levels = params("threads=16,512").sweep().levels();
        assertEquals(ThreadModel.PLATFORM, levels.get(0).model());
        assertEquals(ThreadModel.VIRTUAL, levels.get(1).model());
        assertEquals(ThreadModel.PLATFORM, params("threads=512", "threadModel=platform").sweep().levels().get(0).model());
    }

    @Test
    void startAtPlacesEveryRepeatInItsSlot() {
        SweepParams s = params("startAt=2026-11-24T10:00:00Z", "time=60", "warmupSecs=10", "levelPauseSecs=30",
                "threads=1,2").sweep();
        assertEquals(Instant.parse("2026-11-24T10:00:00Z"), s.start(0));
        assertEquals(Instant.parse("2026-11-24T10:03:20Z"), s.start(2), "two slots of 10 + 60 + 30 s");
        assertNull(params().sweep().start(3), "no startAt: every repeat starts at once");
    }

    @Test
    void resultDirectoryIsFilledOnceFromTheStartTime() {
        assertEquals("results/20261124-090507-mysql-oltp_read_write", params("db=mysql").output().resultDirectory());
        assertEquals("results/20261124-090507-${db}-oltp_read_write", params().output().resultDirectory(),
                "db=auto: ${db} waits for the engine read from the server");
        assertEquals("results/20261124-090507-mariadb-oltp_read_write", params("embedded=true").output().resultDirectory(),
                "db=auto on the embedded server: MariaDB");
        assertEquals("r/tpcc-2", params("workload=tpcc", "clientCount=3", "clientIndex=2", "threads=3",
                "warehouses=3", "resultDirectory=r/${workload}-${clientIndex}").output().resultDirectory());
        assertEquals("r-client1", params("clientCount=2", "clientIndex=1", "threads=2", "resultDirectory=r")
                .output().resultDirectory(), "several clients: -client<i> is appended");
    }

    /** The fault plan: each pair whole, the recovery after the fault, both inside the timed window, intervals on. */
    @Test
    void aFaultPlanIsWholeAndInsideTheWindow() {
        String both = "faultAt and faultCommand go together: set both (faultAt=SECONDS into the measured window, "
                + "faultCommand=the command that causes the fault)";
        assertEquals(both, refused("faultAt=10"));
        assertEquals(both, refused("faultCommand=true"));
        assertEquals("recoverAt and recoverCommand go together: set both, or neither",
                refused("faultAt=10", "faultCommand=true", "recoverAt=20"));
        assertEquals("recoverAt=10 is not after faultAt=10; set recoverAt later than faultAt",
                refused("faultAt=10", "faultCommand=true", "recoverAt=10", "recoverCommand=true"));
        assertEquals("faultAt and recoverAt must fall inside the measured time (time=30); set time longer than 30",
                refused("time=30", "faultAt=10", "faultCommand=true", "recoverAt=30", "recoverCommand=true"));
        assertEquals("faultAt needs recorded intervals to measure the outage on; set intervalSecs=1",
                refused("time=30", "faultAt=10", "faultCommand=true", "intervalSecs=0", "reportIntervalSecs=0"));
        params("time=30", "faultAt=10", "faultCommand=true", "reportIntervalSecs=0"); // no console lines: still recorded
        FaultPlan f = params("time=30", "faultAt=9.5", "faultCommand=kill it", "recoverAt=20", "recoverCommand=start it",
                "reportIntervalSecs=1").sweep().fault();
        assertEquals(new FaultPlan(9.5, "kill it", 20, "start it"), f);
        assertEquals(FaultPlan.NONE, params().sweep().fault());
    }

    @Test
    void checksThatSpanKeysNameTheKeysAndTheFix() {
        assertEquals("runMins and runTxnsPerTerminal are both set; as in BenchmarkSQL, set one of them to 0",
                refused("runMins=1", "runTxnsPerTerminal=5"));
        assertEquals("startAt needs timed levels (time or runMins > 0), so that every level's start can be computed",
                refused("startAt=2026-11-24T10:00:00Z", "time=0", "events=10"));
        assertTrue(refused("startAt=tomorrow").startsWith("bad value for startAt: 'tomorrow'; allowed: an ISO-8601 time"));
        assertEquals("newOrderWeight + paymentWeight + orderStatusWeight + deliveryWeight + stockLevelWeight = 101.0; they "
                + "must add up to 100 (TPC-C: 45, 43, 4, 4, 4)", refused("workload=tpcc", "newOrderWeight=46"));
        assertTrue(refused("workload=tpcc", "warehouses=3", "clientCount=4", "clientIndex=3", "threads=4")
                .startsWith("3 warehouses split over clientCount=4 leave client 3 without one"));
        assertEquals("workload=sql needs query: a file of ;-separated statements, or the SQL itself", refused("workload=sql"));
        assertTrue(refused("resultDirectory=r/%q").startsWith("bad value for resultDirectory: 'r/%q'"));
    }

    @Test
    void warehouseRange() {
        assertEquals(List.of(1, 8), List.of(Resolver.warehouseRange("", 8)[0], Resolver.warehouseRange("", 8)[1]));
        assertEquals(List.of(51, 100), List.of(Resolver.warehouseRange("51-100", 8)[0], Resolver.warehouseRange("51-100", 8)[1]));
        assertThrows(ConfigException.class, () -> Resolver.warehouseRange("9-3", 8));
        assertThrows(ConfigException.class, () -> Resolver.warehouseRange("x", 8));
    }

    @Test
    void redactedParamsHoldNoPassword() {
        RunParams p = params("password=pw1", "conn=jdbc:mysql://u:pw2@h/db?password=pw3");
        assertEquals("pw1", p.target().password());
        Target t = p.redacted().target();
        assertNull(t.password());
        assertEquals("jdbc:mysql://u:***@h/db?password=***", t.conn());
    }

    /** pgbench's -M names the protocol: simple is text, extended the unnamed statements, prepared server-side. */
    @Test
    void queryModeSetsTheStatementProtocolAndMustAgreeWithDbPsMode() {
        assertEquals("disable", params("queryMode=simple").target().psMode());
        assertEquals("extended", params("queryMode=extended").target().psMode());
        assertEquals("enable", params("queryMode=prepared").target().psMode());
        assertEquals("enable", params("queryMode=prepared", "dbPsMode=enable").target().psMode());
        assertEquals("auto", params().target().psMode());
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> params("queryMode=simple", "dbPsMode=enable"));
        assertEquals("dbPsMode=enable and queryMode=simple (pgbench's -M) ask for different protocols; remove one, or give "
                + "dbPsMode=disable", e.getMessage());
    }
}
