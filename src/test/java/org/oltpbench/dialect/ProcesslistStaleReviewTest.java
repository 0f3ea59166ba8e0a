package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.oltpbench.result.repeat.server.WaitClass;

/**
 * Reviewer's case (issue 45, branch brk45). INNODB_TRX is a cached snapshot that InnoDB refreshes only when more than
 * 0.1 s passed since its last refresh (MySQL manual, "Persistence and Consistency of InnoDB Transaction and Locking
 * Information"), while PROCESSLIST is live. The sampler reads every 100 ms, so about 40% of its reads join a live
 * processlist with the previous read's trx_state: measured with src/test/resources/brk45/Period.java (javac with Stale.java against the jar; java -cp oltpbench.jar:. Period URL) (a session that enters
 * and leaves a transaction half a period before each read at a fixed 100-ms period): 42 of 100 reads on MariaDB 10.11
 * (:3307) and 40 of 100 on MySQL 8.0.31 (:3308) showed the state of the read before. Under load the sampler saw rows a
 * live view cannot hold, a session in Sleep whose transaction is in LOCK WAIT ("Sleep/LOCK WAIT" in 7 of 19 rows of one
 * read on :3308 under oltp_read_write at 16 threads); the table classes them as row-lock waits.
 */
class ProcesslistStaleReviewTest {
    @Test
    void aSleepingSessionIsNotInALockWait() {
        SessionWaits.Wait w = MySqlDialect.processlistWait(new SessionWaits.Row("Sleep", "LOCK WAIT", ""));
        assertNotEquals(WaitClass.LOCK, w == null ? null : w.cls(), String.valueOf(w));
    }
}
