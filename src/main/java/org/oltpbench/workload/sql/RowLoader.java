package org.oltpbench.workload.sql;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.db.load.Sinks;
import org.oltpbench.util.Progress;

/**
 * Fills a table made by a create file with generated rows, in parallel chunks, from what the table's metadata says:
 * the primary-key column gets 1..rows; integers a uniform value in 0..1,000,000 (or the type's maximum); character
 * columns as many random letters and digits as they hold, at most 64; decimals a value their precision fits; dates
 * and times a moment in 2026; booleans 0 or 1; anything else NULL (or '' when NOT NULL).
 */
final class RowLoader {
    static final int CHUNK = 50_000;
    private static final int MAX_TEXT = 64;

    /** A column and how to fill it. */
    record Column(String name, int type, int precision, int scale, boolean nullable, boolean key) {
    }

    private final Database db;
    private final String method;
    private final int workers;
    private final long seed;
    private final PrintStream out;
    private final AtomicLong loaded = new AtomicLong();

    private final org.oltpbench.db.load.LoadMeter meter;

    RowLoader(Database db, String method, int workers, long seed, PrintStream out, org.oltpbench.db.load.LoadMeter meter) {
        this.meter = meter;
        this.db = db;
        this.method = method;
        this.workers = workers;
        this.seed = seed;
        this.out = out;
    }

    void load(String table, int rows) throws SQLException {
        List<Column> columns;
        try (Connection c = db.connect()) {
            columns = columns(c, table);
        }
        List<String> names = columns.stream().map(Column::name).toList();
        List<org.oltpbench.db.load.LoadJobs.Job> jobs = new ArrayList<>();
        for (int from = 1; from <= rows; from += CHUNK) {
            int lo = from, hi = Math.min(rows, from + CHUNK - 1);
            jobs.add(() -> chunk(table, names, columns, lo, hi));
        }
        org.oltpbench.db.load.LoadJobs.run(jobs, workers, new Progress(out, "loading " + table, rows, "rows", loaded::get),
                meter.stop());
        for (Column k : columns) {
            if (!k.key()) continue;
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                for (String sql : db.dialect().afterExplicitIdLoad(table, k.name(), true)) st.execute(sql);
            }
        }
    }

    static List<Column> columns(Connection c, String table) throws SQLException {
        List<String> keys = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getPrimaryKeys(c.getCatalog(), c.getSchema(), table)) {
            while (rs.next()) keys.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
        }
        List<Column> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
            ResultSetMetaData m = rs.getMetaData();
            for (int i = 1; i <= m.getColumnCount(); i++) {
                String name = m.getColumnName(i);
                out.add(new Column(name, m.getColumnType(i), m.getPrecision(i), m.getScale(i),
                        m.isNullable(i) != ResultSetMetaData.columnNoNulls,
                        keys.size() == 1 && keys.get(0).equals(name.toLowerCase(Locale.ROOT)) && integer(m.getColumnType(i))));
            }
        }
        return out;
    }

    private void chunk(String table, List<String> names, List<Column> columns, int from, int to) throws SQLException {
        SplittableRandom rnd = new SplittableRandom(seed ^ (from * 0x9E3779B97F4A7C15L));
        char[] text = new char[MAX_TEXT];
        try (Connection c = db.connect(); RowSink sink = meter.meter(table, Sinks.open(db.dialect(), c, table, names, method))) {
            for (int id = from; id <= to; id++) {
                for (Column col : columns) value(sink, col, id, rnd, text);
                sink.endRow();
                loaded.incrementAndGet();
            }
        }
    }

    static void value(RowSink sink, Column col, long id, SplittableRandom rnd, char[] text) {
        if (col.key()) {
            sink.integer(id);
            return;
        }
        switch (col.type()) {
            case Types.TINYINT -> sink.integer(rnd.nextInt(128));
            case Types.SMALLINT -> sink.integer(rnd.nextInt(32_768));
            case Types.INTEGER, Types.BIGINT -> sink.integer(rnd.nextInt(1_000_001));
            case Types.BIT, Types.BOOLEAN -> sink.text(rnd.nextBoolean() ? "1" : "0");
            case Types.DECIMAL, Types.NUMERIC -> {
                int whole = Math.max(0, Math.min(6, col.precision() - col.scale()));
                sink.decimal(rnd.nextDouble() * Math.pow(10, whole) * 0.999, Math.max(0, col.scale()));
            }
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> sink.decimal(rnd.nextDouble() * 1000, 3);
            case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.CLOB -> {
                int n = col.precision() > 0 ? Math.min(col.precision(), MAX_TEXT) : 16;
                for (int i = 0; i < n; i++) text[i] = (char) (rnd.nextInt(36) < 26 ? 'a' + rnd.nextInt(26) : '0' + rnd.nextInt(10));
                sink.text(n == MAX_TEXT ? text : java.util.Arrays.copyOf(text, n));
            }
            case Types.DATE -> sink.text(String.format(Locale.ROOT, "2026-%02d-%02d", 1 + rnd.nextInt(12), 1 + rnd.nextInt(28)));
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> sink.text(String.format(Locale.ROOT,
                    "2026-%02d-%02d %02d:%02d:%02d", 1 + rnd.nextInt(12), 1 + rnd.nextInt(28), rnd.nextInt(24), rnd.nextInt(60),
                    rnd.nextInt(60)));
            case Types.TIME -> sink.text(String.format(Locale.ROOT, "%02d:%02d:%02d", rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60)));
            default -> {
                if (col.nullable()) sink.nul();
                else sink.text("");
            }
        }
    }

    private static boolean integer(int type) {
        return type == Types.INTEGER || type == Types.BIGINT || type == Types.SMALLINT || type == Types.TINYINT;
    }
}
