package org.oltpbench.measure.waits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.dialect.SessionWaits;
import org.oltpbench.result.judge.usage.Usages;
import org.oltpbench.result.judge.usage.VerdictRules;
import org.oltpbench.result.repeat.client.ResourceSource;
import org.oltpbench.result.repeat.client.Resources;
import org.oltpbench.result.repeat.counted.IntervalResult;
import org.oltpbench.result.repeat.counted.Schedule;
import org.oltpbench.result.repeat.server.WaitClass;
import org.oltpbench.result.repeat.server.Waits;
import org.oltpbench.result.repeat.usage.Usage;
import org.oltpbench.result.repeat.usage.Verdict;
import org.oltpbench.util.Clock;

/**
 * Reviewer's cases (issue 45, branch rev45): the sampler over several servers behind the front ends, and InnoDB's
 * pending-read gauge. Each asserts what the counts should be; they fail on main 6c2f529.
 */
class WaitSamplerServersReview45Test {
    private static final SessionWaits PG = Dialects.forName("postgres").sessionWaits();
    private static final SessionWaits MYSQL = Dialects.forName("mysql").sessionWaits();
    private static final SessionWaits.Row PG_CPU = new SessionWaits.Row("active", null, null);
    private static final SessionWaits.Row PG_LOCK = new SessionWaits.Row("active", "Lock", "transactionid");

    /** A server's view: the same rows at every read, or a failure at every read. */
    /** A server's sessions as a source reads them, or a source whose every read fails. */
    private record Fixed(String where, List<WaitSampler.Seen> rows, Map<String, Long> gauges, boolean fails)
            implements WaitSampler.Source {
        @Override
        public List<WaitSampler.Seen> read() throws SQLException {
            if (fails) throw new SQLException("Connection refused");
            return rows;
        }

        @Override
        public void close() {
        }
    }

    private static WaitSampler.Source source(String where, List<WaitSampler.Seen> rows, Map<String, Long> gauges, boolean fails) {
        return new Fixed(where, rows, gauges, fails);
    }

    private static Waits sample(WaitSampler s, int times) {
        for (int k = 0; k < times; k++) s.sampleOnce();
        return s.harvest();
    }

    /**
     * Two MariaDB/Galera (or MySQL) front ends: each server numbers its connections from 1 on its own, and
     * SessionIds keeps one set of ids for all of them. Our terminal on node A is id 10, our terminal on node B is id 11;
     * another client's session in the same database has id 11 on A and id 10 on B (sequential ids collide across nodes
     * all the time). The sampler asks {@code ours(id)} without the server, so it counts the other client's two sessions,
     * both in lock waits, as ours: 4 sessions, half of them locks, where ours were 2 sessions on CPU.
     */
    @Test
    void anotherClientsSessionWithOurIdOnTheOtherServerIsNotOurs() {
        Map<String, Set<Long>> ids = Map.of("a:3306", Set.of(10L), "b:3306", Set.of(11L)); // A's 10 and B's 11
        WaitSampler.Ours ours = (server, id) -> ids.get(server).contains(id);
        WaitSampler.Source a = source("a:3306", List.of(new WaitSampler.Seen(10, PG_CPU, null),
                new WaitSampler.Seen(11, PG_LOCK, "bmsql_district")), Map.of(), false);
        WaitSampler.Source b = source("b:3306", List.of(new WaitSampler.Seen(11, PG_CPU, null),
                new WaitSampler.Seen(10, PG_LOCK, "bmsql_district")), Map.of(), false);
        Waits w = sample(new WaitSampler(List.of(a, b), PG, ours, Clock.SYSTEM, m -> { }), 80);
        assertEquals(0, w.count(WaitClass.LOCK), "another client's lock waits counted as ours: " + w);
        assertEquals(2, w.sessions(), "sessions counted: " + w);
    }

