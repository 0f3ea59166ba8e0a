package org.oltpbench.measure.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.util.Clock;

/**
 * Reviewer's case (rev45b, on main 9bed1a8): the gauges are moved onto our sessions "only when no other client's session
 * ran beside them", judged from the rows of the view. MySqlDialect's view is filtered to our database
 * ({@code WHERE p.DB = DATABASE()}), while Innodb_data_pending_reads is the whole server's: another client loading or
 * benchmarking another database (a second oltpbench on rev45x beside ours, a report query, mysqldump) is never in the
 * rows, so the guard sees no other session and hands its 8 pending reads to our 8 running sessions.
 */
class GaugeOtherDatabaseReview45Test {
    private static final SessionWaits MYSQL = Dialects.forName("mysql").sessionWaits();

    @Test
    void pendingReadsOfAnotherDatabasesSessionsAreNotMovedOntoOurs() {
        assertTrue(MYSQL.queries().toString().contains("p.DB = DATABASE()"), "the view is our database's only");
        // the view as the query returns it: our 8 sessions running; the other database's 8 reading sessions filtered out
        List<WaitSampler.Seen> rows = new ArrayList<>();
        SessionWaits.Row running = new SessionWaits.Row("Query", "RUNNING", "Sending data");
        for (long id = 1; id <= 8; id++) rows.add(new WaitSampler.Seen(id, running, null));
        WaitSampler.Source src = new WaitSampler.Source() {
            @Override
            public List<WaitSampler.Seen> read() {
                return rows;
            }

            @Override
            public Map<String, Long> gauges() {
                return Map.of("Innodb_data_pending_reads", 8L);
            }

            @Override
            public void close() {
            }
        };
        WaitSampler s = new WaitSampler(List.of(src), MYSQL, (server, id) -> true, Clock.SYSTEM, m -> { });
        for (int k = 0; k < 80; k++) s.sampleOnce();
        Waits w = s.harvest();
        assertEquals(0, w.count(WaitClass.IO), "another database's pending reads counted as our sessions' data reads: "
                + w.classes() + " (the guard cannot see sessions the view filters out; a server-wide running count, e.g. "
                + "Threads_running, would)");
    }
}
