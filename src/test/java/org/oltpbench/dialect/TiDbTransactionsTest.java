package org.oltpbench.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** Issue 58 §4: TiDB's transactions for HammerDB's TPM, from its status port's metrics text. */
class TiDbTransactionsTest {

    /**
     * Lines as tidb-server served them: the user's sessions (scope="general") in both modes, committed 5 + 2, rolled back
     * 2, aborted 1: 10; TiDB's internal transactions (848) and the duration histogram's buckets and sums are not counts.
     */
    @Test
    void theUsersSessionsEndedTransactionsInEitherMode() throws Exception {
        String text = """
                # HELP tidb_session_transaction_duration_seconds Bucketed histogram of a transaction execution duration, including retry.
                # TYPE tidb_session_transaction_duration_seconds histogram
                tidb_session_transaction_duration_seconds_bucket{scope="general",txn_mode="optimistic",type="commit",le="0.0005"} 3
                tidb_session_transaction_duration_seconds_sum{scope="general",txn_mode="optimistic",type="commit"} 0.0213
                tidb_session_transaction_duration_seconds_count{scope="general",txn_mode="optimistic",type="abort"} 0
                tidb_session_transaction_duration_seconds_count{scope="general",txn_mode="optimistic",type="commit"} 5
                tidb_session_transaction_duration_seconds_count{scope="general",txn_mode="pessimistic",type="abort"} 1
                tidb_session_transaction_duration_seconds_count{scope="general",txn_mode="pessimistic",type="commit"} 2
                tidb_session_transaction_duration_seconds_count{scope="general",txn_mode="pessimistic",type="rollback"} 2
                tidb_session_transaction_duration_seconds_count{scope="internal",txn_mode="optimistic",type="commit"} 848
                tidb_server_query_total{resource_group="default",result="OK",type="Query"} 2
                """;
        assertEquals(10, TiDbTransactions.sum(new BufferedReader(new StringReader(text))));
        assertEquals(-1, TiDbTransactions.sum(new BufferedReader(new StringReader("tidb_server_query_total{} 2\n"))),
                "a server without the metric: not read, never 0");
    }

    @Test
    void theHostTheConnectionReached() {
        assertEquals("127.0.0.1", TiDbTransactions.hostOf("jdbc:mariadb://127.0.0.1:4000/oltpbench?user=root"));
        assertEquals("db1", TiDbTransactions.hostOf("jdbc:mysql://db1,db2:4000/x"));
        assertEquals("db2", TiDbTransactions.hostOf("jdbc:mysql://root:pw@db2:4000/x"));
        assertEquals("::1", TiDbTransactions.hostOf("jdbc:mariadb://[::1]:4000/x"));
        assertEquals("tidb", TiDbTransactions.hostOf("jdbc:mariadb://tidb/x"));
        assertNull(TiDbTransactions.hostOf("jdbc:mariadb:"));
    }
}
