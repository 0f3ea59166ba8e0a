package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.oltpbench.properties.Prop;
import org.oltpbench.result.repeat.server.WaitClass;

/**
 * Each engine's table from its own wait names to the wait classes (issue 45), placed by hand on rows as the engines
 * show them: PostgreSQL 15's pg_stat_activity, MySQL 8.0's and MariaDB 10.11's processlist with INNODB_TRX, OceanBase's
 * active session history.
 */
class SessionWaitsTest {
    private static SessionWaits.Wait pg(String state, String type, String event) {
        return Dialects.forName("postgres").sessionWaits().classify(new SessionWaits.Row(state, type, event));
    }

    private static SessionWaits.Wait my(String dialect, String command, String trxState, String state) {
        return Dialects.forName(dialect).sessionWaits().classify(new SessionWaits.Row(command, trxState, state));
    }

    private static void is(WaitClass cls, String name, SessionWaits.Wait w) {
        assertEquals(new SessionWaits.Wait(cls, name), w);
    }

    @Test
    void postgresByWaitEventTypeWithTheWalsWritesAsTheCommits() {
        assertNull(pg("idle", "Client", "ClientRead"), "idle outside a transaction: not an active session");
        // state, wait_event_type, wait_event: class, the name printed
        String[][] rows = {
                {"active", null, null, "CPU", "CPU"},
                {"active", "Lock", "transactionid", "LOCK", "Lock:transactionid"},
                {"active", "Lock", "tuple", "LOCK", "Lock:tuple"},
                {"active", "Lock", "extend", "LATCH", "Lock:extend"},
                {"active", "LWLock", "BufferContent", "LATCH", "LWLock:BufferContent"},
                {"active", "LWLock", "WALWrite", "COMMIT", "LWLock:WALWrite"},
                {"active", "IO", "WALSync", "COMMIT", "IO:WALSync"},
                {"active", "IO", "DataFileRead", "IO", "IO:DataFileRead"},
                {"active", "IPC", "SyncRep", "NETWORK", "IPC:SyncRep"},
                {"active", "IPC", "ExecuteGather", "OTHER", "IPC:ExecuteGather"},
                {"idle in transaction", "Client", "ClientRead", "CLIENT", "idle in transaction"},
                {"idle in transaction (aborted)", "Client", "ClientRead", "CLIENT", "idle in transaction (aborted)"},
                {"active", "Timeout", "PgSleep", "OTHER", "Timeout:PgSleep"}};
        for (String[] r : rows) is(WaitClass.valueOf(r[3]), r[4], pg(r[0], r[1], r[2]));
        assertEquals(Dialects.forName("postgres").sessionWaits(), Dialects.forName("klustron").sessionWaits());
        assertEquals("row and table locks", WaitClass.LOCK.label(), "the issue's words for the class");
        assertEquals("commit / log flush", WaitClass.COMMIT.label());
    }

    @Test
    void mysqlAndMariaDbByProcesslistStateWithARowLockWaitFirst() {
        for (String d : new String[] {"mysql", "mariadb"}) {
            assertNull(my(d, "Sleep", null, ""), d + ": idle outside a transaction");
            is(WaitClass.CLIENT, "Sleep in a transaction", my(d, "Sleep", "RUNNING", ""));
            is(WaitClass.LOCK, "row lock (INNODB_TRX LOCK WAIT)", my(d, "Query", "LOCK WAIT", "updating"));
            is(WaitClass.LOCK, "Waiting for table metadata lock", my(d, "Query", "RUNNING", "Waiting for table metadata lock"));
            is(WaitClass.COMMIT, "waiting for handler commit", my(d, "Execute", "RUNNING", "waiting for handler commit"));
            is(WaitClass.COMMIT, "query end", my(d, "Query", "RUNNING", "query end"));
            is(WaitClass.NETWORK, "Waiting for semi-sync ACK from slave", my(d, "Query", "RUNNING",
                    "Waiting for semi-sync ACK from slave"));
            is(WaitClass.NETWORK, "wsrep replaying trx", my(d, "Query", "RUNNING", "wsrep replaying trx"));
            is(WaitClass.CLIENT, "Sending to client", my(d, "Query", null, "Sending to client"));
            is(WaitClass.CPU, "Sending data", my(d, "Query", null, "Sending data"));
            // the sampling query prefixes a COMMIT statement's STATE: MariaDB 10.11's commit waiting for its log write
            // says "Updating status", which is CPU for any other statement
            is(WaitClass.COMMIT, "COMMIT statement (Updating status)", my(d, "Query", "RUNNING", "COMMIT: Updating status"));
            is(WaitClass.CPU, "Updating status", my(d, "Query", "RUNNING", "Updating status"));
            is(WaitClass.COMMIT, "COMMIT statement", my(d, "Query", "RUNNING", "COMMIT: "));
            is(WaitClass.CLIENT, "Writing to net", my(d, "Query", "RUNNING", "COMMIT: Writing to net"));
            is(WaitClass.NETWORK, "wsrep: replicating commit", my(d, "Query", "RUNNING", "COMMIT: wsrep: replicating commit"));
            is(WaitClass.LOCK, "row lock (INNODB_TRX LOCK WAIT)", my(d, "Query", "LOCK WAIT", "COMMIT: Updating status"));
            is(WaitClass.CPU, "executing", my(d, "Execute", null, ""));
            is(WaitClass.CPU, "executing", my(d, "Execute", null, null));
            assertNull(my(d, "Binlog Dump", null, "Master has sent all binlog to slave"), d + ": not a benchmark session");
        }
    }

