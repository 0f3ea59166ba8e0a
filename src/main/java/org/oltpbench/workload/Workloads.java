package org.oltpbench.workload;

import java.io.PrintStream;
import org.oltpbench.config.Config;
import org.oltpbench.config.Keys;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.sql.SqlWorkload;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;
import org.oltpbench.workload.tpcc.TpccWorkload;

/** Picks the workload a config names. */
public final class Workloads {
    private Workloads() {
    }

    public static Workload create(Config cfg, Dialect dialect, PrintStream out) {
        if (name(cfg).equals("tpcc")) return new TpccWorkload(cfg, dialect, out);
        if (name(cfg).equals("sql")) return new SqlWorkload(cfg, out);
        return new SysbenchWorkload(Preset.load(name(cfg)), cfg, dialect, out);
    }

    /** The workload key; a BenchmarkSQL props file (it sets warehouses) means tpcc when workload is not given. */
    public static String name(Config cfg) {
        if (!cfg.isSet(Keys.WORKLOAD) && cfg.isSet(Keys.WAREHOUSES)) return "tpcc";
        return cfg.get(Keys.WORKLOAD);
    }
}
