package org.oltpbench.workload.sysbench;

import org.oltpbench.random.SbRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * oltpbench against numbers sysbench 1.0.20 itself produced (src/test/resources/sysbench/README.md says how).
 * The generators differ bit for bit, so distributions are compared bucket by bucket: each of the 100 buckets must
 * lie within 5 standard deviations of the difference of two binomial counts, which a wrong hot-spot size or
 * share, a wrong iteration count or a wrong pareto power each exceed by far.
 */
class SysbenchGoldenTest {
    private static final int DRAWS = 100_000;

    private static Map<String, long[]> fixture() throws Exception {
        Map<String, long[]> m = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/sysbench/draws-1.0.20.txt"))) {
            String[] f = line.trim().split(" ");
            long[] h = new long[100];
            for (int i = 0; i < 100; i++) h[i] = Long.parseLong(f[i + 1]);
            m.put(f[0], h);
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "gaussian", "special", "pareto"})
    void distributionMatchesSysbench(String name) throws Exception {
        long[] theirs = fixture().get(name);
        SbRandom r = new SbRandom(1, SbRandom.Type.valueOf(name.toUpperCase(java.util.Locale.ROOT)), 12, 1, 75, 0.2, 0.8);
        long[] ours = new long[100];
        for (int i = 0; i < DRAWS; i++) ours[(int) r.rand(1, 100) - 1]++;
        long total = 0;
        for (int i = 0; i < 100; i++) {
            total += theirs[i];
            double p = (theirs[i] + ours[i]) / (2.0 * DRAWS);
            double sd = Math.sqrt(2 * DRAWS * p * (1 - p));
            assertTrue(Math.abs(ours[i] - theirs[i]) <= 5 * sd + 3,
                    name + " value " + (i + 1) + ": oltpbench " + ours[i] + ", sysbench " + theirs[i]);
        }
        assertEquals(DRAWS, total);
    }

    /**
     * Row lengths as sysbench counts them ("(n,n)"); the flush rule itself is tested on the terminal's own code path
     * against the server's statement count in RunLoopIT.bulkInsertSendsSysbenchsSixStatementsFor200000Rows.
     */
    @Test
    void bulkInsertRowLengths() {
        assertEquals(5, BulkInsertTerminal.rowLength(1));
        assertEquals(15, BulkInsertTerminal.rowLength(200_000));
    }
}
