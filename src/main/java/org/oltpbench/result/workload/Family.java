package org.oltpbench.result.workload;

/**
 * A workload family: what its headline figures are, the unit its charts draw, and which peer's console lines it
 * prints. Output code asks the family; it never compares workload names.
 */
public enum Family {
    /** sysbench's OLTP presets: tps and qps, sysbench's console. */
    SYSBENCH(Headline.QPS, Style.SYSBENCH),
    /** TPC-C: tpmC per transaction type, BenchmarkSQL's and go-tpc's console. */
    TPCC(Headline.TPMC, Style.TPCC),
    /** mysqlslap-style custom SQL: as sysbench. */
    SQL(Headline.QPS, Style.SYSBENCH),
    /** pgbench's TPC-B-like and custom scripts: tps, pgbench's console. */
    PGBENCH(Headline.QPS, Style.PGBENCH);

    /** The figure a family's runs are judged by. */
    public enum Headline {
        QPS("queries per second"), TPMC("tpmC (NewOrders per minute)");

        private final String chartUnit;

        Headline(String chartUnit) {
            this.chartUnit = chartUnit;
        }

        /** The axis title of its trend charts. */
        public String chartUnit() {
            return chartUnit;
        }
    }

    /** The console lines a family prints: sysbench's, BenchmarkSQL's and go-tpc's per transaction type, or pgbench's. */
    public enum Style {
        SYSBENCH, TPCC, PGBENCH
    }

    private final Headline headline;
    private final Style style;

    Family(Headline headline, Style style) {
        this.headline = headline;
        this.style = style;
    }

    public Headline headline() {
        return headline;
    }

    public Style style() {
        return style;
    }

    /** Whether results show a table per transaction type (tpmC, its efficiency, the mix). */
    public boolean perType() {
        return headline == Headline.TPMC;
    }

    /** What a level's concurrency is called: TPC-C's terminals (the spec's and BenchmarkSQL's word), pgbench's clients, sysbench's threads. */
    public String workers() {
        return switch (this) {
            case TPCC -> "terminals";
            case PGBENCH -> "clients";
            default -> "threads";
        };
    }

    /** {@code n} and the word for it: "1 terminal", "16 threads". */
    public String workers(int n) {
        String w = workers();
        return n + " " + (n == 1 ? w.substring(0, w.length() - 1) : w);
    }

    /** The name tuning profiles and result files use: sysbench, tpcc or sql. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
