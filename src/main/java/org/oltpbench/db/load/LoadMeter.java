package org.oltpbench.db.load;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.oltpbench.result.run.LoadResult;

/**
 * Rows and send time per table of one load, shared by its workers: each sink it wraps counts its rows and times the
 * calls that may send (endRow, close), and adds both to its table when closed. Each sink also asks the load's stop
 * before every row: once stopping, it throws {@link LoadStopped} and its close sends nothing, so a stop takes effect
 * between batches and no half-built row or chunk is sent after it.
 */
public final class LoadMeter {
    private final Map<String, AtomicLong[]> tables = new LinkedHashMap<>();
    private final long t0 = System.nanoTime();
    private final LoadStop stop;

    /** A meter for a load that {@code stop} ends. */
    public LoadMeter(LoadStop stop) {
        this.stop = stop;
    }

    /** A meter for a load nothing stops. */
    public LoadMeter() {
        this(LoadStop.NEVER);
    }

    /** The load's stop, for its workers' waits and long statements. */
    public LoadStop stop() {
        return stop;
    }

    /** {@code sink} for {@code table}, counted. */
    public RowSink meter(String table, RowSink sink) {
        AtomicLong[] t;
        synchronized (tables) {
            t = tables.computeIfAbsent(table, k -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
        }
        return new Metered(sink, t, stop);
    }

    /** The load so far as a result: wall time since this meter was made, and each table. */
    public LoadResult result(int workers, String method, int warehouses) {
        List<LoadResult.Table> out = new ArrayList<>();
        synchronized (tables) {
            tables.forEach((name, t) -> out.add(new LoadResult.Table(name, t[0].get(), t[1].get() / 1e9)));
        }
        return new LoadResult((System.nanoTime() - t0) / 1e9, workers, method, warehouses, out);
    }

    /** One worker's sink: plain counters, published to the table's on close; stopped before a row once stopping. */
    private static final class Metered implements RowSink {
        private final RowSink sink;
        private final AtomicLong[] table;
        private final LoadStop stop;
        private long rows, nanos;

        Metered(RowSink sink, AtomicLong[] table, LoadStop stop) {
            this.sink = sink;
            this.table = table;
            this.stop = stop;
        }

        @Override
        public void integer(long v) {
            sink.integer(v);
        }

        @Override
        public void text(char[] v) {
            sink.text(v);
        }

        @Override
        public void text(String v) {
            sink.text(v);
        }

        @Override
        public void decimal(double v, int scale) {
            sink.decimal(v, scale);
        }

        @Override
        public void nul() {
            sink.nul();
        }

        @Override
        public void endRow() throws SQLException {
            stop.check();
            long s = System.nanoTime();
            sink.endRow();
            nanos += System.nanoTime() - s;
            rows++;
        }

        @Override
        public void discard() throws SQLException {
            sink.discard();
        }

        @Override
        public void close() throws SQLException {
            if (stop.stopping()) {
                // the rows buffered since the last batch are dropped: the unit they belong to is not complete
                sink.discard();
                throw new LoadStopped();
            }
            long s = System.nanoTime();
            try {
                sink.close();
            } finally {
                nanos += System.nanoTime() - s;
                table[0].addAndGet(rows);
                table[1].addAndGet(nanos);
            }
        }
    }
}
