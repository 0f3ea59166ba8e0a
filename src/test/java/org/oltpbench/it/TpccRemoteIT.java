package org.oltpbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.config.ConfigLoader;
import org.oltpbench.db.Database;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.driver.IgnoreList;
import org.oltpbench.driver.LevelRunner;
import org.oltpbench.driver.StopSignal;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.workload.tpcc.TpccWorkload;

/**
 * Remote warehouses through the whole path, from the config to the rows: 4 warehouses loaded, then client 0 of
 * clientCount=2 (home warehouses 1 and 2) runs. TPC-C 2.4.1.5: 1% of order lines are supplied by another warehouse;
 * 2.5.1.2: 15% of payments are for a customer of another warehouse. Either is drawn uniformly from the other three
 * warehouses, so two thirds of them must land on the other client's warehouses 3 and 4.
 */
class TpccRemoteIT {
    private static final PrintStream QUIET = new PrintStream(java.io.OutputStream.nullOutputStream());

    @Test
    void remoteLinesAndPaymentsReachTheOtherClientsWarehousesAtTheSpecsRates() throws Exception {
        var load = ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=4", "loadWorkers=2",
                "checkAfterLoad=false", "rand-seed=11"), Map.of());
        try (Database db = Database.open(Params.target(load), Dialects.forName("mariadb"))) {
            Params.tpcc(load, db.dialect(), QUIET).prepare(db);
            TpccWorkload client0 = Params.tpcc(ConfigLoader.load(null, List.of("db=mariadb", "embedded=true", "warehouses=4",
                    "clientCount=2", "clientIndex=0", "threads=4", "rand-seed=11"), Map.of()), db.dialect(), QUIET);
            var s = org.oltpbench.driver.Levels.threads(2).events(6000).seed(13)
                    .ignore(new IgnoreList(List.of("1213", "1205"))).build();
            RepeatResult r = new LevelRunner(s, client0, db, org.oltpbench.driver.RunListener.SILENT, new StopSignal()).run();
            assertNull(r.reason(), r.reason());
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                assertEquals(0, count(st, "SELECT COUNT(*) FROM bmsql_oorder WHERE o_id > 3000 AND o_w_id > 2"),
                        "client 0 only orders for its own warehouses");
                // order lines of the orders this run made (the load made 3000 per district)
                long lines = count(st, "SELECT COUNT(*) FROM bmsql_order_line WHERE ol_o_id > 3000");
                long remote = count(st, "SELECT COUNT(*) FROM bmsql_order_line WHERE ol_o_id > 3000 AND ol_supply_w_id <> ol_w_id");
                long toOther = count(st, "SELECT COUNT(*) FROM bmsql_order_line WHERE ol_o_id > 3000 AND ol_supply_w_id > 2");
                // ~27,000 lines: 1% remote = 270 (binomial sd 16); two thirds of them to 3 and 4 = 180 (sd 7.7)
                assertTrue(lines > 20_000, lines + " lines");
                assertTrue(remote > 0.0075 * lines && remote < 0.0125 * lines, remote + " remote of " + lines + " lines");
                assertTrue(toOther > 0.55 * remote && toOther < 0.78 * remote, toOther + " of " + remote + " to warehouses 3-4");
                // payments of this run: the load's history rows are all local (h_c_w_id = h_w_id)
                long payments = r.transaction("PAYMENT").committed();
                long remotePay = count(st, "SELECT COUNT(*) FROM bmsql_history WHERE h_c_w_id <> h_w_id");
                long payToOther = count(st, "SELECT COUNT(*) FROM bmsql_history WHERE h_c_w_id <> h_w_id AND h_c_w_id > 2");
                // ~2,580 payments: 15% remote = 387 (sd 18); two thirds of them = 258 (sd 9.3)
                assertTrue(remotePay > 0.12 * payments && remotePay < 0.18 * payments, remotePay + " remote of " + payments + " payments");
                assertTrue(payToOther > 0.55 * remotePay && payToOther < 0.78 * remotePay,
                        payToOther + " of " + remotePay + " remote payments to warehouses 3-4");
            }
        }
    }

    private static long count(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
