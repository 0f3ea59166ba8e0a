package org.oltpbench.workload.tpcc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.config.LoadParams;
import org.oltpbench.db.Database;
import org.oltpbench.db.load.LoadJobs;
import org.oltpbench.db.load.LoadStopped;
import org.oltpbench.db.load.RowSink;
import org.oltpbench.workload.Loader;
import org.oltpbench.util.Progress;

/**
 * TPC-C's initial population (4.3.3.1) in BenchmarkSQL's tables. {@code loadWorkers} threads load whole
 * warehouses in parallel, ITEM is one job of its own. Rows go through the loadMethod sink in bounded
 * autocommitted chunks. A warehouse's bmsql_warehouse row is written last, after every other row of it is committed,
 * so it marks a complete warehouse: an interrupted or stopped load is finished by loading again, which clears and
 * reloads only incomplete warehouses. A stop (Ctrl-C) takes effect between batches ({@link LoadJobs}).
 */
final class TpccLoader extends Loader {
    static final int ITEMS = 100_000, DISTRICTS = 10, CUSTOMERS = 3000, ORDERS = 3000, FIRST_UNDELIVERED = 2101;

    private final long seed;
    private final int cLoad;
    private final String now = LocalDateTime.now().withNano(0).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    private final AtomicLong rows = new AtomicLong();
    private final org.oltpbench.db.load.LoadMeter meter;
    private final java.util.Set<Integer> complete = new java.util.concurrent.ConcurrentSkipListSet<>();
    private volatile boolean itemsDone;

    /** Whose tables the rows go to (tpccSchema). */
    private final TpccTables tables;

    TpccLoader(Database db, LoadParams load, long seed, int cLoad, PrintStream out, org.oltpbench.db.load.LoadMeter meter,
               TpccTables tables) {
        super(db, load, out);
        this.tables = tables;
        this.meter = meter;
        this.seed = seed;
        this.cLoad = cLoad;
    }

    /**
     * Loads ITEM (when {@code item}) and the given warehouses. A stop ends it between batches with {@link LoadStopped}
     * ({@link #complete()} and {@link #itemsComplete()} then say what this load finished).
     */
    void load(List<Integer> warehouses, boolean item) throws SQLException {
        List<LoadJobs.Job> jobs = new ArrayList<>();
        if (item) jobs.add(() -> {
            loadItems();
            itemsDone = true;
        });
        for (int w : warehouses) jobs.add(() -> {
            loadWarehouse(w);
            complete.add(w);
        });
        Progress progress = new Progress(out, "loading " + warehouses.size() + " warehouse(s)", rowsExpected(warehouses.size(), item),
                "rows", rows::get);
        LoadJobs.run(jobs, load.workers(), progress, meter.stop());
    }

    /** The warehouses this load completed: their warehouse row, written last, is committed. */
    List<Integer> complete() {
        return new ArrayList<>(complete);
    }

    /** Whether this load committed all of ITEM. */
    boolean itemsComplete() {
        return itemsDone;
    }

    static long rowsExpected(int warehouses, boolean item) {
        // per warehouse: 1 + 10 districts + 30k customers + 30k history + 30k orders + ~300k lines + 9k new orders + 100k stock
        return warehouses * (1L + 10 + 30_000 + 30_000 + 30_000 + 300_000 + 9_000 + 100_000) + (item ? ITEMS : 0);
    }

    private RowSink sink(Connection c, String table, String... columns) throws SQLException {
        return sink(meter, c, tables.table(table), List.of(columns));
    }

    private void loadItems() throws SQLException {
        TpccRandom r = new TpccRandom(seed, cLoad, 0, 0);
        try (Connection c = db.connect(); RowSink s = sink(c, "bmsql_item", "i_id", "i_name", "i_price", "i_data", "i_im_id")) {
            for (int i = 1; i <= ITEMS; i++) {
                s.integer(i);
                s.text(r.astring(14, 24));
                s.decimal(r.between(100, 10000) / 100.0, 2);
                s.text(r.dataWithOriginal());
                s.integer(r.between(1, 10000));
                s.endRow();
                rows.incrementAndGet();
            }
        }
    }

