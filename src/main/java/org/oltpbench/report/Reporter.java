package org.oltpbench.report;

import java.io.PrintStream;
import java.util.List;
import org.oltpbench.measure.LevelResult;

/** How a workload's results are shown: after each level, after the sweep, and in result.json. */
public interface Reporter {
    void level(PrintStream out, LevelResult r);

    void sweep(PrintStream out, List<LevelResult> levels);

    ResultJson.Extra extra();

    /** sysbench's summary and the tps/qps table. */
    static Reporter sysbench(int percentile) {
        return new Reporter() {
            @Override
            public void level(PrintStream out, LevelResult r) {
                SysbenchFormat.summary(out, r, percentile);
            }

            @Override
            public void sweep(PrintStream out, List<LevelResult> levels) {
                SysbenchFormat.sweepTable(out, levels, percentile);
            }

            @Override
            public ResultJson.Extra extra() {
                return ResultJson.Extra.NONE;
            }
        };
    }

    /** BenchmarkSQL's and go-tpc's lines and the tpmC table. */
    static Reporter tpcc(int warehouses) {
        return new Reporter() {
            @Override
            public void level(PrintStream out, LevelResult r) {
                TpccFormat.summary(out, r, warehouses);
            }

            @Override
            public void sweep(PrintStream out, List<LevelResult> levels) {
                TpccFormat.sweepTable(out, levels, warehouses);
            }

            @Override
            public ResultJson.Extra extra() {
                return TpccFormat::jsonFields;
            }
        };
    }
}
