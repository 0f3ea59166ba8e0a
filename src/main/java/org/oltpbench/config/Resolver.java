package org.oltpbench.config;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;

/** Builds {@link RunParams} from a {@link Config}: the one place where checks that span several keys live. */
final class Resolver {
    private final Config cfg;
    private final ClientShare share;

    Resolver(Config cfg) {
        this.cfg = cfg;
        if (cfg.get(Keys.CLIENT_INDEX) >= cfg.get(Keys.CLIENT_COUNT)) {
            throw new ConfigException("clientIndex " + cfg.get(Keys.CLIENT_INDEX) + " is not below clientCount "
                    + cfg.get(Keys.CLIENT_COUNT) + "; clients are numbered 0.." + (cfg.get(Keys.CLIENT_COUNT) - 1));
        }
        this.share = new ClientShare(cfg.get(Keys.CLIENT_COUNT), cfg.get(Keys.CLIENT_INDEX));
        String split = share.threadsProblem(threadLevels());
        if (split != null) throw new ConfigException(split);
    }

    RunParams resolve(ZonedDateTime started) {
        WorkloadParams workload = workload();
        return new RunParams(target(), sweep(), load(), new OutputParams(resultDirectory(started, workload.name()),
                cfg.get(Keys.PERCENTILE), monitor(), peerSummary()), workload);
    }

    private MonitorParams monitor() {
        List<java.net.URI> nodes = new ArrayList<>();
        for (String u : cfg.get(Keys.SERVER_METRICS)) nodes.add(httpUrl(Keys.SERVER_METRICS, u, "/metrics"));
        String prom = cfg.get(Keys.PROMETHEUS);
        return new MonitorParams(nodes, prom.isEmpty() ? null : httpUrl(Keys.PROMETHEUS, prom, ""),
                cfg.get(Keys.PROMETHEUS_CPU), cfg.get(Keys.PROMETHEUS_MEMORY), cfg.get(Keys.METRICS_PORT), cfg.get(Keys.WAITS), notUsed());
    }

    /**
     * The keys set that oltpbench reads and does not run, "name (why)", keys with one reason named together with it once
     * ("osCollectorScript, osCollectorInterval (why)").
     */
    private List<String> notUsed() {
        java.util.Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        Keys.notUsed().forEach((k, why) -> {
            if (cfg.isSet(k)) byReason.computeIfAbsent(why, w -> new ArrayList<>()).add(k.name());
        });
        List<String> out = new ArrayList<>();
        byReason.forEach((why, keys) -> out.add(String.join(", ", keys) + " (" + why + ")"));
        return out;
    }