    private void loadWarehouse(int w) throws SQLException {
        TpccRandom r = new TpccRandom(seed * 31 + w, cLoad, 0, 0);
        try (Connection c = db.connect()) {
            clear(c, w);
            loadStock(c, r, w);
            for (int d = 1; d <= DISTRICTS; d++) {
                loadDistrict(c, r, w, d);
                loadCustomers(c, r, w, d);
                loadOrders(c, r, w, d);
            }
            try (RowSink s = sink(c, "bmsql_warehouse", "w_id", "w_ytd", "w_tax", "w_name", "w_street_1", "w_street_2",
                    "w_city", "w_state", "w_zip")) {
                s.integer(w);
                s.decimal(300000.00, 2);
                s.decimal(r.between(0, 2000) / 10000.0, 4);
                s.text(r.astring(6, 10));
                address(s, r);
                s.endRow();
            }
            rows.incrementAndGet();
        }
    }

    /** Leftovers of an interrupted load of warehouse w, a table at a time (a stop is seen between them). */
    private void clear(Connection c, int w) throws SQLException {
        String[][] byTable = {{"bmsql_stock", "s_w_id"}, {"bmsql_district", "d_w_id"}, {"bmsql_customer", "c_w_id"},
            {"bmsql_history", "h_w_id"}, {"bmsql_oorder", "o_w_id"}, {"bmsql_new_order", "no_w_id"},
            {"bmsql_order_line", "ol_w_id"}};
        try (Statement st = c.createStatement()) {
            for (String[] t : byTable) meter.stop().cancelling(st, () -> st.execute("DELETE FROM " + tables.table(t[0]) + " WHERE " + t[1] + " = " + w));
        }
    }

    private static void address(RowSink s, TpccRandom r) {
        s.text(r.astring(10, 20));
        s.text(r.astring(10, 20));
        s.text(r.astring(10, 20));
        s.text(new char[] {(char) ('A' + r.between(0, 25)), (char) ('A' + r.between(0, 25))});
        s.text(r.zip());
    }

    private void loadStock(Connection c, TpccRandom r, int w) throws SQLException {
        String[] cols = new String[17];
        String[] head = {"s_w_id", "s_i_id", "s_quantity", "s_ytd", "s_order_cnt", "s_remote_cnt", "s_data"};
        System.arraycopy(head, 0, cols, 0, head.length);
        for (int i = 1; i <= 10; i++) cols[6 + i] = String.format("s_dist_%02d", i);
        try (RowSink s = sink(c, "bmsql_stock", cols)) {
            for (int i = 1; i <= ITEMS; i++) {
                s.integer(w);
                s.integer(i);
                s.integer(r.between(10, 100));
                s.integer(0);
                s.integer(0);
                s.integer(0);
                s.text(r.dataWithOriginal());
                for (int d = 0; d < 10; d++) s.text(r.astring(24, 24));
                s.endRow();
                rows.incrementAndGet();
            }
        }
    }

    private void loadDistrict(Connection c, TpccRandom r, int w, int d) throws SQLException {
        try (RowSink s = sink(c, "bmsql_district", "d_w_id", "d_id", "d_ytd", "d_tax", "d_next_o_id", "d_name",
                "d_street_1", "d_street_2", "d_city", "d_state", "d_zip")) {
            s.integer(w);
            s.integer(d);
            s.decimal(30000.00, 2);
            s.decimal(r.between(0, 2000) / 10000.0, 4);
            s.integer(ORDERS + 1);
            s.text(r.astring(6, 10));
            address(s, r);
            s.endRow();
            rows.incrementAndGet();
        }
    }

