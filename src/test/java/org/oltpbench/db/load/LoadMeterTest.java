package org.oltpbench.db.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.run.LoadResult;

class LoadMeterTest {
    /** A sink that takes 2 ms to send every 10th row, as a chunked sink does. */
    private static RowSink slowEveryTenth() {
        return new RowSink() {
            private int n;

            public void integer(long v) {
            }

            public void text(char[] v) {
            }

            public void text(String v) {
            }

            public void decimal(double v, int scale) {
            }

            public void nul() {
            }

            public void endRow() throws SQLException {
                if (++n % 10 == 0) sleep(2);
            }

            public void close() {
                sleep(2);
            }

            public void discard() {
            }
        };
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void countsRowsAndSendTimePerTableInTheOrderFirstWritten() throws Exception {
        LoadMeter m = new LoadMeter();
        for (String table : List.of("stock", "customer", "stock")) {
            try (RowSink s = m.meter(table, slowEveryTenth())) {
                for (int i = 0; i < 50; i++) s.endRow();
            }
        }
        LoadResult r = m.result(4, "csv", 2);
        assertEquals(List.of("stock", "customer"), r.tables().stream().map(LoadResult.Table::table).toList());
        assertEquals(100, r.tables().get(0).rows());
        assertEquals(50, r.tables().get(1).rows());
        // stock: two sinks of 5 sends + 1 close each, at least 2 ms apiece = at least 24 ms
        assertTrue(r.tables().get(0).sendSeconds() >= 0.024, r.tables().get(0).sendSeconds() + " s");
        assertTrue(r.tables().get(1).sendSeconds() >= 0.012 && r.tables().get(1).sendSeconds() < r.tables().get(0).sendSeconds());
    }

    @Test
    void ratesAreRowsOverTheirSeconds() {
        // 1,000 + 3,000 rows in 100 s of wall time over 50 warehouses; the first table took 2 worker-seconds to send
        LoadResult r = new LoadResult(100, 4, "batch", 50, List.of(new LoadResult.Table("a", 1000, 2.0),
                new LoadResult.Table("b", 3000, 0)));
        assertEquals(4000, r.rows());
        assertEquals(40.0, r.rowsPerSec(), 1e-9);
        assertEquals(2.0, r.secondsPerWarehouse(), 1e-9);
        assertEquals(500.0, r.tables().get(0).rowsPerSec(), 1e-9);
        assertEquals(0.0, r.tables().get(1).rowsPerSec(), 1e-9);
    }
}