    /**
     * host=localhost:5433,127.0.0.1:5433 (two names of one server): the sampler must read it once, or each of the
     * terminals' sessions is counted twice in every sample ("7.7 of 8 sessions" at 4 threads, in a real run:
     * src/test/resources/brk45b/server-twice.out). Database.servers() keeps one URL per server key, every loopback
     * address one host.
     */
    @Test
    void oneServerReachedUnderTwoNamesIsCountedOnce() throws Exception {
        assertEquals(org.oltpbench.db.FrontEnds.serverKey("jdbc:postgresql://localhost:5433/db"),
                org.oltpbench.db.FrontEnds.serverKey("jdbc:postgresql://127.0.0.1:5433/db"));
        assertNotEquals(org.oltpbench.db.FrontEnds.serverKey("jdbc:postgresql://127.0.0.1:5433/db"),
                org.oltpbench.db.FrontEnds.serverKey("jdbc:postgresql://127.0.0.1:5434/db"));
        org.oltpbench.db.Database db = org.oltpbench.db.Database.through(new org.postgresql.Driver(),
                Dialects.forName("postgres"), "jdbc:postgresql://localhost:5433,127.0.0.1:5433/db");
        assertEquals(1, db.servers().size(), db.servers().toString());
    }

    /**
     * Two front ends of 4 terminals each; B's monitor connection fails for the whole window (one warn line). A's 4
     * sessions are half on lock waits. The sample is counted whenever A answered, so the window has all its 80 samples
     * and the rules judge LOCKS on half of the level's sessions; the evidence says "4.0 of 4 sessions" for an 8-thread
     * level. B's unseen 4 sessions could all be on CPU (locks 25% of the level's time: no verdict).
     */
    @Test
    void aLevelHalfOfWhoseSessionsWereNeverSampledIsNotJudged() {
        List<WaitSampler.Seen> onA = List.of(new WaitSampler.Seen(1, PG_LOCK, "t"), new WaitSampler.Seen(2, PG_LOCK, "t"),
                new WaitSampler.Seen(3, PG_CPU, null), new WaitSampler.Seen(4, PG_CPU, null));
        List<String> warned = new ArrayList<>();
        Waits w = sample(new WaitSampler(List.of(source("a:5433", onA, Map.of(), false),
                source("b:5433", List.of(), Map.of(), true)), PG, (server, id) -> true, Clock.SYSTEM, warned::add), 80);
        assertEquals(1, warned.size(), warned.toString());
        Verdict v = Usages.of(List.of(org.oltpbench.result.judge.usage.WaitFixtures.interval(20, w)), 1000, 2, VerdictRules.Inputs.NONE).verdict();
        assertNotEquals(Verdict.Limit.LOCKS, v.limit(), v.evidence());
    }

    /**
     * MySQL/MariaDB: Innodb_data_pending_reads is the server's. Our 8 sessions run on CPU; another client's 8 sessions
     * in the same database (visible in the same processlist rows, not ours) have the 8 pending page reads. The gauge
     * moves all 8 of OUR CPU sessions into data reads in every sample: READS, "the working set is larger than the
     * cache", for a level whose sessions never waited for a read. The view shows both clients' running sessions, so
     * the gauge could be shared out over them (8 x 8 / 16 = 4 at most of ours).
     */
    @Test
    void anotherClientsPendingReadsAreNotAllOurs() {
        List<WaitSampler.Seen> rows = new ArrayList<>();
        SessionWaits.Row running = new SessionWaits.Row("Query", "RUNNING", "Sending data");
        for (long id = 1; id <= 16; id++) rows.add(new WaitSampler.Seen(id, running, null));
        Waits w = sample(new WaitSampler(List.of(source("", rows, Map.of("Innodb_data_pending_reads", 8L), false)), MYSQL,
                (server, id) -> id <= 8, Clock.SYSTEM, m -> { }), 80);
        assertTrue(w.count(WaitClass.IO) <= 4 * 80L, "our sessions counted in data reads: " + w.count(WaitClass.IO)
                + " of " + w.total() + " (" + w.classes() + ")");
        Verdict v = Usages.of(List.of(org.oltpbench.result.judge.usage.WaitFixtures.interval(20, w)), 1000, 2, VerdictRules.Inputs.NONE).verdict();
        assertNotEquals(Verdict.Limit.READS, v.limit(), v.evidence());
    }
}
