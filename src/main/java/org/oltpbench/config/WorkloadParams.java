package org.oltpbench.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** The keys one workload family reads, resolved: each workload receives its own record and nothing else. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "family")
@JsonSubTypes({@JsonSubTypes.Type(value = SysbenchParams.class, name = "sysbench"),
    @JsonSubTypes.Type(value = TpccParams.class, name = "tpcc"), @JsonSubTypes.Type(value = SqlParams.class, name = "sql"),
    @JsonSubTypes.Type(value = PgbenchParams.class, name = "pgbench")})
public sealed interface WorkloadParams permits SysbenchParams, TpccParams, SqlParams, PgbenchParams {
    /** The workload as it is named in results: a preset's name, tpcc, sql or pgbench. */
    String name();

    /** Seed of prepare's generators; 0 = from the clock. */
    long randSeed();
}
