package org.oltpbench.it;

import java.io.PrintStream;
import java.time.ZonedDateTime;
import org.oltpbench.config.Config;
import org.oltpbench.config.Keys;
import org.oltpbench.config.RunParams;
import org.oltpbench.config.SysbenchParams;
import org.oltpbench.config.Target;
import org.oltpbench.config.TpccParams;
import org.oltpbench.dialect.Dialect;
import org.oltpbench.workload.sysbench.Preset;
import org.oltpbench.workload.sysbench.SysbenchWorkload;
import org.oltpbench.workload.tpcc.TpccWorkload;

/** The parts of a test's Config that the layers under test receive, resolved as a run resolves them. */
final class Params {
    private Params() {
    }

    static RunParams of(Config cfg) {
        return RunParams.of(cfg, ZonedDateTime.now());
    }

    static Target target(Config cfg) {
        return of(cfg).target();
    }

    static SysbenchWorkload sysbench(Preset preset, Config cfg, Dialect dialect, PrintStream out) {
        RunParams p = of(cfg.with(Keys.WORKLOAD, preset.name()));
        return new SysbenchWorkload(preset, (SysbenchParams) p.workload(), p.load(), dialect, out);
    }

    static TpccWorkload tpcc(Config cfg, Dialect dialect, PrintStream out) {
        RunParams p = of(cfg.with(Keys.WORKLOAD, "tpcc"));
        return new TpccWorkload((TpccParams) p.workload(), p.load(), dialect, out);
    }
}
