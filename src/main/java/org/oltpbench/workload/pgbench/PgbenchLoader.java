package org.oltpbench.workload.pgbench;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.config.LoadParams;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.LoadMeter;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.workload.Loader;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.dialect.Layout;
import org.oltpbench.util.Progress;

/**
 * pgbench's initialization ({@code pgbench -i}, steps dtgvp): drop the four tables, create them with pgbench's columns
 * and fill factor, generate the rows client-side (accounts in chunks of one scale unit, over {@code loadWorkers}
 * threads, through the load path: COPY on PostgreSQL), vacuum and analyze, then add the primary keys where the dialect
 * adds them after the rows. The rows are pgbench's: every balance 0, accounts' filler blank, the others' NULL.
 */
final class PgbenchLoader extends Loader {
    static final int ACCOUNTS = 100_000, TELLERS = 10, BRANCHES = 1;
    /** pgbench's threshold from which aid is a bigint. */
    static final int BIGINT_SCALE = 20_000;
    static final List<String> TABLES = List.of("pgbench_accounts", "pgbench_branches", "pgbench_history", "pgbench_tellers");

    private final int scale, fillFactor;
    private final String partitionMethod;
    private final AtomicLong loaded = new AtomicLong();

    PgbenchLoader(Database db, LoadParams load, int scale, int fillFactor, String partitionMethod, PrintStream out) {
        super(db, load, out);
        this.scale = scale;
        this.fillFactor = fillFactor;
        this.partitionMethod = partitionMethod;
    }

    /** pgbench's CREATE TABLEs in its order (history, tellers, accounts, branches), with their partitions. */
    static List<String> createTables(Dialect dialect, Layout layout, int scale, int fillFactor, String partitionMethod) {
        String aid = scale >= BIGINT_SCALE ? "bigint" : "int";
        boolean keys = !dialect.primaryKeysAfterLoad();
        String ff = dialect.fillFactor(fillFactor);
        int parts = layout.partitions();
        List<String> out = new ArrayList<>();
        out.add("create table pgbench_history(tid int,bid int,aid " + aid + ",delta int,mtime timestamp,filler char(22))");
        out.add(table("pgbench_tellers", "tid int not null,bid int,tbalance int,filler char(84)", "tid", keys, dialect, layout, ff));
        long[] upper = upperBounds((long) ACCOUNTS * scale, parts);
        // PostgreSQL's partitions are tables that carry the fill factor; the MySQL family's are clauses of one table
        List<String> partitions = parts > 0 ? dialect.partitionsOf("pgbench_accounts", partitionMethod, parts, upper, ff) : List.of();
        String options = parts == 0 ? ff : join(partitions.isEmpty() ? ff : "", dialect.partitionBy("aid", partitionMethod, parts, upper));
        out.add(table("pgbench_accounts", "aid " + aid + " not null,bid int,abalance int,filler char(84)", "aid", keys, dialect,
                layout, options));
        out.addAll(partitions);
        out.add(table("pgbench_branches", "bid int not null,bbalance int,filler char(88)", "bid", keys, dialect, layout, ff));
        return out;
    }

    private static String table(String name, String columns, String key, boolean withKey, Dialect d, Layout layout,
                                String options) {
        return "create table " + name + "(" + columns + (withKey ? "," + d.primaryKey(key, layout) : "") + ")"
                + (options.isEmpty() ? "" : " " + options);
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " " + b;
    }

    /** pgbench's range bounds: {@code parts} ranges of ceil(accounts / parts) ids; bound i is the first id above range i. */
    static long[] upperBounds(long accounts, int parts) {
        if (parts == 0) return new long[0];
        long size = (accounts + parts - 1) / parts;
        long[] upper = new long[parts];
        for (int i = 0; i < parts; i++) upper[i] = (i + 1) * size + 1;
        return upper;
    }

    /** The primary keys pgbench adds after the rows. */
    static List<String> primaryKeys() {
        return List.of("alter table pgbench_branches add primary key (bid)", "alter table pgbench_tellers add primary key (tid)",
                "alter table pgbench_accounts add primary key (aid)");
    }

