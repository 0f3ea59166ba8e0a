package org.oltpbench.acid;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oltpbench.acid.AcidOutcome.Verdict;
import org.oltpbench.config.AcidParams;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.JdbcDriver;
import org.oltpbench.workload.CheckReport;
import org.oltpbench.workload.Workload;
import org.oltpbench.workload.tpcc.TpccTables;

/**
 * The acid verb (issue 61): TPC-C's clause 3 on a loaded database. Consistency (3.3: the twelve conditions) before and
 * after; atomicity (3.2.2.1, 3.2.2.2, 2.4.2.3) once; the isolation tests of 3.4.2 at each level asked. Prints a table per
 * level and writes acid.json (schema in result-json.md). Durability (3.5) where a crash can be made (the embedded
 * server, or acidCrash and acidRestart), else a row that says how.
 */
public final class AcidRun {
    /** What acid.json holds. */
    public record Report(int schemaVersion, String engine, String serverVersion, String tables, int warehouse,
                         String lockView, List<AcidOutcome> outcomes) {
        /**
         * Whether atomicity and consistency were shown to hold and durability did not fail (the isolation findings are
         * the engine's, whatever they are; durability may be not run where no crash was given): acid's exit code.
         */
        public boolean sound() {
            return atomicityAndConsistency(outcomes).equals("held") && !durability(outcomes).equals("FAILED");
        }
    }

    /**
     * Atomicity (3.2.2.1, 3.2.2.2, 2.4.2.3) and consistency (3.3) in one word: "held" when each passed, "FAILED" when
     * one failed, else "not shown" (one could not run). The console's exit code and compare's line both say this.
     */
    public static String atomicityAndConsistency(List<AcidOutcome> outcomes) {
        boolean all = true;
        for (AcidOutcome o : outcomes) {
            if (o.clause().startsWith("3.4") || o.clause().equals("3.5")) continue;
            if (o.verdict() == Verdict.FAILED) return "FAILED";
            all &= o.verdict() == Verdict.PASSED;
        }
        return all ? "held" : "not shown";
    }

    /** Durability (3.5) in one word: "held", "FAILED", or "not run" (no crash given, none seen, or no such row). */
    public static String durability(List<AcidOutcome> outcomes) {
        for (AcidOutcome o : outcomes) {
            if (!o.clause().equals("3.5")) continue;
            return o.verdict() == Verdict.PASSED ? "held" : o.verdict() == Verdict.FAILED ? "FAILED" : "not run";
        }
        return "not run";
    }

    private AcidRun() {
    }

