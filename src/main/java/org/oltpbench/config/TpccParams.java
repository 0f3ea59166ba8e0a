package org.oltpbench.config;

/**
 * BenchmarkSQL's TPC-C keys.
 *
 * @param warehouses             the scale the data set is loaded at
 * @param firstWarehouse         the first of the job's warehouses (warehouseRange; 1 by default)
 * @param lastWarehouse          the last of the job's warehouses
 * @param activeWarehouses       the terminals use warehouses 1..this only (activeWarehouses); 0 = the job's all
 * @param mix                    each transaction type's share of the deck, in percent
 * @param perItemNewOrder        New-Order reads items and stock row by row, as BenchmarkSQL 5.0 does (in procedures
 *                               mode: the row-by-row routine instead of the set-based one)
 * @param terminalWarehouseFixed each terminal keeps its home warehouse
 * @param keyingScale            TPC-C 5.2.5.2 keying time before each transaction, as a multiple of the spec's
 *                               (keyingTime and keyingTimeMultiplier); 0 = none
 * @param thinkScale             TPC-C 5.2.5.4 think time after each transaction, as a multiple of the spec's mean
 *                               (thinkTime and thinkTimeMultiplier); 0 = none
 * @param indexesAfterLoad       create the secondary indexes after loading
 * @param share                  this client's share of the warehouses
 * @param analytic               CH-benCHmark's analytic streams beside the terminals (workload=ch); NONE for TPC-C
 * @param mode                   the client's statements or one stored routine per transaction (tpccMode); CLIENT in
 *                               results written before it was kept
 * @param schema                 whose tables (tpccSchema: benchmarksql, go-tpc or hammerdb); benchmarksql in results written
 *                               before it was kept (schema 3.17)
 */
public record TpccParams(int warehouses, int firstWarehouse, int lastWarehouse, int activeWarehouses, Mix mix, boolean perItemNewOrder,
                         boolean terminalWarehouseFixed, double keyingScale, double thinkScale, boolean indexesAfterLoad,
                         long randSeed, ClientShare share,
                         @com.fasterxml.jackson.annotation.JsonInclude(value = com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                 valueFilter = AnalyticParams.Absent.class) AnalyticParams analytic,
                         TpccMode mode, String schema) implements WorkloadParams {

    public TpccParams {
        if (analytic == null) analytic = AnalyticParams.NONE;
        if (mode == null) mode = TpccMode.CLIENT;
        if (schema == null) schema = "benchmarksql";
    }

    /** tpcc, or ch with CH-benCHmark's data set and streams. */
    @Override
    public String name() {
        return ch() ? "ch" : "tpcc";
    }

    /** Whether this is CH-benCHmark: TPC-C's terminals on CH's data set, with or without analytic streams. */
    public boolean ch() {
        return analytic.streams() >= 0;
    }

    /** Whether terminals pause for keying or think time: the spec's pacing, scaled or not. */
    public boolean paced() {
        return keyingScale > 0 || thinkScale > 0;
    }

    /** This client's slice {first, last} of the job's warehouses. */
    public int[] mine() {
        return share.slice(firstWarehouse, lastWarehouse);
    }

    /**
     * This client's slice of the warehouses its terminals drive: 1..activeWarehouses when set (the data set holds
     * more), else the warehouses it loads.
     */
    public int[] driven() {
        return activeWarehouses > 0 ? share.slice(1, activeWarehouses) : mine();
    }

    /** The warehouses a remote New-Order line or Payment customer is drawn from (TPC-C 2.4.1.5, 2.5.1.2). */
    public int remoteWarehouses() {
        return activeWarehouses > 0 ? activeWarehouses : warehouses;
    }

    /** These keys with the terminals on warehouses 1..{@code n} (activeWarehouses=n). */
    public TpccParams withActiveWarehouses(int n) {
        return new TpccParams(warehouses, firstWarehouse, lastWarehouse, n, mix, perItemNewOrder, terminalWarehouseFixed,
                keyingScale, thinkScale, indexesAfterLoad, randSeed, share, analytic, mode, schema);
    }

    /** How many warehouses this client loads. */
    public int warehouseCount() {
        int[] r = mine();
        return r[1] - r[0] + 1;
    }

    /** The five weights (percent), adding up to 100 (TPC-C 5.2.3). */
    public record Mix(double newOrder, double payment, double orderStatus, double delivery, double stockLevel) {
        public double sum() {
            return newOrder + payment + orderStatus + delivery + stockLevel;
        }
    }
}
