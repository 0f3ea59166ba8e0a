package org.oltpbench.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How TPC-C's transactions reach the server (tpccMode): the client sends each statement, as BenchmarkSQL and go-tpc
 * do, or calls one stored routine per transaction, as HammerDB and the TPC full disclosures do.
 */
public enum TpccMode {
    /** The client sends the transaction's statements and its COMMIT: one round trip each. */
    @JsonProperty("client") CLIENT,
    /** One call of a stored routine per transaction (created by prepare), which commits on the server. */
    @JsonProperty("procedures") PROCEDURES;

    public static TpccMode of(String key) {
        return key.equals("procedures") ? PROCEDURES : CLIENT;
    }
}
