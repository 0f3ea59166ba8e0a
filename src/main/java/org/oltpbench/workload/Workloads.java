package org.oltpbench.workload;

import java.io.PrintStream;
import org.oltpbench.config.LoadParams;
import org.oltpbench.config.PgbenchParams;
import org.oltpbench.config.SqlParams;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.config.TpccParams;
import org.oltpbench.config.WorkloadParams;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.ch.ChWorkload;
import org.oltpbench.workload.pgbench.PgbenchWorkload;
import org.oltpbench.workload.sql.SqlWorkload;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;
import org.oltpbench.workload.tpcc.TpccWorkload;

/** Makes the workload its parameters describe. */
public final class Workloads {
    private Workloads() {
    }

    public static Workload create(WorkloadParams params, LoadParams load, Dialect dialect, PrintStream out) {
        return switch (params) {
            case TpccParams p when p.ch() -> new ChWorkload(new TpccWorkload(p, load, dialect, out), p, load.method(), out, dialect);
            case TpccParams p -> new TpccWorkload(p, load, dialect, out);
            case SqlParams p -> new SqlWorkload(p, load, out);
            case PgbenchParams p -> new PgbenchWorkload(p, load, dialect, out);
            case SysbenchParams p -> new SysbenchWorkload(Preset.load(p.preset()), p, load, dialect, out);
        };
    }
}