    public static Report run(Database db, Workload tpcc, TpccTables tables, AcidParams params, long seed, PrintStream out)
            throws SQLException {
        List<AcidOutcome> all = new ArrayList<>();
        all.add(consistency(db, tpcc, "before"));
        int warehouse = firstWarehouse(db, tables);
        JdbcDriver driver = JdbcDriver.forUrl(db.url());
        java.util.function.Predicate<SQLException> aborts = e -> db.dialect().classify(e)
                == org.oltpbench.dialect.Dialect.ErrorClass.RETRYABLE && !lockWaitTimeout(e);
        try (LockWatch watch = LockWatch.of(db.connect(), db.dialect().sessionWaits(), db.dialect().lockHolderQueries()); Steps steps = new Steps(watch)) {
            int others = othersStaying(watch, OTHERS_GONE_WITHIN_MS);
            if (others > 0) {
                throw new org.oltpbench.config.ConfigException("acid needs the database to itself: the engine shows " + others
                        + " other session(s) connected to it (" + watch.view() + "); stop them, or run acid on another database");
            }
            Clause3 once = new Clause3(sessions(db, driver, tables, Connection.TRANSACTION_READ_COMMITTED), steps, warehouse, seed, aborts);
            all.add(guarded("3.2.2.1", "atomicity: Payment committed", "-", () -> once.payment(true)));
            all.add(guarded("3.2.2.2", "atomicity: Payment rolled back", "-", () -> once.payment(false)));
            all.add(guarded("2.4.2.3", "atomicity: New-Order on an unused item rolled back", "-", once::newOrderRollback));
            for (String level : params.levels()) {
                String remapped = remapped(db, level);
                if (remapped != null) {
                    for (int n = 1; n <= 9; n++) {
                        all.add(new AcidOutcome("3.4.2." + n, "isolation test " + n, level, Verdict.NOT_RUN, "not run: " + remapped));
                    }
                    continue;
                }
                Clause3 t = new Clause3(sessions(db, driver, tables, AcidParams.jdbc(level)), steps, warehouse, seed, aborts);
                all.add(guarded("3.4.2.1", "New-Order vs Order-Status, T1 commits", level, () -> t.newOrderVsOrderStatus(true)));
                all.add(guarded("3.4.2.2", "New-Order vs Order-Status, T1 rolls back", level, () -> t.newOrderVsOrderStatus(false)));
                all.add(guarded("3.4.2.3", "New-Order vs New-Order, T1 commits", level, () -> t.newOrderVsNewOrder(true)));
                all.add(guarded("3.4.2.4", "New-Order vs New-Order, T1 rolls back", level, () -> t.newOrderVsNewOrder(false)));
                all.add(guarded("3.4.2.5", "Delivery vs Payment, T1 commits", level, () -> t.deliveryVsPayment(true)));
                all.add(guarded("3.4.2.6", "Delivery vs Payment, T1 rolls back", level, () -> t.deliveryVsPayment(false)));
                all.add(guarded("3.4.2.7", "New-Order's repeatable read of I_PRICE", level, t::priceRepeatableRead));
                all.add(guarded("3.4.2.8", "phantom: Delivery's scan vs New-Order", level, t::deliveryPhantom));
                all.add(guarded("3.4.2.9", "phantom: Order-Status's search vs New-Order", level, t::orderStatusPhantom));
            }
            noJudgement(db, all);
            all.add(durability(db, tables, warehouse, params, seed));
            all.add(consistency(db, tpcc, "after"));
            Report r = new Report(1, db.dialect().name(), db.serverVersion(), tables.key(), warehouse,
                    watch.view() == null ? "none (waits judged by timing)" : watch.view(), List.copyOf(all));
            print(r, params, out);
            return r;
        }
    }

    /** How long sessions that are ending may still be listed: a backend exits a moment after its client closed. */
    static final long OTHERS_GONE_WITHIN_MS = 5_000;

    /**
     * The other sessions the view still shows after up to {@code withinMs}: a command just before (a prepare's pool)
     * leaves backends that are exiting (seen in CI: PostgreSQL listed one right after prepare).
     */
    static int othersStaying(LockWatch watch, long withinMs) throws SQLException {
        long deadline = System.nanoTime() + withinMs * 1_000_000;
        int others = watch.others();
        while (others > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            others = watch.others();
        }
        return others;
    }

    /** The dialect's FAILED verdicts this server cannot be held to become no judgement, saying why and what was seen. */
    private static void noJudgement(Database db, List<AcidOutcome> all) throws SQLException {
        Map<String, Map<String, String>> byLevel = new LinkedHashMap<>();
        try (Connection c = db.connect()) {
            for (AcidOutcome o : all) {
                if (o.clause().startsWith("3.4.2") && !byLevel.containsKey(o.level())) {
                    byLevel.put(o.level(), db.dialect().acidNoJudgement(c, o.level()));
                }
            }
        }
        all.replaceAll(o -> withoutJudgement(o, byLevel.getOrDefault(o.level(), Map.of())));
    }

    /** {@code o}, or no judgement when it FAILED and {@code why} names its clause: a pass stands (no phenomenon seen). */
    static AcidOutcome withoutJudgement(AcidOutcome o, Map<String, String> why) {
        if (o.verdict() != Verdict.FAILED || !why.containsKey(o.clause())) return o;
        return new AcidOutcome(o.clause(), o.test(), o.level(), Verdict.NO_JUDGEMENT, "no judgement: " + why.get(o.clause())
                + " (as run: " + o.evidence() + ")");
    }