    private void loadCustomers(Connection c, TpccRandom r, int w, int d) throws SQLException {
        try (RowSink s = sink(c, "bmsql_customer", "c_w_id", "c_d_id", "c_id", "c_discount", "c_credit", "c_last",
                "c_first", "c_credit_lim", "c_balance", "c_ytd_payment", "c_payment_cnt", "c_delivery_cnt", "c_street_1",
                "c_street_2", "c_city", "c_state", "c_zip", "c_phone", "c_since", "c_middle", "c_data");
             RowSink h = sink(c, "bmsql_history", "h_c_id", "h_c_d_id", "h_c_w_id", "h_d_id", "h_w_id", "h_date",
                     "h_amount", "h_data")) {
            for (int id = 1; id <= CUSTOMERS; id++) {
                s.integer(w);
                s.integer(d);
                s.integer(id);
                s.decimal(r.between(0, 5000) / 10000.0, 4);
                s.text(r.between(1, 10) == 1 ? "BC" : "GC");
                // 4.3.3.1: the first 1000 customers take each last name once, the rest NURand(255, 0, 999) with C_load
                s.text(TpccRandom.lastName(id <= 1000 ? id - 1 : TpccRandom.nurand(255, 0, 999, cLoad, r)));
                s.text(r.astring(8, 16));
                s.decimal(50000.00, 2);
                s.decimal(-10.00, 2);
                s.decimal(10.00, 2);
                s.integer(1);
                s.integer(0);
                address(s, r);
                s.text(r.nstring(16, 16));
                s.text(now);
                s.text("OE");
                s.text(r.astring(300, 500));
                s.endRow();
                h.integer(id);
                h.integer(d);
                h.integer(w);
                h.integer(d);
                h.integer(w);
                h.text(now);
                h.decimal(10.00, 2);
                h.text(r.astring(12, 24));
                h.endRow();
                rows.addAndGet(2);
            }
        }
    }

    /** ORDER with a random permutation of customers, ORDER-LINE, and NEW-ORDER for the last 900 orders. */
    private void loadOrders(Connection c, TpccRandom r, int w, int d) throws SQLException {
        int[] perm = new int[ORDERS];
        for (int i = 0; i < ORDERS; i++) perm[i] = i + 1;
        for (int i = ORDERS - 1; i > 0; i--) {
            int j = r.between(0, i), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        try (RowSink o = sink(c, "bmsql_oorder", "o_w_id", "o_d_id", "o_id", "o_c_id", "o_carrier_id", "o_ol_cnt",
                "o_all_local", "o_entry_d");
             RowSink ol = sink(c, "bmsql_order_line", "ol_w_id", "ol_d_id", "ol_o_id", "ol_number", "ol_i_id",
                     "ol_delivery_d", "ol_amount", "ol_supply_w_id", "ol_quantity", "ol_dist_info");
             RowSink no = sink(c, "bmsql_new_order", "no_w_id", "no_d_id", "no_o_id")) {
            for (int id = 1; id <= ORDERS; id++) {
                boolean delivered = id < FIRST_UNDELIVERED;
                int lines = r.between(5, 15);
                o.integer(w);
                o.integer(d);
                o.integer(id);
                o.integer(perm[id - 1]);
                if (delivered) o.integer(r.between(1, 10));
                else o.nul();
                o.integer(lines);
                o.integer(1);
                o.text(now);
                o.endRow();
                for (int n = 1; n <= lines; n++) {
                    ol.integer(w);
                    ol.integer(d);
                    ol.integer(id);
                    ol.integer(n);
                    ol.integer(r.between(1, ITEMS));
                    if (delivered) ol.text(now);
                    else ol.nul();
                    ol.decimal(delivered ? 0.00 : r.between(1, 999999) / 100.0, 2);
                    ol.integer(w);
                    ol.integer(5);
                    ol.text(r.astring(24, 24));
                    ol.endRow();
                }
                if (!delivered) {
                    no.integer(w);
                    no.integer(d);
                    no.integer(id);
                    no.endRow();
                }
                rows.addAndGet(1 + lines + (delivered ? 0 : 1));
            }
        }
    }
}
