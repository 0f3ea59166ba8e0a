package org.oltpbench.workload;

import java.io.PrintStream;
import org.oltpbench.config.Config;
import org.oltpbench.config.ConfigException;
import org.oltpbench.config.Keys;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;

/** Picks the workload a config names. */
public final class Workloads {
    private Workloads() {
    }

    public static Workload create(Config cfg, Dialect dialect, PrintStream out) {
        String name = cfg.get(Keys.WORKLOAD);
        if (name.equals("tpcc")) {
            throw new ConfigException("workload tpcc is not available in this build yet; use a sysbench preset such as oltp_read_write");
        }
        return new SysbenchWorkload(Preset.load(name), cfg, dialect, out);
    }
}
