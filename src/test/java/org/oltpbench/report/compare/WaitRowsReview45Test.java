package org.oltpbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.server.Waits;

/** Reviewer's case (issue 45, branch rev45): compare's note on its wait rows. Fails on main 6c2f529. */
class WaitRowsReview45Test {

    /**
     * The sampler reads 8 times a second (Waits.PER_SECOND, chosen against 10 because INNODB_TRX's snapshot is
     * refreshed every 0.1 s); compare's note (and report.html's, WaitsTable.of) says "about 10 times a second".
     */
    @Test
    void theNoteSaysTheRateTheSamplerReadsAt() {
        assertFalse(WaitRows.NOTE.contains("10 times a second"), Waits.PER_SECOND + " a second; the note: " + WaitRows.NOTE);
    }
}
