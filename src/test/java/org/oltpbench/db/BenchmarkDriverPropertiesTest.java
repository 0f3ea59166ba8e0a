package org.oltpbench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oltpbench.dialect.Dialects;
import org.oltpbench.result.run.Terms;

/** Issue 47: terms record the driver properties oltpbench set on the benchmark sessions, and which ones the URL set itself. */
class BenchmarkDriverPropertiesTest {
    private static Map<String, String> of(String conn, boolean serverPrepared) {
        Database db = Database.through(null, Dialects.forName("mysql"), conn);
        db.useServerPrepared(serverPrepared);
        return db.benchmarkDriverProperties();
    }

    @Test
    void mysqlConnectorJsPropertiesWithTheProtocolSettled() {
        Map<String, String> p = of("jdbc:mysql://h:3306/db", false);
        assertEquals("maxPerformance", p.get("useConfigs"));
        assertEquals("true", p.get("useLocalTransactionState"));
        assertEquals("false", p.get("useServerPrepStmts"));
        assertEquals("DISABLED", p.get("sslMode"));
        assertEquals("true", of("jdbc:mysql://h:3306/db", true).get("useServerPrepStmts"));
        assertFalse(p.containsKey("user") || p.containsKey("password"), p.toString());
    }

    /** A property the URL sets wins (the driver reads the URL's last): its value is the URL's, recorded with the front ends. */
    @Test
    void aPropertyTheUrlSetsIsMarkedAsTheUrls() {
        Map<String, String> p = of("jdbc:mariadb://h:3306/db?useServerPrepStmts=false&password=secret", true);
        assertEquals(Terms.BY_URL, p.get("useServerPrepStmts"));
        assertEquals("disable", p.get("sslMode"));
        assertFalse(p.containsValue("secret") || p.containsKey("password"), p.toString());
    }

    /** A host's own properties (mysql-connector-j's forms) win over the driver properties too: they count as the URL's. */
    @Test
    void aHostsOwnPropertiesCountAsTheUrls() {
        org.junit.jupiter.api.Assertions.assertTrue(Database.urlHas("jdbc:mysql://(host=h,port=3306,sslMode=REQUIRED)/db", "sslMode"));
        org.junit.jupiter.api.Assertions.assertTrue(Database.urlHas("jdbc:mysql://address=(host=h)(useServerPrepStmts=true)/db",
                "useServerPrepStmts"));
        assertFalse(Database.urlHas("jdbc:mysql://h:3306/db?xsslMode=1", "sslMode"));
        assertFalse(Database.urlHas("jdbc:mysql://h:3306/sslMode", "sslMode"));
    }
}