    @Test
    void oceanBaseByProcesslistAndBlockedLocksAndTiDbByItsTransactionsState() {
        // rows as seekdb 1.x showed them: a session blocked on a row another holds (V$OB_LOCKS BLOCK = 1; its
        // processlist row says RETRY_INFO -6005), the holder running a statement, a client idle in its transaction
        SessionWaits ob = Dialects.forName("oceanbase").sessionWaits();
        is(WaitClass.LOCK, "row lock (V$OB_LOCKS BLOCK)", ob.classify(new SessionWaits.Row("Query", "LOCK WAIT", "ACTIVE")));
        is(WaitClass.CPU, "ACTIVE", ob.classify(new SessionWaits.Row("Query", "ACTIVE", "ACTIVE")));
        is(WaitClass.CLIENT, "Sleep in a transaction (ACTIVE)", ob.classify(new SessionWaits.Row("Sleep", "ACTIVE", "SLEEP")));
        assertNull(ob.classify(new SessionWaits.Row("Sleep", "", "SLEEP")), "idle outside a transaction");
        assertTrue(ob.sampled());
        // TiDB v8.4 (tidb-server on unistore): the waiter's TIDB_TRX.STATE LockWaiting, the holder's Idle while it runs
        SessionWaits tidb = Dialects.forName("tidb").sessionWaits();
        is(WaitClass.LOCK, "LockWaiting (TIDB_TRX)", tidb.classify(new SessionWaits.Row("Query", "LockWaiting",
                "in transaction; autocommit")));
        is(WaitClass.CPU, "Query", tidb.classify(new SessionWaits.Row("Query", "Idle", "in transaction; autocommit")));
        is(WaitClass.COMMIT, "Committing (TIDB_TRX)", tidb.classify(new SessionWaits.Row("Query", "Committing", "")));
        is(WaitClass.CLIENT, "Sleep in a transaction", tidb.classify(new SessionWaits.Row("Sleep", "Idle", "")));
        assertNull(tidb.classify(new SessionWaits.Row("Sleep", null, "autocommit")), "idle outside a transaction");
    }

    /** Whatever a row says, every engine's table gives null (not active) or a class with a name to print. */
    @Test
    void everyRowIsIdleOrAClassWithAName() {
        Prop.forAll(300, d -> everyRowIsIdleOrAClassWithAName(d.orNull(0.2, () -> d.string(40)),
                d.orNull(0.3, () -> d.string(20)), d.orNull(0.3, () -> d.string(40))));
    }

    private static void everyRowIsIdleOrAClassWithAName(String state, String waitClass, String wait) {
        for (String d : new String[] {"postgres", "klustron", "mysql", "mariadb", "oceanbase", "tidb"}) {
            SessionWaits.Wait w = Dialects.forName(d).sessionWaits().classify(new SessionWaits.Row(state, waitClass, wait));
            if (w != null) {
                assertTrue(w.cls() != null && w.name() != null && !w.name().isEmpty(), d + ": " + w);
            }
        }
    }
}