    /** 3.5 on the embedded server (its own crash), or with acidCrash and acidRestart; not run without either. */
    private static AcidOutcome durability(Database db, TpccTables tables, int warehouse, AcidParams params, long seed) {
        ServerCrash crash = db.embeddedServer() != null ? ServerCrash.embedded(db.embeddedServer())
                : params.crash().isEmpty() ? ServerCrash.NONE : ServerCrash.commands(params.crash(), params.restart());
        try {
            return Durability.run(db, tables, warehouse, crash, seed);
        } catch (SQLException | java.io.IOException | RuntimeException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            return new AcidOutcome("3.5", "durability: committed New-Orders survive a crash", "-", Verdict.NOT_RUN, "could not run: " + m);
        }
    }

    /**
     * The sessions of one level; the checker reads committed data at read committed, whatever the job's sessions are set
     * to (a read-uncommitted default would read T1's uncommitted rows as the state before it).
     */
    private static Clause3.Sessions sessions(Database db, JdbcDriver driver, TpccTables tables, int isolation) {
        return new Clause3.Sessions() {
            @Override
            public AcidSession open() throws SQLException {
                Connection c = db.connect();
                return new JdbcAcidSession(c, tables, isolation, driver.sessionId(c));
            }

            @Override
            public AcidSession check() throws SQLException {
                Connection c = db.connect();
                return new JdbcAcidSession(c, tables, Connection.TRANSACTION_READ_COMMITTED, driver.sessionId(c));
            }
        };
    }

    /** Why the engine does not run {@code level} as named (its dialect says, on a session at that level); null when it does. */
    private static String remapped(Database db, String level) throws SQLException {
        try (Connection c = db.connect()) {
            int jdbc = AcidParams.jdbc(level);
            if (jdbc >= 0) c.setTransactionIsolation(jdbc);
            return db.dialect().isolationRemapped(level, c);
        } catch (SQLException e) {
            return null; // a level the engine refuses: each test says so with the engine's words
        }
    }

    /** A lock wait that timed out: something held a lock past the engine's limit, not the engine resolving a conflict. */
    private static boolean lockWaitTimeout(SQLException e) {
        String m = e.getMessage() == null ? "" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
        return e.getErrorCode() == 1205 || "55P03".equals(e.getSQLState()) || m.contains("lock wait timeout");
    }

    @FunctionalInterface
    private interface Test {
        AcidOutcome run() throws SQLException;
    }

    /** The test's outcome at {@code level}; an error the engine gave (a level or statement it lacks) is "not run", with it. */
    private static AcidOutcome guarded(String clause, String name, String level, Test test) {
        try {
            AcidOutcome o = test.run();
            return new AcidOutcome(o.clause(), o.test(), level, o.verdict(), o.evidence());
        } catch (SQLException e) {
            String m = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            return new AcidOutcome(clause, name, level, Verdict.NOT_RUN, "could not run: SQLState " + e.getSQLState() + ": " + m);
        }
    }

    private static AcidOutcome consistency(Database db, Workload tpcc, String when) throws SQLException {
        CheckReport r = tpcc.check(db);
        List<String> failed = r.lines().stream().filter(l -> l.outcome() != CheckReport.Outcome.PASSED).map(CheckReport.Line::name).toList();
        return new AcidOutcome("3.3", "consistency " + when + ": the twelve conditions", "-",
                r.passed() ? Verdict.PASSED : Verdict.FAILED, r.passed() ? r.lines().size() + " checks passed" : "failed: " + failed);
    }

    private static int firstWarehouse(Database db, TpccTables tables) throws SQLException {
        try (Connection c = db.connect(); var st = c.createStatement();
             var rs = st.executeQuery(tables.sql("SELECT min(w_id) FROM bmsql_warehouse"))) {
            return rs.next() ? rs.getInt(1) : 1;
        }
    }

