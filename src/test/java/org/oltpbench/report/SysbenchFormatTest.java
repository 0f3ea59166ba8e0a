package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.measure.Interval;

class SysbenchFormatTest {
    @Test
    void intervalLineIsSysbenchs() {
        Interval i = new Interval(10, 10.0, 24, 4959, 69426, 19836, 9918, 0, 0, 61.08, false);
        assertEquals("[ 10s ] thds: 24 tps: 495.90 qps: 9918.00 (r/w/o: 6942.60/1983.60/991.80) lat (ms,95%): 61.08 "
                + "err/s: 0.00 reconn/s: 0.00", SysbenchFormat.interval(i, 95));
    }
}
