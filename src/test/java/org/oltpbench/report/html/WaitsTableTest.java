package org.oltpbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.file.ResultFiles;
import org.oltpbench.result.level.LevelResult;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.result.run.RunResult;

class WaitsTableTest {
    /** 10 samples of CPU 20, locks 40, commit 10 session-samples: 70 / 10 = 7.0 active, locks 40 / 70 = 57%. */
    static final Waits SEVEN = new Waits(10, Map.of(WaitClass.CPU, 20L, WaitClass.LOCK, 40L, WaitClass.COMMIT, 10L),
            Map.of(WaitClass.LOCK, Map.of("Lock:tuple", 30L, "Lock:transactionid", 10L), WaitClass.COMMIT, Map.of("IO:WALSync", 10L)),
            Map.of("bmsql_district", 30L, "bmsql_warehouse", 10L), 0);

    /**
     * By hand: 7.0 of 8 active; locks 4.0 sessions (40 / 10) and 57% (40 / 70), Lock:tuple 30 of the class's 40 (75%),
     * bmsql_district 30 of the 40 lock waits with a table (75%); CPU 2.0 and 29% (20 / 70); commit 1.0 and 14% (10 / 70).
     */
    @Test
    void eachClassGetsItsSessionsShareNamesAndTables() {
        assertEquals(List.of(
                List.of("8", "all (10 samples)", "7.0 of 8", "100%", "", ""),
                List.of("8", "row and table locks", "4.0", "57%", "Lock:tuple 75%, Lock:transactionid 25%",
                        "bmsql_district 75%, bmsql_warehouse 25%"),
                List.of("8", "CPU", "2.0", "29%", "", ""),
                List.of("8", "commit / log flush", "1.0", "14%", "IO:WALSync 100%", "")), WaitsTable.rows("8", SEVEN, 8));
    }

    /**
     * Issue 58: the [Waits] caveat where the server's CPU was full ("98% waiting for the client" on a MariaDB held to one
     * full core) was missing from report.html: the client's row says it there too, and only there.
     */
    @Test
    void aFullServersClientShareSaysSo() {
        Waits w = new Waits(10, Map.of(WaitClass.CLIENT, 60L, WaitClass.CPU, 10L), Map.of(WaitClass.CLIENT,
                Map.of("Sleep in a transaction", 60L)), Map.of(), 0);
        assertEquals(List.of("8", "waiting for the client", "6.0", "86%", "Sleep in a transaction 100%; the server's CPU was full: "
                + "partly statements waiting for a server thread", ""), WaitsTable.rows("8", w, 8, true).get(1));
        assertEquals("Sleep in a transaction 100%", WaitsTable.rows("8", w, 8, false).get(1).get(4));
        assertEquals("", WaitsTable.rows("8", w, 8, true).get(2).get(4), "the CPU row has no caveat");
    }

    /** A class seen in 1 of 300 session-samples is "<0.1" sessions and "<1%", not 0.0 and 0% (it was seen). */
    @Test
    void aRareClassIsNotPrintedAsNone() {
        Waits w = new Waits(100, Map.of(WaitClass.CPU, 299L, WaitClass.IO, 1L), Map.of(WaitClass.IO, Map.of("IO:DataFileRead", 1L,
                "IO:DataFileExtend", 0L)), Map.of(), 0);
        assertEquals(List.of("1", "data reads (I/O)", "<0.1", "<1%", "IO:DataFileRead 100%", ""), WaitsTable.rows("1", w, 4).get(2));
    }

    /** At most {@link WaitsTable#NAMES} of the engine's names, the most seen first. */
    @Test
    void namesStopAtFour() {
        Waits w = new Waits(10, Map.of(WaitClass.LATCH, 10L), Map.of(WaitClass.LATCH, Map.of("a", 1L, "b", 2L, "c", 3L, "d", 2L,
                "e", 2L)), Map.of(), 0);
        assertEquals("c 30%, b 20%, d 20%, e 20%", WaitsTable.rows("1", w, 1).get(1).get(4));
    }

    /** A run without samples has no section; the same run with them has it, after the resources. */
    @Test
    void theSectionIsThereOnlyWhenSampled() throws Exception {
        RunResult plain = ResultFiles.read(Path.of("src/test/resources/results/tpcc-2-levels.json"));
        String before = RunReport.render(plain, List.of(), "not drawn");
        assertFalse(before.contains("Where the sessions"), "no samples, no section");
        LevelResult l = plain.levels().get(1);
        Usage u = new Usage(4, 0.1, 2, 2, 1.0, List.of(), "lo", -1, -1, 100, new Verdict(Verdict.Limit.LOCKS, "locks"),
                Stall.NONE, 0, SEVEN);
        RunResult run = plain.withLevel(new LevelResult(l.threads(), l.threadsPerHost(), 0, List.of(l.kept().withUsage(u))));
        String after = RunReport.render(run, List.of(), "not drawn");
        assertTrue(after.contains("<h2>Where the sessions' time went</h2>"), after);
        assertTrue(after.contains("<td class=\"k\">2</td><td>row and table locks</td><td>4.0</td><td>57%</td>"), after);
        assertTrue(after.indexOf("Where the sessions") > after.indexOf("Resources and the bottleneck"), "after the resources");
    }
}
