package org.oltpbench.result.judge.conformance;

import java.util.Locale;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.RepeatResult;
import org.oltpbench.result.repeat.TpccMetrics;
import org.oltpbench.result.workload.WorkloadInfo;

/**
 * TPC-C's efficiency of one level, the one figure every output prints for it (the console's summary line and sweep
 * table, a warehouses search's path, report.html, summary.csv, the 4.1.3 rule): tpmC over the ceiling the run's pacing
 * allows for the warehouses the level drove. At the spec's keying and think times that ceiling is Clause 4.1.3's 12.86
 * per warehouse; with the times scaled (keyingTimeMultiplier, thinkTimeMultiplier) it is scaled with them
 * ({@link Conformance#pacedCeiling}), since 12.86 would read 100 times too high at 0.01. Without keying or think time
 * the warehouses bound nothing, and the figure is the word {@link #UNPACED}, never a percentage.
 *
 * @param tpmC       the level's tpmC (New-Orders that ended, per minute)
 * @param ceiling    the most tpmC the pacing allows at {@code warehouses}; NaN when the run was not paced
 * @param warehouses the warehouses the level drove
 */
public record Efficiency(double tpmC, double ceiling, int warehouses) {
    /** What every output prints in place of the figure when the run was not paced. */
    public static final String UNPACED = "unpaced";

    /** {@code r}'s efficiency at {@code warehouses} under {@code info}'s pacing. */
    public static Efficiency of(WorkloadInfo info, RepeatResult r, int warehouses) {
        double perWarehouse = Conformance.pacedCeiling(info, 1);
        boolean spec = Math.abs(perWarehouse / TpccMetrics.MAX_TPMC_PER_WAREHOUSE - 1) <= 0.01;
        return new Efficiency(TpccMetrics.tpmC(r), (spec ? TpccMetrics.MAX_TPMC_PER_WAREHOUSE : perWarehouse) * warehouses,
                warehouses);
    }

    /** A level's efficiency: its reported repeat at the warehouses it drove (a warehouses=search probe's own). */
    public static Efficiency of(WorkloadInfo info, LevelResult l) {
        return of(info, l.kept(), l.warehouses() > 0 ? l.warehouses() : info.scale().warehouses());
    }

    /** Whether keying or think time bounded tpmC: only then is there a figure. */
    public boolean paced() {
        return !Double.isNaN(ceiling);
    }

    /** tpmC over the ceiling in percent; NaN when not paced. */
    public double percent() {
        return 100 * tpmC / ceiling;
    }

    /** The ceiling of one warehouse: 12.86 at the spec's times. */
    public double perWarehouse() {
        return ceiling / warehouses;
    }

    /** As every output prints it: "95.35%", or "unpaced". */
    public String text() {
        return paced() ? String.format(Locale.ROOT, "%.2f%%", percent()) : UNPACED;
    }
}