    /** An http(s) URL with a host; {@code path} is added when it has none (host:9100 means host:9100/metrics). */
    private static java.net.URI httpUrl(Key<?> key, String value, String path) {
        String v = value.contains("://") ? value : "http://" + value;
        try {
            java.net.URI u = new java.net.URI(v);
            if (u.getHost() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https"))) throw new java.net.URISyntaxException(v, "no host");
            return (u.getPath() == null || u.getPath().isEmpty()) && !path.isEmpty() ? u.resolve(path) : u;
        } catch (java.net.URISyntaxException e) {
            throw new ConfigException(key.name() + "=" + value + " is not an http URL; write it as http://HOST:PORT"
                    + (path.isEmpty() ? "" : path));
        }
    }

    /**
     * The dialect's name: db, or with db=auto on the embedded server its MariaDB; "auto" or "pgsql" when the engine is
     * to be read from the server, which {@link RunParams#withEngine} does once the job connects.
     */
    private String db() {
        String db = cfg.get(Keys.DB);
        return db.equals(Keys.DB_AUTO) && cfg.get(Keys.EMBEDDED) ? "mariadb" : db;
    }

    /** Whether the engine is read from the server: the dialect name waits for it. */
    static boolean undecided(String db) {
        return db.equals(Keys.DB_AUTO) || db.equals(Keys.DB_PGSQL);
    }

    private Target target() {
        return new Target(db(), cfg.get(Keys.EMBEDDED), cfg.get(Keys.CONN), cfg.get(Keys.HOST), cfg.get(Keys.PORT),
                cfg.get(Keys.DATABASE), cfg.get(Keys.USER), cfg.get(Keys.PASSWORD), cfg.get(Keys.DRIVER), psMode(),
                new Target.SessionParams(cfg.get(Keys.OB_QUERY_TIMEOUT), cfg.get(Keys.OB_TRX_TIMEOUT), cfg.get(Keys.TIDB_TXN_MODE),
                        cfg.get(Keys.ISOLATION)),
                cfg.get(Keys.TUNE), Tls.of(cfg.get(Keys.SSL)));
    }

    /**
     * dbPsMode, or what pgbench's -M (queryMode) names: simple is text (disable), extended PostgreSQL's unnamed statements,
     * prepared server-side (enable). Both given and disagreeing is refused.
     */
    private String psMode() {
        String ps = cfg.get(Keys.DB_PS_MODE), mode = cfg.get(Keys.QUERY_MODE);
        if (mode.isEmpty()) return ps;
        String named = switch (mode) {
            case "simple" -> "disable";
            case "prepared" -> "enable";
            default -> "extended";
        };
        if (!ps.equals("auto") && !ps.equals(named)) {
            throw new ConfigException("dbPsMode=" + ps + " and queryMode=" + mode + " (pgbench's -M) ask for different "
                    + "protocols; remove one, or give dbPsMode=" + named);
        }
        return named;
    }

    private LoadParams load() {
        return new LoadParams(cfg.get(Keys.LOAD_METHOD), cfg.get(Keys.LOAD_WORKERS), cfg.get(Keys.PARTITIONS),
                cfg.get(Keys.TABLEGROUP), cfg.get(Keys.CLUSTERED_INDEX), cfg.get(Keys.MYSQL_STORAGE_ENGINE),
                cfg.get(Keys.CHECK_AFTER_LOAD));
    }

    // --- the sweep ---

    private SweepParams sweep() {
        if (cfg.get(Keys.RUN_MINS) > 0 && cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0) {
            throw new ConfigException("runMins and runTxnsPerTerminal are both set; as in BenchmarkSQL, set one of them to 0");
        }
        Instant startAt = startAt();
        if (startAt != null && levelSecs() == 0) {
            throw new ConfigException("startAt needs timed levels (time or runMins > 0), so that every level's start can be computed");
        }
        ThreadModel model = ThreadModel.valueOf(cfg.get(Keys.THREAD_MODEL).toUpperCase(Locale.ROOT));
        List<SweepParams.LevelParams> levels = new ArrayList<>();
        for (int total : threadLevels()) {
            int threads = share.threads(total);
            int connections = cfg.get(Keys.CONNECTIONS);
            levels.add(new SweepParams.LevelParams(total, threads, levelSecs(), levelEvents(threads, total),
                    share.rate(levelRate(), total),
                    model.at(threads), connections > 0 && connections < threads ? connections : 0,
                    cfg.get(Keys.RUN_TXNS_PER_TERMINAL)));
        }
        SearchParams search = search(model);
        return new SweepParams(levels, search.present() ? search.repeatsAtMost() : cfg.get(Keys.REPEAT), cfg.get(Keys.REPEAT_PICK),
                warmupSecs(), cfg.get(Keys.REPORT_INTERVAL_SECS), intervalSecs(), startAt == null ? null : startAt.toString(),
                cfg.get(Keys.LEVEL_PAUSE_SECS), cfg.get(Keys.RAND_SEED), cfg.get(Keys.IGNORE_ERRORS), cfg.get(Keys.CHECK_AFTER_RUN),
                share, fault(), search, cfg.get(Keys.LATENCY_LIMIT_MS));
    }

    /**
     * A search (threads=, rate= or warehouses=search): the levels are found, one probe after another (one client, timed
     * probes), on one axis.
     */
    private SearchParams search(ThreadModel model) {
        SearchParams.Axis axis = searchAxis();
        if (axis == null) {
            if (cfg.isSet(Keys.SEARCH_LIMIT)) {
                throw new ConfigException("searchLimit bounds a search; these levels are listed: set threads=search (or rate= or "
                        + "warehouses=search), or remove searchLimit");
            }
            return SearchParams.NONE;
        }
        String key = axis.key() + "=search ";
        String why = share.count() > 1 ? "runs on one client (each probe's level depends on the last): remove clientCount"
                : cfg.isSet(Keys.START_AT) ? "starts each probe when the last is judged: remove startAt"
                : levelSecs() == 0 ? "needs timed probes: set time (or runMins), not a transaction count"
                : cfg.isSet(Keys.REPEAT) ? (axis == SearchParams.Axis.THREADS ? "repeats each probe until its interval is "
                        + "narrow: remove repeat (searchHalfWidth and searchMaxRepeats say how)"
                        : "runs each probe once and judges it pass or fail: remove repeat")
                : cfg.get(Keys.SEARCH_FROM) > searchMax(axis) ? "starts at searchFrom=" + cfg.get(Keys.SEARCH_FROM)
                        + ", above searchMax=" + searchMax(axis) + ": lower searchFrom or raise searchMax"
                : axis == SearchParams.Axis.THREADS && searchMax(axis) > MAX_THREADS ? "goes up to " + MAX_THREADS
                        + " threads: set searchMax=" + MAX_THREADS + " or less"
                : axis.key().equals("rate") ? rateSearchRefusal() : axis.key().equals("warehouses") ? warehouseSearchRefusal()
                : null;
        if (why != null) throw new ConfigException(key + why);
        return new SearchParams(cfg.get(Keys.SEARCH_FROM), searchMax(axis), cfg.get(Keys.SEARCH_RESOLUTION) / 100,
                cfg.get(Keys.SEARCH_HALF_WIDTH) / 100, cfg.get(Keys.SEARCH_MAX_REPEATS),
                SearchParams.LatencyLimit.parse(cfg.get(Keys.SEARCH_LIMIT)), model, axis);
    }

    private static final int MAX_THREADS = 100_000;

    /** The key set to search, or null; two at once are refused. */
    private SearchParams.Axis searchAxis() {
        List<SearchParams.Axis> on = new ArrayList<>();
        if (cfg.get(Keys.THREADS).isEmpty()) on.add(SearchParams.Axis.THREADS);
        if (cfg.get(Keys.RATE) == ValueParser.SEARCH) on.add(SearchParams.Axis.RATE);
        if (cfg.get(Keys.WAREHOUSES) == 0) on.add(SearchParams.Axis.WAREHOUSES);
        if (on.size() > 1) {
            throw new ConfigException(on.stream().map(a -> a.key() + "=search").collect(java.util.stream.Collectors.joining(
                    " and ")) + ": a search varies one key; give the others a value");
        }
        return on.isEmpty() ? null : on.get(0);
    }

    /** searchMax, or for a rate search without it no bound. */
    private int searchMax(SearchParams.Axis axis) {
        return axis == SearchParams.Axis.RATE && !cfg.isSet(Keys.SEARCH_MAX) ? 1_000_000_000 : cfg.get(Keys.SEARCH_MAX);
    }

    /** Why rate=search cannot run as set, or null. */
    private String rateSearchRefusal() {
        if (!cfg.isSet(Keys.SEARCH_LIMIT)) return "needs searchLimit, e.g. searchLimit=p99<=20ms: the capacity is the highest "
                + "rate whose latency from the scheduled start keeps within it";
        if (cfg.get(Keys.THREADS).size() != 1) return "runs its probes at one thread level: set threads to one number";
        if (cfg.get(Keys.LIMIT_TXNS_PER_MIN) > 0) return "sets the rate itself: remove limitTxnsPerMin";
        return null;
    }

    /** Why warehouses=search cannot run as set, or null. */
    private String warehouseSearchRefusal() {
        if (!cfg.get(Keys.WORKLOAD).equals("tpcc") && !benchmarkSqlProps()) return "searches TPC-C's warehouses: set workload=tpcc";
        if (!cfg.isSet(Keys.SEARCH_MAX)) return "loads searchMax warehouses and searches 1..searchMax: set searchMax (the "
                + "warehouses to load, e.g. searchMax=10)";
        // threads (terminals) set too, as a props file sets them, give way: each probe runs 10 per warehouse
        if (cfg.isSet(Keys.CONNECTIONS)) return "runs 10 terminals per warehouse of each probe, each on its own connection "
                + "(TPC-C 4.2.2): remove connections";
        if (cfg.get(Keys.ACTIVE_WAREHOUSES) > 0 || !cfg.get(Keys.WAREHOUSE_RANGE).isBlank()) return "sets each probe's "
                + "warehouses itself: remove activeWarehouses and warehouseRange";
        if (scale(cfg, Keys.KEYING_TIME, Keys.KEYING_TIME_MULTIPLIER) <= 0 || scale(cfg, Keys.THINK_TIME,
                Keys.THINK_TIME_MULTIPLIER) <= 0) return "judges each probe by TPC-C's efficiency, which needs the spec's pacing: "
                + "set keyingTime=true thinkTime=true (a multiplier such as keyingTimeMultiplier=0.01 thinkTimeMultiplier=0.01 "
                + "fits a small machine)";
        return null;
    }

    /** The warehouses the data set has: warehouses, or with warehouses=search, searchMax. */
    private int warehouses() {
        int w = cfg.get(Keys.WAREHOUSES);
        return w == 0 ? cfg.get(Keys.SEARCH_MAX) : w;
    }

    /** The recorded step; the console's reportIntervalSecs is a whole number of them. */
    private int intervalSecs() {
        int step = cfg.get(Keys.INTERVAL_SECS), report = cfg.get(Keys.REPORT_INTERVAL_SECS);
        if (report > 0 && (step == 0 || report % step != 0)) {
            throw new ConfigException("reportIntervalSecs=" + report + " is not a whole number of recorded intervals (intervalSecs="
                    + step + "); each printed line sums recorded ones: set intervalSecs=1, or a divisor of " + report);
        }
        return step;
    }

    /** faultAt/faultCommand and recoverAt/recoverCommand, each pair whole, inside a timed window measured by intervals. */
    private FaultPlan fault() {
        double at = cfg.get(Keys.FAULT_AT), recoverAt = cfg.get(Keys.RECOVER_AT);
        String command = cfg.get(Keys.FAULT_COMMAND).trim(), recover = cfg.get(Keys.RECOVER_COMMAND).trim();
        if (at < 0 && command.isEmpty() && recoverAt < 0 && recover.isEmpty()) return FaultPlan.NONE;
        if (at < 0 || command.isEmpty()) {
            throw new ConfigException("faultAt and faultCommand go together: set both (faultAt=SECONDS into the measured "
                    + "window, faultCommand=the command that causes the fault)");
        }
        if ((recoverAt < 0) != recover.isEmpty()) {
            throw new ConfigException("recoverAt and recoverCommand go together: set both, or neither");
        }
        if (recoverAt >= 0 && recoverAt <= at) {
            throw new ConfigException("recoverAt=" + fmt(recoverAt) + " is not after faultAt=" + fmt(at)
                    + "; set recoverAt later than faultAt");
        }
        int secs = levelSecs();
        if (secs == 0 || at >= secs || recoverAt >= secs) {
            throw new ConfigException("faultAt" + (recoverAt >= 0 ? " and recoverAt" : "") + " must fall inside the measured "
                    + "time (time=" + secs + "); set time longer than " + fmt(Math.max(at, recoverAt)));
        }
        if (cfg.get(Keys.INTERVAL_SECS) == 0) {
            throw new ConfigException("faultAt needs recorded intervals to measure the outage on; set intervalSecs=1");
        }
        return new FaultPlan(at, command, recoverAt, recover);
    }

    private static String fmt(double secs) {
        return secs == Math.rint(secs) ? Long.toString((long) secs) : Double.toString(secs);
    }

    /** startAt as an instant; a time without a zone is this machine's local time; null when unset. */
    private Instant startAt() {
        String text = cfg.get(Keys.START_AT);
        if (text == null || text.isBlank()) return null;
        try {
            return java.time.OffsetDateTime.parse(text.trim()).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            try {
                return java.time.LocalDateTime.parse(text.trim()).atZone(java.time.ZoneId.systemDefault()).toInstant();
            } catch (java.time.format.DateTimeParseException e2) {
                throw new ConfigException("bad value for startAt: '" + text + "'; allowed: an ISO-8601 time such as "
                        + "2026-11-23T10:00:00Z (UTC), 2026-11-23T10:00:00+08:00, or 2026-11-23T10:00:00 (local time)");
            }
        }
    }

    /**
     * The thread levels: threads (terminals), or for a BenchmarkSQL 6 props file, which has no terminals key and sets
     * its connections (sutThreads) and warehouses, 10 terminals per warehouse as TPC-C 4.2.2 has them.
     */
    private List<Integer> threadLevels() {
        if (cfg.get(Keys.THREADS).isEmpty()) return List.of(cfg.get(Keys.SEARCH_FROM)); // threads=search: its first probe
        if (cfg.isSet(Keys.THREADS) || !cfg.isSet(Keys.CONNECTIONS) || !cfg.isSet(Keys.WAREHOUSES)) return withoutTerminals(cfg.get(Keys.THREADS));
        return List.of(10 * warehouses());
    }

    /**
     * A level of 0 threads is CH-benCHmark's analytics-only end of the frontier (its streams with no terminal beside
     * them): it runs where this job has streams, is left out of a job without them (analyticStreams=0 in a list), and
     * is refused everywhere else, as is a level with nothing to end it but a transaction count.
     */
    private List<Integer> withoutTerminals(List<Integer> levels) {
        if (!levels.contains(0)) return levels;
        if (benchmarkSqlProps() || !cfg.get(Keys.WORKLOAD).equals("ch")) {
            throw new ConfigException("threads=0 runs no terminal, and " + cfg.get(Keys.WORKLOAD) + " has nothing else to run: "
                    + "remove 0 from threads (only workload=ch runs its analytic streams alone at 0)");
        }
        if (levelSecs() == 0) {
            throw new ConfigException("threads=0 has no terminal to spend a transaction count: give the levels a time (time=...)");
        }
        if (cfg.get(Keys.ANALYTIC_STREAMS).get(0) > 0) return levels;
        List<Integer> withTerminals = levels.stream().filter(t -> t > 0).toList();
        if (withTerminals.isEmpty()) {
            throw new ConfigException("threads=0 with analyticStreams=0 runs nothing: give analyticStreams a value above 0, or "
                    + "threads a level above 0");
        }
        return withTerminals;
    }

    /** warmupSecs, or BenchmarkSQL 6's rampupMins in seconds when only that is set. */
    private int warmupSecs() {
        if (cfg.isSet(Keys.WARMUP_SECS) || !cfg.isSet(Keys.RAMPUP_MINS)) return cfg.get(Keys.WARMUP_SECS);
        return (int) Math.round(cfg.get(Keys.RAMPUP_MINS) * 60);
    }

    /** Seconds per level: BenchmarkSQL's runMins when set, else time (0 when only a transaction count bounds the level). */
    private int levelSecs() {
        if (cfg.get(Keys.RUN_MINS) > 0) return (int) Math.max(1, Math.round(cfg.get(Keys.RUN_MINS) * 60));
        if (cfg.get(Keys.RUN_TXNS_PER_TERMINAL) > 0 && !cfg.isSet(Keys.TIME)) return 0;
        return cfg.get(Keys.TIME);
    }

    /**
     * This client's transactions per level: BenchmarkSQL's runTxnsPerTerminal x its terminals, else its share of events
     * (the whole job's, over {@code total} threads).
     */
    private long levelEvents(int threads, int total) {
        long perTerminal = cfg.get(Keys.RUN_TXNS_PER_TERMINAL);
        return perTerminal > 0 ? perTerminal * threads : share.events(cfg.get(Keys.EVENTS), total);
    }

    /** The whole job's transactions per second over all threads: BenchmarkSQL's limitTxnsPerMin / 60, else rate. */
    private double levelRate() {
        double perMin = cfg.get(Keys.LIMIT_TXNS_PER_MIN);
        return perMin > 0 ? perMin / 60 : Math.max(0, cfg.get(Keys.RATE)); // rate=search: its probes set it
    }

    // --- the output ---

    /**
     * resultDirectory with %t conversions filled from the start time (BenchmarkSQL's convention), ${db},
     * ${workload} and ${clientIndex}; with several clients and no ${clientIndex}, "-client<i>" is appended. ${db} stays
     * while the engine is to be read from the server ({@link RunParams#withEngine} fills it).
     */
    private String resultDirectory(ZonedDateTime started, String workloadName) {
        String pattern = cfg.get(Keys.RESULT_DIRECTORY);
        if (share.count() > 1 && !pattern.contains("${clientIndex}")) pattern += "-client${clientIndex}";
        String filled = (undecided(db()) ? pattern : RunParams.withDb(pattern, db())).replace("${workload}", workloadName)
                .replace("${clientIndex}", String.valueOf(share.index()));
        try {
            return Path.of(String.format(Locale.ROOT, filled.replace("%t", "%1$t"), started)).toString();
        } catch (IllegalFormatException e) {
            throw new ConfigException("bad value for resultDirectory: '" + pattern + "'; allowed: a path whose only "
                    + "% conversions are %tY, %tm, %td, %tH, %tM, %tS and the like");
        }
    }

    // --- the workload ---

    /** peerSummary=auto: BenchmarkSQL's line for a BenchmarkSQL props file (the same signal that makes it TPC-C). */
    private OutputParams.PeerSummary peerSummary() {
        String v = cfg.get(Keys.PEER_SUMMARY);
        if (!v.equals("auto")) return OutputParams.PeerSummary.valueOf(v.toUpperCase(java.util.Locale.ROOT));
        return benchmarkSqlProps() ? OutputParams.PeerSummary.BENCHMARKSQL : OutputParams.PeerSummary.NONE;
    }

    private boolean benchmarkSqlProps() {
        return !cfg.isSet(Keys.WORKLOAD) && cfg.isSet(Keys.WAREHOUSES);
    }

    /** The workload key; a BenchmarkSQL props file (it sets warehouses) means tpcc when workload is not given. */
    private WorkloadParams workload() {
        String name = benchmarkSqlProps() ? "tpcc" : cfg.get(Keys.WORKLOAD);
        return switch (name) {
            case "tpcc" -> tpcc(AnalyticParams.NONE);
            case "ch" -> tpcc(analytic());
            case "sql" -> sql();
            case "pgbench" -> new PgbenchParams(cfg.get(Keys.SCRIPTS), cfg.get(Keys.SCALE), cfg.get(Keys.FILL_FACTOR),
                    cfg.get(Keys.PARTITION_METHOD), cfg.get(Keys.REPORT_PER_COMMAND), cfg.get(Keys.VACUUM),
                    cfg.get(Keys.QUERY_MODE), cfg.get(Keys.JOBS), cfg.get(Keys.RAND_SEED));
            default -> sysbench(name);
        };
    }

    private SysbenchParams sysbench(String preset) {
        var counts = new SysbenchParams.StatementCounts(cfg.get(Keys.POINT_SELECTS), cfg.get(Keys.SIMPLE_RANGES),
                cfg.get(Keys.SUM_RANGES), cfg.get(Keys.ORDER_RANGES), cfg.get(Keys.DISTINCT_RANGES), cfg.get(Keys.INDEX_UPDATES),
                cfg.get(Keys.NON_INDEX_UPDATES), cfg.get(Keys.DELETE_INSERTS));
        var rand = new SysbenchParams.RandParams(cfg.get(Keys.RAND_TYPE), cfg.get(Keys.RAND_SPEC_ITER), cfg.get(Keys.RAND_SPEC_PCT),
                cfg.get(Keys.RAND_SPEC_RES), cfg.get(Keys.RAND_PARETO_H), cfg.get(Keys.RAND_ZIPFIAN_EXP));
        int maxThreads = cfg.get(Keys.THREADS).isEmpty() ? cfg.get(Keys.SEARCH_MAX) // bulk_insert: a table per thread
                : threadLevels().stream().mapToInt(Integer::intValue).max().orElse(1);
        if (preset.equals("bulk_insert") && cfg.get(Keys.THREADS).isEmpty() && !cfg.isSet(Keys.SEARCH_MAX)) {
            throw new ConfigException("threads=search on bulk_insert would prepare a table for each of searchMax=" + maxThreads
                    + " threads; set searchMax to the most threads worth probing, e.g. searchMax=64");
        }
        return new SysbenchParams(preset, cfg.get(Keys.TABLES), cfg.get(Keys.TABLE_SIZE), cfg.get(Keys.RANGE_SIZE), counts,
                cfg.get(Keys.RANGE_SELECTS), cfg.get(Keys.AUTO_INC), cfg.get(Keys.SKIP_TRX), cfg.get(Keys.SECONDARY),
                cfg.get(Keys.CREATE_SECONDARY), cfg.get(Keys.RANDOM_POINTS), cfg.get(Keys.NUMBER_OF_RANGES), cfg.get(Keys.DELTA),
                rand, cfg.get(Keys.RAND_SEED), maxThreads, share);
    }

    /** CH-benCHmark's streams and where they run. */
    private AnalyticParams analytic() {
        if (cfg.isSet(Keys.ANALYTIC_CONN) && cfg.isSet(Keys.ANALYTIC_HOST)) {
            throw new ConfigException("analyticConn and analyticHost both say where the analytic streams connect; keep one");
        }
        List<String> session = new java.util.ArrayList<>();
        for (String sql : cfg.get(Keys.ANALYTIC_SESSION_SQL).split(";")) if (!sql.isBlank()) session.add(sql.trim());
        List<Integer> streams = cfg.get(Keys.ANALYTIC_STREAMS);
        return new AnalyticParams(streams.get(0), cfg.get(Keys.ANALYTIC_CONN).trim(), cfg.get(Keys.ANALYTIC_HOST).trim(),
                session, cfg.get(Keys.ANALYTIC_TIMEOUT_SECS), cfg.get(Keys.TIFLASH_REPLICAS), streams);
    }

    private TpccParams tpcc(AnalyticParams analytic) {
        double others = cfg.get(Keys.PAYMENT_WEIGHT) + cfg.get(Keys.ORDER_STATUS_WEIGHT) + cfg.get(Keys.DELIVERY_WEIGHT)
                + cfg.get(Keys.STOCK_LEVEL_WEIGHT);
        // BenchmarkSQL 6: newOrderWeight, when not given, is what the other four leave of 100
        double newOrder = cfg.isSet(Keys.NEW_ORDER_WEIGHT) ? cfg.get(Keys.NEW_ORDER_WEIGHT) : Math.round((100 - others) * 100) / 100.0;
        var mix = new TpccParams.Mix(newOrder, cfg.get(Keys.PAYMENT_WEIGHT),
                cfg.get(Keys.ORDER_STATUS_WEIGHT), cfg.get(Keys.DELIVERY_WEIGHT), cfg.get(Keys.STOCK_LEVEL_WEIGHT));
        if (Math.abs(mix.sum() - 100) > 0.01) {
            throw new ConfigException("newOrderWeight + paymentWeight + orderStatusWeight + deliveryWeight + stockLevelWeight = "
                    + mix.sum() + "; they must add up to 100 (TPC-C: 45, 43, 4, 4, 4)");
        }
        for (Key<Double> k : List.of(Keys.NEW_ORDER_WEIGHT, Keys.PAYMENT_WEIGHT, Keys.ORDER_STATUS_WEIGHT, Keys.DELIVERY_WEIGHT,
                Keys.STOCK_LEVEL_WEIGHT)) {
            double w = k == Keys.NEW_ORDER_WEIGHT ? newOrder : cfg.get(k), hundredths = w * 100;
            if (Math.abs(hundredths - Math.rint(hundredths)) > 1e-6) {
                throw new ConfigException(k.name() + "=" + w + " has more than 2 decimals; a terminal's deck deals weights "
                        + "exactly in hundredths of a percent (10,000 cards): round it, e.g. " + k.name() + "="
                        + Math.rint(hundredths) / 100);
            }
        }
        int[] r = warehouseRange(cfg.get(Keys.WAREHOUSE_RANGE), warehouses());
        int[] mine = share.slice(r[0], r[1]);
        if (mine[1] < mine[0]) {
            throw new ConfigException((r[1] - r[0] + 1) + " warehouses split over clientCount=" + share.count() + " leave client "
                    + share.index() + " without one; TPC-C needs warehouses >= clientCount");
        }
        return new TpccParams(warehouses(), r[0], r[1], activeWarehouses(), mix, cfg.get(Keys.NEW_ORDER_STYLE).equals("perItem"),
                cfg.get(Keys.TERMINAL_WAREHOUSE_FIXED), scale(cfg, Keys.KEYING_TIME, Keys.KEYING_TIME_MULTIPLIER),
                scale(cfg, Keys.THINK_TIME, Keys.THINK_TIME_MULTIPLIER),
                cfg.get(Keys.INDEXES_AFTER_LOAD), cfg.get(Keys.RAND_SEED), share, analytic, TpccMode.of(cfg.get(Keys.TPCC_MODE)),
                cfg.get(Keys.TPCC_SCHEMA));
    }

    /**
     * The pacing scale of keying or think time: the multiplier when the switch is on, or when a BenchmarkSQL 6 props
     * file sets the multiplier without the switch (its timed driver always paces); 0 when off.
     */
    static double scale(Config cfg, Key<Boolean> on, Key<Double> multiplier) {
        boolean paced = cfg.get(on) || (!cfg.isSet(on) && cfg.isSet(multiplier) && cfg.get(multiplier) > 0);
        return paced ? cfg.get(multiplier) : 0;
    }

    /** activeWarehouses, checked against the loaded warehouses, warehouseRange and the clients. */
    private int activeWarehouses() {
        int n = cfg.get(Keys.ACTIVE_WAREHOUSES), loaded = warehouses();
        if (n == 0) return 0;
        if (n > loaded) {
            throw new ConfigException("activeWarehouses=" + n + " is more than the " + loaded + " warehouses loaded: set it to "
                    + loaded + " or less, or load more with warehouses=" + n);
        }
        if (!cfg.get(Keys.WAREHOUSE_RANGE).isBlank()) {
            throw new ConfigException("activeWarehouses and warehouseRange both say which warehouses the terminals drive; "
                    + "keep one (activeWarehouses=N drives 1..N of the loaded data set)");
        }
        if (n < share.count()) {
            throw new ConfigException("activeWarehouses=" + n + " split over clientCount=" + share.count() + " leaves a client "
                    + "without one; TPC-C needs activeWarehouses >= clientCount");
        }
        return n;
    }

    /** warehouseRange "a-b" (or "" for 1-warehouses) as {first, last}. */
    static int[] warehouseRange(String text, int warehouses) {
        if (text.isBlank()) return new int[] {1, warehouses};
        String[] p = text.trim().split("-");
        try {
            int a = Integer.parseInt(p[0].trim()), b = p.length > 1 ? Integer.parseInt(p[1].trim()) : a;
            if (p.length <= 2 && a >= 1 && b >= a) return new int[] {a, b};
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new ConfigException("bad value for warehouseRange: '" + text + "'; allowed: FIRST-LAST with 1 <= FIRST <= LAST, e.g. 1-50");
    }

    private SqlParams sql() {
        if (cfg.get(Keys.QUERY) == null || cfg.get(Keys.QUERY).isBlank()) {
            throw new ConfigException("workload=sql needs query: a file of ;-separated statements, or the SQL itself");
        }
        return new SqlParams(cfg.get(Keys.QUERY), cfg.get(Keys.CREATE), cfg.get(Keys.TABLE_SIZE), cfg.get(Keys.RAND_SEED));
    }
}
