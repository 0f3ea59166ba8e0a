package org.oltpbench.workload.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TpccCheckTest {
    @Test
    void onlyKeepsTheConditionOfOneClause() {
        TpccCheck all = new TpccCheck(2100);
        assertEquals(12, all.conditions().size(), "TPC-C's twelve consistency conditions");
        for (TpccCheck.Condition k : all.conditions()) {
            assertEquals(List.of(k), all.only(k.clause()).conditions(), k.clause());
        }
        assertTrue(all.only("3.3.2.13").conditions().isEmpty(), "no such clause");
    }
}
