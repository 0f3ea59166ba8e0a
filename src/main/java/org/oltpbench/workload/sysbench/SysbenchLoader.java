package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.oltpbench.config.LoadParams;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.LoadJobs;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.Loader;
import org.oltpbench.dialect.Layout;
import org.oltpbench.util.Progress;

/**
 * sysbench's prepare, in parallel across and within tables: each table is created, filled in chunks of
 * {@link #CHUNK} rows by {@code loadWorkers} threads through the {@code loadMethod} sink (multi-row INSERTs or the
 * engine's bulk path, in bounded autocommitted chunks), and gets its secondary index k_N once its last chunk is in.
 * Rows are as sysbench makes them: ids 1..table_size, k from the configured distribution, random c and pad.
 */
final class SysbenchLoader extends Loader {
    static final int CHUNK = 50_000;
    static final List<String> COLUMNS = List.of("id", "k", "c", "pad");

    private final SysbenchSettings s;
    private final boolean secondary, createSecondary;
    private final Layout layout;
    private final long seed;
    private final java.util.concurrent.atomic.AtomicLong loaded = new java.util.concurrent.atomic.AtomicLong();
    private final org.oltpbench.db.load.LoadMeter meter;
    private final java.util.Set<Integer> complete = new java.util.concurrent.ConcurrentSkipListSet<>();

    SysbenchLoader(Database db, SysbenchSettings s, boolean secondary, boolean createSecondary, Layout layout,
                   LoadParams load, long seed, PrintStream out, org.oltpbench.db.load.LoadMeter meter) {
        super(db, load, out);
        this.meter = meter;
        this.s = s;
        this.secondary = secondary;
        this.createSecondary = createSecondary;
        this.layout = layout;
        this.seed = seed;
    }

    /** sysbench's CREATE TABLE, column for column, then the dialect's statements that complete it. */
    static List<String> createTable(Dialect dialect, Layout layout, boolean autoInc, boolean secondary, int n) {
        String options = dialect.tableOptions(layout, "id");
        List<String> out = new ArrayList<>();
        out.add("CREATE TABLE sbtest" + n + "(\n"
                + "  id " + dialect.sysbenchIdColumn(autoInc) + ",\n"
                + "  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n"
                + "  pad CHAR(60) DEFAULT '' NOT NULL,\n"
                + "  " + (secondary ? "KEY xid (id)" : dialect.primaryKey("id", layout)) + "\n"
                + ")" + (options.isEmpty() ? "" : " " + options));
        out.addAll(dialect.afterCreateTable("sbtest" + n, layout, "id"));
        return out;
    }

    /** sysbench's secondary index on k. */
    static String createIndex(Dialect dialect, Layout layout, int n) {
        return "CREATE INDEX k_" + n + " ON sbtest" + n + "(k)" + dialect.indexOptions(layout.partitions() > 0);
    }

    /** Creates and loads sbtest{@code t} for each t of {@code tables} (this client's, or those a resumed prepare lacks). */
    void load(int rows, List<Integer> tables) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int t : tables) {
                out.printf("Creating table 'sbtest%d'...%n", t);
                for (String sql : createTable(dialect, layout, s.autoInc(), secondary, t)) st.execute(sql);
            }
        }
        List<int[]> chunks = new ArrayList<>();
        AtomicInteger[] left = new AtomicInteger[java.util.Collections.max(tables) + 1];
        for (int t : tables) {
            int n = (rows + CHUNK - 1) / CHUNK;
            left[t] = new AtomicInteger(n);
            if (rows > 0) out.printf("Inserting %d records into 'sbtest%d'%n", rows, t);
            for (int k = 0; k < n; k++) chunks.add(new int[] {t, k * CHUNK + 1, Math.min(rows, (k + 1) * CHUNK)});
        }
        chunks.sort((a, b) -> a[1] != b[1] ? Integer.compare(a[1], b[1]) : Integer.compare(a[0], b[0]));
        runAll(chunks, left, (long) rows * tables.size());
        for (int t : tables) {
            if (rows == 0) finishTable(t);
        }
    }

    /** The tables this loader completed: every row committed, and the k index made (when asked). */
    List<Integer> complete() {
        return new ArrayList<>(complete);
    }

    private void runAll(List<int[]> chunks, AtomicInteger[] left, long total) throws SQLException {
        List<LoadJobs.Job> jobs = new ArrayList<>();
        for (int[] ch : chunks) jobs.add(() -> {
            insertChunk(ch[0], ch[1], ch[2]);
            if (left[ch[0]].decrementAndGet() == 0) finishTable(ch[0]);
        });
        LoadJobs.run(jobs, load.workers(), total > 0 ? new Progress(out, "loading", total, "rows", loaded::get) : Progress.SILENT,
                meter.stop());
    }

    private void insertChunk(int table, int from, int to) throws SQLException {
        SbRandom rnd = s.random(seed ^ (table * 0x9E3779B97F4A7C15L) ^ from);
        char[] c = new char[Templates.C.length], pad = new char[Templates.PAD.length];
        try (Connection con = db.connect();
             RowSink sink = sink(meter, con, "sbtest" + table, COLUMNS)) {
            for (int id = from; id <= to; id++) {
                rnd.fill(Templates.C, c);
                rnd.fill(Templates.PAD, pad);
                sink.integer(id);
                sink.integer(rnd.rand(1, s.tableSize()));
                sink.text(c);
                sink.text(pad);
                sink.endRow();
                loaded.incrementAndGet();
            }
        }
    }

    /** After a table's last row: the dialect's id fix-up, then the k index (sysbench's order). */
    void finishTable(int t) throws SQLException {
        meter.stop().check();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String sql : dialect.afterExplicitIdLoad("sbtest" + t, "id", s.autoInc())) st.execute(sql);
            if (createSecondary) {
                out.printf("Creating a secondary index on 'sbtest%d'...%n", t);
                meter.stop().cancelling(st, () -> st.execute(createIndex(dialect, layout, t)));
            }
        }
        complete.add(t);
    }
}
