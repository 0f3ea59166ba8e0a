package org.oltpbench.result.judge.usage;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Stall;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;

/**
 * Review of a3d0ad5: serverFull is the SERVER rule's test "whatever verdict held", but only the verdicts that pass
 * through withCaveats say "the server's CPU was full too (...)". A full client (the first rule) or a stall returns
 * before it: the [Waits] line then says the client share is partly the server's while [Bottleneck] names no full server.
 *
 * <p>A fresh reviewer's cases (2026-12-07); each was a defect of eb7c5f3's changes, fixed before they landed: the
 * assertions state the behaviour that holds now.
 */
class Review58bServerFullEvidenceTest {

    @Test
    void aClientVerdictBesideAFullServerSaysSo() {
        // a local server (proc) on 2 of a 4-core host's CPUs, 1.95 of them busy; the client 1.9 of its 2
        var local = new Usage.ServerCores(ResourceSource.PROC, "localhost", "mariadbd 42", 1.95, 4, -1, -1, -1, 10, "2-3");
        Waits w = new Waits(80, Map.of(WaitClass.CPU, 200L, WaitClass.CLIENT, 120L), Map.of(), Map.of(), 0);
        Usage u = new Usage(10, 1.9, 2, 4, 3.9, List.of(local), "", -1, -1, 3000, Verdict.NOT_RECORDED, Stall.NONE, 0, w);
        Verdict v = VerdictRules.of(u, VerdictRules.Inputs.NONE, u);
        String waits = WaitRules.sessions(w, 4, u.allServerCores(), VerdictRules.serverFull(u));
        assertTrue(!VerdictRules.serverFull(u) || v.evidence().contains("server"), "[Waits] " + waits + "\n[Bottleneck] "
                + v.evidence());
    }
}
