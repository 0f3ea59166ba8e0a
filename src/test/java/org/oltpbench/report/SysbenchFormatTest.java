package org.oltpbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.oltpbench.result.Fixtures.hist;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.counted.IntervalResult;

class SysbenchFormatTest {
    /**
     * One transaction of 61,080 us: at 3 significant digits HdrHistogram's buckets are 32 us wide here, and a
     * percentile reports its bucket's highest equivalent value, 61,087 us, printed 61.09 ms.
     */
    @Test
    void intervalLineIsSysbenchs() {
        IntervalResult i = new IntervalResult(10.0, 10.0, 24, 4959, 69426, 19836, 9918, 0, 0, false, 0.5, hist(61_080));
        assertEquals("[ 10s ] thds: 24 tps: 495.90 qps: 9918.00 (r/w/o: 6942.60/1983.60/991.80) lat (ms,95%): 61.09 "
                + "err/s: 0.00 reconn/s: 0.00", SysbenchFormat.interval(i, 95));
    }

    /** A reporter that woke 0.5 s late: rates divide by the 10.5 s measured, not the 10 s nominal (4959 / 10.5). */
    @Test
    void intervalRatesDivideByTheMeasuredLength() {
        IntervalResult i = new IntervalResult(20.5, 10.5, 24, 4959, 69426, 19836, 9918, 21, 0, false, 0.5, hist(61_080));
        assertEquals("[ 21s ] thds: 24 tps: 472.29 qps: 9445.71 (r/w/o: 6612.00/1889.14/944.57) lat (ms,95%): 61.09 "
                + "err/s: 2.00 reconn/s: 0.00", SysbenchFormat.interval(i, 95));
    }
}