    /** Runs the five steps, printing pgbench's step lines and its closing "done in" line; returns what it loaded. */
    org.oltpbench.result.run.LoadResult run(Layout layout, org.oltpbench.db.load.LoadStop stop) throws SQLException {
        long t0 = System.nanoTime();
        out.println("dropping old tables...");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String t : TABLES) st.execute("DROP TABLE IF EXISTS " + t);
            long t1 = System.nanoTime();
            out.println("creating tables...");
            for (String sql : createTables(dialect, layout, scale, fillFactor, partitionMethod)) st.execute(sql);
            long t2 = System.nanoTime();
            out.println("generating data (client-side)...");
            LoadMeter meter = new LoadMeter(stop);
            generate(meter);
            long t3 = System.nanoTime();
            out.println("vacuuming...");
            for (String t : List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history")) {
                String vacuum = dialect.vacuumAnalyze(t);
                stop.cancelling(st, () -> st.execute(vacuum));
            }
            long t4 = System.nanoTime();
            if (dialect.primaryKeysAfterLoad()) {
                out.println("creating primary keys...");
                for (String sql : primaryKeys()) stop.cancelling(st, () -> st.execute(sql));
            }
            long t5 = System.nanoTime();
            out.printf(Locale.ROOT, "done in %.2f s (drop tables %.2f s, create tables %.2f s, client-side generate %.2f s, "
                    + "vacuum %.2f s, primary keys %.2f s).%n", secs(t5 - t0), secs(t1 - t0), secs(t2 - t1), secs(t3 - t2),
                    secs(t4 - t3), secs(t5 - t4));
            return meter.result(load.workers(), load.method(), 0);
        }
    }

    private static double secs(long nanos) {
        return nanos / 1e9;
    }

    /** Branches and tellers in one task, then the accounts one scale unit per task. */
    private void generate(LoadMeter meter) throws SQLException {
        long total = (long) scale * (ACCOUNTS + TELLERS + BRANCHES);
        List<org.oltpbench.db.load.LoadJobs.Job> tasks = new ArrayList<>();
        tasks.add(() -> small(meter));
        for (int unit = 0; unit < scale; unit++) {
            long from = (long) unit * ACCOUNTS + 1;
            tasks.add(() -> accounts(meter, from, from + ACCOUNTS - 1));
        }
        org.oltpbench.db.load.LoadJobs.run(tasks, load.workers(), new Progress(out, "generating", total, "tuples", loaded::get),
                meter.stop());
    }

    private void small(LoadMeter meter) throws SQLException {
        try (Connection c = db.connect()) {
            try (RowSink sink = sink(meter, c, "pgbench_branches", List.of("bid", "bbalance", "filler"))) {
                for (int b = 1; b <= scale * BRANCHES; b++) row(sink, b, -1);
            }
            try (RowSink sink = sink(meter, c, "pgbench_tellers", List.of("tid", "bid", "tbalance", "filler"))) {
                for (int t = 1; t <= scale * TELLERS; t++) row(sink, t, (t - 1) / TELLERS + 1);
            }
        }
    }

    /** A branch (bid < 0: no bid column) or teller row: its id, bid, balance 0, filler NULL. */
    private void row(RowSink sink, long id, long bid) throws SQLException {
        sink.integer(id);
        if (bid > 0) sink.integer(bid);
        sink.integer(0);
        sink.nul();
        sink.endRow();
        loaded.incrementAndGet();
    }

    private void accounts(LoadMeter meter, long from, long to) throws SQLException {
        try (Connection c = db.connect();
             RowSink sink = sink(meter, c, "pgbench_accounts", List.of("aid", "bid", "abalance", "filler"))) {
            for (long aid = from; aid <= to; aid++) {
                sink.integer(aid);
                sink.integer((aid - 1) / ACCOUNTS + 1);
                sink.integer(0);
                sink.text("");
                sink.endRow();
                if (aid % 1000 == 0) loaded.addAndGet(1000);
            }
        }
    }
}
