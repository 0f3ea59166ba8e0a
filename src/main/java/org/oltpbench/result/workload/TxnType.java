package org.oltpbench.result.workload;

/**
 * One transaction type of a workload: its row in the workload's one transaction table.
 *
 * @param name     as results name it (NEW_ORDER, PAYMENT, ...; "event" for a sysbench preset)
 * @param weight   its share of the mix in percent (100 when it is the only type)
 * @param keyingMs TPC-C 5.2.5.2 keying time before it, in ms, when keying time is on; 0 otherwise
 * @param thinkMs  TPC-C 5.2.5.4 mean think time after it, in ms, when think time is on; 0 otherwise
 * @param headline whether it is the type the headline throughput counts (TPC-C's New-Order)
 */
public record TxnType(String name, double weight, long keyingMs, long thinkMs, boolean headline) {

    /** The one type of a workload without a mix. */
    public static TxnType only(String name) {
        return new TxnType(name, 100, 0, 0, true);
    }
}
