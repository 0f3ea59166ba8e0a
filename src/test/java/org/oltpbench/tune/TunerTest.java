package org.oltpbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tune/restore bookkeeping against an in-memory server: what changes, what is skipped, what comes back. */
class TunerTest {
    /** Settings in a map; names in {@code refused} fail on write like seekdb's 5099 "System config unknown". */
    static final class Server implements ServerSettings {
        final Map<String, String> values = new HashMap<>();
        final Set<String> refused;
        int writes;

        Server(Map<String, String> initial, Set<String> refused) {
            values.putAll(initial);
            this.refused = refused;
        }

        @Override
        public String read(Setting s) {
            return values.get(s.name());
        }

        @Override
        public void write(Setting s, String value) throws SQLException {
            writes++;
            if (refused.contains(s.name())) throw new SQLException("System config unknown", "HY000", 5099);
            values.put(s.name(), value);
        }
    }

    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private final Tuner tuner = new Tuner(new PrintStream(buf, true, StandardCharsets.UTF_8));

    private String printed() {
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void appliesPrintsAndRestoresEveryOldValue() {
        Server s = new Server(Map.of("syslog_level", "INFO", "ob_query_timeout", "10000000"), Set.of());
        tuner.apply(s, List.of(Setting.parameter("syslog_level", "ERROR"), Setting.variable("ob_query_timeout", "36000000000")));
        assertEquals("ERROR", s.values.get("syslog_level"));
        assertEquals("36000000000", s.values.get("ob_query_timeout"));
        assertTrue(printed().contains("tune: syslog_level: INFO → ERROR"), printed());
        assertEquals(2, tuner.changes().size());
        tuner.restore(s);
        assertEquals(Map.of("syslog_level", "INFO", "ob_query_timeout", "10000000"), s.values);
        tuner.restore(s);
        assertEquals(4, s.writes, "a second restore writes nothing");
        assertEquals(2, tuner.changes().size(), "the changes stay recorded for result.json");
    }

    @Test
    void refusedAndAbsentSettingsAreReportedAndSkipped() {
        Server s = new Server(Map.of("enable_sql_audit", "True", "syslog_level", "INFO"), Set.of("enable_sql_audit"));
        tuner.apply(s, List.of(Setting.parameter("enable_sql_audit", "false"), Setting.parameter("enable_perf_event", "false"),
                Setting.parameter("syslog_level", "ERROR")));
        assertEquals(List.of(new Tuner.Change("syslog_level", "INFO", "ERROR")), tuner.changes());
        assertTrue(tuner.skipped().get("enable_sql_audit").contains("5099"), tuner.skipped().toString());
        assertEquals("not on this server", tuner.skipped().get("enable_perf_event"));
        assertTrue(printed().contains("enable_sql_audit: refused (5099: System config unknown), skipped"), printed());
        tuner.restore(s);
        assertEquals("True", s.values.get("enable_sql_audit"));
        assertEquals("INFO", s.values.get("syslog_level"));
    }

    @Test
    void equalValuesAndHigherLimitsAreKept() {
        Server s = new Server(Map.of("max_prepared_stmt_count", "2000000", "max_connections", "151", "x", "ON"), Set.of());
        tuner.apply(s, List.of(Setting.limit("max_prepared_stmt_count", "1048576"), Setting.limit("max_connections", "5000"),
                Setting.variable("x", "on")));
        assertEquals(List.of(new Tuner.Change("max_connections", "151", "5000")), tuner.changes());
        assertEquals("2000000", s.values.get("max_prepared_stmt_count"));
    }

    @Test
    void aRestoreThatFailsIsReportedAndTheRestStillRestored() {
        Server s = new Server(Map.of("a", "1", "b", "2"), Set.of());
        tuner.apply(s, List.of(Setting.variable("a", "10"), Setting.variable("b", "20")));
        Server broken = new Server(s.values, Set.of("b"));
        tuner.restore(broken);
        assertEquals("1", broken.values.get("a"));
        assertTrue(printed().contains("b: could NOT be restored to 2"), printed());
    }

    @Test
    void literals() {
        assertEquals("1048576", Setting.literal("1048576"));
        assertEquals("false", Setting.literal("false"));
        assertEquals("'ERROR'", Setting.literal("ERROR"));
        assertEquals("'it''s'", Setting.literal("it's"));
    }
}
