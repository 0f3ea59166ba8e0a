package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.server.WaitClass;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): a COMMIT statement's STATE is prefixed "COMMIT: " and then every step but
 * wsrep and the client's is counted as the commit's ("commit / log flush: the log device"). The STATE table already
 * names the steps a COMMIT waits in that are not its log write: MySQL's semi-sync replication holds each COMMIT in
 * "Waiting for semi-sync ACK from replica" (the table: NETWORK, the replica's round trip), and a backup's
 * FLUSH TABLES WITH READ LOCK / BACKUP STAGE BLOCK_COMMIT holds it in "Waiting for commit lock" / "Waiting for backup
 * lock" (the table: LOCK). Behind the prefix they become COMMIT, and the verdict names the log device.
 */
class MySqlCommitStateReview45Test {
    private static WaitClass commit(String state) {
        return MySqlDialect.processlistWait(new SessionWaits.Row("Query", "RUNNING", MySqlDialect.COMMIT_PREFIX + state)).cls();
    }

    @Test
    void aCommitWaitingForTheReplicaIsTheNetworks() {
        assertEquals(WaitClass.NETWORK, commit("Waiting for semi-sync ACK from replica"));
        assertEquals(WaitClass.NETWORK, commit("Waiting for semi-sync ACK from slave"));
    }

    @Test
    void aCommitHeldByABackupsLockIsALockWait() {
        assertEquals(WaitClass.LOCK, commit("Waiting for commit lock"));
        assertEquals(WaitClass.LOCK, commit("Waiting for backup lock"));
    }
}
