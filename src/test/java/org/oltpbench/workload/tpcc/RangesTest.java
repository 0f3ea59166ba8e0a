package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RangesTest {
    @Test
    void consecutiveWarehousesCollapseIntoRanges() {
        assertEquals("1-3, 5, 7-8", TpccWorkload.ranges(List.of(1, 2, 3, 5, 7, 8)));
        assertEquals("4", TpccWorkload.ranges(List.of(4)));
        assertEquals("", TpccWorkload.ranges(List.of()));
    }
}
