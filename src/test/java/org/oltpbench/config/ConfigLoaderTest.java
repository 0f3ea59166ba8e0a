package org.oltpbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    @TempDir
    Path dir;

    private Path props(String text) throws IOException {
        Path p = dir.resolve("t.properties");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void defaultsComeFromKeys() {
        Config c = ConfigLoader.load(null, List.of(), Map.of());
        assertEquals(List.of(1), c.get(Keys.THREADS));
        assertEquals(10000, c.get(Keys.TABLE_SIZE));
        assertEquals(10, c.get(Keys.POINT_SELECTS));
        assertEquals("special", c.get(Keys.RAND_TYPE));
        assertTrue(c.get(Keys.AUTO_INC));
        assertFalse(c.isSet(Keys.TABLE_SIZE));
    }

    @Test
    void precedenceIsDefaultsThenFileThenEnvThenSet() throws IOException {
        Path p = props("threads=8\npassword=fromfile\ntables=3\n");
        Config c = ConfigLoader.load(p, List.of("threads=16,32", "tables=5"), Map.of(ConfigLoader.PASSWORD_ENV, "fromenv"));
        assertEquals(List.of(16, 32), c.get(Keys.THREADS));
        assertEquals(5, c.get(Keys.TABLES));
        assertEquals("fromenv", c.get(Keys.PASSWORD));
        Config d = ConfigLoader.load(p, List.of("password=fromset"), Map.of(ConfigLoader.PASSWORD_ENV, "fromenv"));
        assertEquals("fromset", d.get(Keys.PASSWORD));
    }

    @Test
    void sysbenchNamesAndAliasesResolve() throws IOException {
        Path p = props("table-size=500\nreport-interval=3\nwarmup-time=7\nmysql-user=sb\nrand-type=pareto\ndb-ps-mode=disable\n");
        Config c = ConfigLoader.load(p, List.of("point_selects=2", "SKIP_TRX=on"), Map.of());
        assertEquals(500, c.get(Keys.TABLE_SIZE));
        assertEquals(3, c.get(Keys.REPORT_INTERVAL_SECS));
        assertEquals(7, c.get(Keys.WARMUP_SECS));
        assertEquals("sb", c.get(Keys.USER));
        assertEquals("pareto", c.get(Keys.RAND_TYPE));
        assertEquals("disable", c.get(Keys.DB_PS_MODE));
        assertEquals(2, c.get(Keys.POINT_SELECTS));
        assertTrue(c.get(Keys.SKIP_TRX));
    }

    @Test
    void benchmarkSqlPropsFileLoads() throws IOException {
        Path p = props("""
                db=postgres
                driver=org.postgresql.Driver
                conn=jdbc:postgresql://localhost:5432/postgres
                user=benchmarksql
                password=PWbmsql

                warehouses=1
                loadWorkers=4

                terminals=1
                //To run specified transactions per terminal- runMins must equal zero
                runTxnsPerTerminal=10
                //To run for specified minutes- runTxnsPerTerminal must equal zero
                runMins=1
                //Number of total transactions per minute
                limitTxnsPerMin=300
                terminalWarehouseFixed=true
                newOrderWeight=45
                paymentWeight=43
                orderStatusWeight=4
                deliveryWeight=4
                stockLevelWeight=4
                resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS
                osCollectorScript=./misc/os_collector_linux.py
                osCollectorInterval=1
                //osCollectorSSHAddr=user@dbhost
                //osCollectorDevices=net_eth0 blk_sda
                """);
        Config c = ConfigLoader.load(p, List.of(), Map.of());
        assertEquals("postgres", c.get(Keys.DB));
        assertEquals(List.of(1), c.get(Keys.THREADS));
        assertEquals(300.0, c.get(Keys.LIMIT_TXNS_PER_MIN));
    }

    @Test
    void unknownKeySuggestsTheNearOne() throws IOException {
        Path p = props("tabel_size=5\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(p, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("unknown key 'tabel_size'"), e.getMessage());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'tableSize'"), e.getMessage());
    }

    @Test
    void farOffKeyGetsNoSuggestion() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(null, List.of("zzzzzzzzqqq=1"), Map.of()));
        assertFalse(e.getMessage().contains("did you mean"), e.getMessage());
    }

    @Test
    void badValueNamesKeyValueAndAllowed() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(null, List.of("threads=8,x"), Map.of()));
        assertTrue(e.getMessage().contains("threads") && e.getMessage().contains("'8,x'")
                && e.getMessage().contains("comma list"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> ConfigLoader.load(null, List.of("db=oracle"), Map.of()));
        assertTrue(e.getMessage().contains("one of auto, pgsql, mysql, mariadb, oceanbase, tidb, klustron, postgres"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> ConfigLoader.load(null, List.of("skip_trx=maybe"), Map.of()));
        assertTrue(e.getMessage().contains("true or false"), e.getMessage());
    }

    @Test
    void badPasswordValueIsNeverEchoed() {
        // password accepts any text, so test the hiding through a secret key's parse failure path
        Key<?> pw = Keys.PASSWORD;
        assertTrue(pw.secret());
        Config c = ConfigLoader.load(null, List.of("password=s3cret"), Map.of());
        assertFalse(c.publicView().toString().contains("s3cret"));
        assertFalse(c.toString().contains("s3cret"));
    }

    @Test
    void keyGivenTwiceInOneFileIsRefused() throws IOException {
        Path p = props("threads=4\nterminals=8\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(p, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("already set on line 1"), e.getMessage());
    }

    @Test
    void setWithoutEqualsIsRefused() {
        assertThrows(ConfigException.class, () -> ConfigLoader.load(null, List.of("threads"), Map.of()));
    }

    @Test
    void missingFileSaysSo() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(dir.resolve("nope.properties"), List.of(), Map.of()));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void suggestAndDistance() {
        assertEquals(1, ConfigLoader.distance("threds", "threads"));
        assertEquals("reportIntervalSecs", ConfigLoader.suggest("report-intervall"));
        assertNull(ConfigLoader.suggest("completely-unrelated-name"));
    }

    @Test
    void everyKeyDefaultParses() {
        for (Key<?> k : Keys.all()) {
            if (k.fallback() != null) k.defaultValue();
        }
    }
}