    private static void print(Report r, AcidParams params, PrintStream out) {
        out.printf("ACID tests (TPC-C clause 3) on %s %s, %s's tables, warehouse %d; lock waits read from %s%n", r.engine(),
                r.serverVersion(), TpccTables.of(r.tables()).title(), r.warehouse(), r.lockView());
        List<String> groups = new ArrayList<>(List.of("-"));
        groups.addAll(params.levels());
        for (String level : groups) {
            out.println();
            out.println(level.equals("-") ? "Atomicity, consistency, durability:" : "Isolation at " + level
                    + (level.equals("server") ? " (the engine's default)" : "") + ":");
            out.println("| clause  | test                                              | outcome                                  | evidence");
            out.println("|---------|---------------------------------------------------|------------------------------------------|---------");
            for (AcidOutcome o : r.outcomes()) {
                if (!o.level().equals(level)) continue;
                out.printf("| %-7s | %-49s | %-40s | %s%n", o.clause(), o.test(), o.verdict().words(), o.evidence());
            }
        }
        for (String level : params.levels()) {
            List<AcidOutcome> at = r.outcomes().stream().filter(o -> o.level().equals(level) && o.clause().startsWith("3.4.2")).toList();
            out.println("isolation at " + level + ": " + Tally.of(at).words(" tests passed"));
        }
    }

    /**
     * One level's isolation outcomes counted: passed of judged (passed or FAILED), then the tests not run and those run
     * without a judgement, each named.
     */
    public record Tally(int passed, int judged, int notRun, List<String> noJudgement) {
        public static Tally of(List<AcidOutcome> level) {
            int passed = 0, judged = 0, notRun = 0;
            List<String> none = new ArrayList<>();
            for (AcidOutcome o : level) {
                switch (o.verdict()) {
                    case NOT_RUN -> notRun++;
                    case NO_JUDGEMENT -> none.add(o.clause());
                    default -> {
                        judged++;
                        if (o.verdict().passed()) passed++;
                    }
                }
            }
            return new Tally(passed, judged, notRun, List.copyOf(none));
        }

        /** "6 of 8{noun} (1 not run; no judgement on 3.4.2.9)". */
        public String words(String noun) {
            List<String> extra = new ArrayList<>();
            if (notRun > 0) extra.add(notRun + " not run");
            if (!noJudgement.isEmpty()) extra.add("no judgement on " + String.join(", ", noJudgement));
            return passed + " of " + judged + noun + (extra.isEmpty() ? "" : " (" + String.join("; ", extra) + ")");
        }
    }

    /**
     * The outcomes of the acid.json in {@code dir}, in its order; empty when there is none or it cannot be read (as if
     * absent: report.html has no section, compare says not tested).
     */
    public static List<AcidOutcome> read(Path dir) {
        Path file = dir.resolve("acid.json");
        if (!Files.isRegularFile(file)) return List.of();
        List<AcidOutcome> out = new ArrayList<>();
        try {
            for (var t : new ObjectMapper().readTree(file.toFile()).path("tests")) {
                Verdict v = Verdict.valueOf(t.path("verdict").asText());
                String evidence = t.path("evidence").asText();
                // written before NO_JUDGEMENT was a verdict (2026-12-07): a NOT_RUN that says it ran without a judgement
                if (v == Verdict.NOT_RUN && evidence.startsWith("no judgement:")) v = Verdict.NO_JUDGEMENT;
                out.add(new AcidOutcome(t.path("clause").asText(), t.path("test").asText(), t.path("level").asText(), v, evidence));
            }
        } catch (IOException | IllegalArgumentException e) {
            return List.of(); // unreadable, or a verdict this version does not know: as if absent
        }
        return out;
    }

    /** report.html's rows of the acid.json in {@code dir}: clause, test, level, outcome, evidence; empty without one. */
    public static List<List<String>> rows(Path dir) {
        List<List<String>> out = new ArrayList<>();
        for (AcidOutcome o : read(dir)) out.add(List.of(o.clause(), o.test(), o.level(), o.verdict().words(), o.evidence()));
        return out;
    }

    /** Writes {@code r} as acid.json in {@code dir}; returns its path. */
    public static Path write(Report r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schemaVersion", r.schemaVersion());
        json.put("engine", r.engine());
        json.put("serverVersion", r.serverVersion());
        json.put("tpccSchema", r.tables());
        json.put("warehouse", r.warehouse());
        json.put("lockView", r.lockView());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (AcidOutcome o : r.outcomes()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("clause", o.clause());
            row.put("test", o.test());
            row.put("level", o.level());
            row.put("verdict", o.verdict().name());
            row.put("outcome", o.verdict().words());
            row.put("evidence", o.evidence());
            rows.add(row);
        }
        json.put("tests", rows);
        Path file = dir.resolve("acid.json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
        return file;
    }
}
