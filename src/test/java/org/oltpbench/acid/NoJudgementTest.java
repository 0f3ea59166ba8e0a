package org.oltpbench.acid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.acid.AcidOutcome.Verdict;

/**
 * A FAILED isolation verdict that the server's store, not the engine, produced is no judgement (tidb-server on
 * unistore: descending scans read past the snapshot, so 3.4.2.9's phantom is the store's); a pass, and every other
 * clause, stand as run.
 */
class NoJudgementTest {
    private static final Map<String, String> UNISTORE = Map.of("3.4.2.9", "tidb-server on unistore reads past the snapshot");

    @Test
    void aFailureTheStoreMadeIsNoJudgementAndKeepsWhatWasSeen() {
        AcidOutcome failed = new AcidOutcome("3.4.2.9", "phantom", "repeatable-read", Verdict.FAILED, "phantom: found 3001; again 3002");
        AcidOutcome o = AcidRun.withoutJudgement(failed, UNISTORE);
        assertEquals(Verdict.NO_JUDGEMENT, o.verdict());
        assertFalse(o.verdict().passed());
        assertEquals("no judgement: tidb-server on unistore reads past the snapshot (as run: phantom: found 3001; again 3002)",
                o.evidence());
        assertEquals("repeatable-read", o.level());
    }

    @Test
    void passesAndOtherClausesStand() {
        AcidOutcome passed = new AcidOutcome("3.4.2.9", "phantom", "repeatable-read", Verdict.PASSED_SNAPSHOT, "found 3001; again 3001");
        AcidOutcome other = new AcidOutcome("3.4.2.8", "phantom", "repeatable-read", Verdict.FAILED, "phantom: order 3002");
        assertSame(passed, AcidRun.withoutJudgement(passed, UNISTORE));
        assertSame(other, AcidRun.withoutJudgement(other, UNISTORE));
        AcidOutcome failed = new AcidOutcome("3.4.2.9", "phantom", "read-committed", Verdict.FAILED, "phantom");
        assertSame(failed, AcidRun.withoutJudgement(failed, Map.of()));
    }
}
