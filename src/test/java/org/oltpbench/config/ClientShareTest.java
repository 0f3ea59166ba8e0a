package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Shares computed by hand: every client's share is disjoint and together they are the whole. */
class ClientShareTest {

    @Test
    void threadsSplitWithTheRemainderToTheFirstClients() {
        assertEquals(4, new ClientShare(3, 0).threads(10));
        assertEquals(3, new ClientShare(3, 1).threads(10));
        assertEquals(3, new ClientShare(3, 2).threads(10));
        assertEquals(10, new ClientShare(1, 0).threads(10));
    }

    @Test
    void warehousesSplitIntoContiguousSlices() {
        assertArrayEquals(new int[] {1, 1}, new ClientShare(2, 0).slice(1, 2));
        assertArrayEquals(new int[] {2, 2}, new ClientShare(2, 1).slice(1, 2));
        assertArrayEquals(new int[] {1, 4}, new ClientShare(3, 0).slice(1, 10));
        assertArrayEquals(new int[] {5, 7}, new ClientShare(3, 1).slice(1, 10));
        assertArrayEquals(new int[] {8, 10}, new ClientShare(3, 2).slice(1, 10));
        assertArrayEquals(new int[] {51, 75}, new ClientShare(2, 1).slice(26, 75), "a warehouseRange is split, not 1..N");
        int[] empty = new ClientShare(3, 2).slice(1, 2);
        assertTrue(empty[1] < empty[0], "2 warehouses leave the third client none");
    }

    @Test
    void tablesGoRoundRobin() {
        assertEquals(List.of(1, 3, 5), new ClientShare(2, 0).tables(5));
        assertEquals(List.of(2, 4), new ClientShare(2, 1).tables(5));
        assertEquals(List.of(1, 2, 3), ClientShare.ALONE.tables(3));
    }

    /**
     * Issue 42 §1.8: rate= and events= are the whole job's, like threads. rate=20 over 2 clients of 2 threads: 10 tps
     * each (before, each ran 20 and together 41.37 tps). events=1001 over 2 clients of 3 threads (client 0 runs 2, client
     * 1 runs 1): in proportion to the threads, floor(1001 x 2 / 3) = 667 and 1001 - 667 = 334. limitTxnsPerMin=1200 is
     * 20 tps over all terminals: 10 each at 4 threads.
     */
    @Test
    void rateAndEventsAreSplitOverTheClients() {
        for (int i = 0; i < 2; i++) {
            var level = params("rate=20", "threads=2", "clientCount=2", "clientIndex=" + i).sweep().levels().get(0);
            assertEquals(10.0, level.rate(), 0, "client " + i);
        }
        assertEquals(667, params("events=1001", "threads=3", "clientCount=2", "clientIndex=0").sweep().levels().get(0).events());
        assertEquals(334, params("events=1001", "threads=3", "clientCount=2", "clientIndex=1").sweep().levels().get(0).events());
        assertEquals(10.0, params("workload=tpcc", "warehouses=2", "limitTxnsPerMin=1200", "threads=4", "clientCount=2",
                "clientIndex=1").sweep().levels().get(0).rate(), 0);
        assertEquals(1001, params("events=1001", "threads=3").sweep().levels().get(0).events(), "one client runs them all");
    }

    @Test
    void aLevelSmallerThanTheClientCountIsNamed() {
        assertNull(new ClientShare(2, 0).threadsProblem(List.of(2, 8)));
        String why = new ClientShare(3, 0).threadsProblem(List.of(2, 8));
        assertTrue(why.contains("threads 2") && why.contains("clientCount=3"), why);
    }

    @Test
    void configTakesTheKubernetesIndexAndRefusesAnIndexOutOfRange() {
        Config cfg = ConfigLoader.load(null, List.of("clientCount=3", "threads=3"), Map.of("JOB_COMPLETION_INDEX", "2"));
        assertEquals(2, cfg.get(Keys.CLIENT_INDEX));
        Config set = ConfigLoader.load(null, List.of("clientCount=3", "clientIndex=1", "threads=3"), Map.of("JOB_COMPLETION_INDEX", "2"));
        assertEquals(1, set.get(Keys.CLIENT_INDEX), "an explicit clientIndex wins over the environment");
        ConfigException e = assertThrows(ConfigException.class,
                () -> params("clientCount=2", "clientIndex=2"));
        assertTrue(e.getMessage().contains("clientIndex 2 is not below clientCount 2"), e.getMessage());
        ConfigException few = assertThrows(ConfigException.class,
                () -> params("clientCount=4", "threads=2,8"));
        assertTrue(few.getMessage().contains("threads 2 split over clientCount=4"), few.getMessage());
    }

    @Test
    void passwordsInUrlsAreRedacted() {
        assertEquals("jdbc:mysql://h:3306/db?user=u&password=***&useSSL=false",
                org.oltpbench.dialect.JdbcDriver.redact("jdbc:mysql://h:3306/db?user=u&password=s3cr&t&useSSL=false".replace("s3cr&t", "s3crt")));
        assertEquals("jdbc:postgresql://u:***@h/db", org.oltpbench.dialect.JdbcDriver.redact("jdbc:postgresql://u:pw@h/db"));
        assertEquals("jdbc:mariadb://h/db", org.oltpbench.dialect.JdbcDriver.redact("jdbc:mariadb://h/db"));
        Config cfg = ConfigLoader.load(null, List.of("conn=jdbc:mysql://h/db?pwd=hunter2"), Map.of());
        assertEquals("jdbc:mysql://h/db?pwd=***", cfg.publicView().get("conn"));
    }

    private static RunParams params(String... sets) {
        return RunParams.of(ConfigLoader.load(null, List.of(sets), Map.of()), java.time.ZonedDateTime.now());
    }
}
